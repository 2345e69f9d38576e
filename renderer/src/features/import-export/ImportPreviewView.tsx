import type { ImportPreview, PreviewCard, PreviewFormat } from '#shared/api/imports'
import { splitForImport } from '#shared/api/imports'
import { Field } from '@/components/Field'
import styles from './ImportDialog.module.css'
import { type ImportChoices, isOverLimit, type SplitChoice } from './import-plan'
import { type MessageId, T, useT } from '@/lib/i18n'
import { IMPORT_LIMITS } from '#shared/limits'

/** How many of each set's cards the preview shows. */
const SHOWN_CARDS = 5

const FORMAT_NAMES: Record<PreviewFormat, MessageId> = {
  apkg: 'import.format.apkg',
  colpkg: 'import.format.colpkg',
  csv: 'import.format.csv',
  json: 'import.format.json',
  text: 'import.format.text',
}

interface ImportPreviewViewProps {
  preview: ImportPreview
  choices: ImportChoices
  /** Field errors by `title-<set index>` and `description`. */
  errors: Record<string, string>
  onTitle: (index: number, title: string) => void
  onIncluded: (index: number, included: boolean) => void
  onSplit: (index: number, choice: SplitChoice) => void
}

/** A preview's picture: a media id already stored for the student. */
function Picture({ id, alt }: { id: string | null; alt: string }) {
  if (!id) return null
  return <img className={styles.picture} src={`/api/media/${encodeURIComponent(id)}`} alt={alt} loading="lazy" />
}

function CardRows({ cards }: { cards: PreviewCard[] }) {
  const t = useT()
  return (
    <ol className={styles.cards}>
      {cards.map((card, index) => (
        <li key={index} className={styles.card}>
          <div>
            <span className={styles.cardText}>{card.term}</span>
            <Picture id={card.termImage} alt={t('import.preview.termPicture', { term: card.term })} />
          </div>
          <div>
            <span className={styles.cardText}>{card.definition}</span>
            <Picture id={card.definitionImage} alt={t('import.preview.definitionPicture', { term: card.term })} />
          </div>
        </li>
      ))}
    </ol>
  )
}

/** What the file or text would import: nothing is saved until the student confirms. */
export function ImportPreviewView({ preview, choices, errors, onTitle, onIncluded, onSplit }: ImportPreviewViewProps) {
  const t = useT()
  const several = preview.sets.length > 1
  return (
    <section className={styles.preview} aria-label={t('import.preview.label')}>
      <p>
        <T id="import.preview.format" values={{ format: t(FORMAT_NAMES[preview.format]) }} components={{ 0: <strong /> }} />{' '}
        {preview.sets.length === 0
          ? t('import.preview.nothing')
          : several
            ? t('import.preview.several', { count: preview.sets.length })
            : t('import.preview.one')}
      </p>

      {preview.sets.map((set, index) => {
        const included = choices.included[index] !== false
        const title = choices.titles[index] ?? set.title
        const parts = isOverLimit(set.total) && choices.split[index] === 'split' ? splitForImport({ ...set, title: title.trim() }, 'split') : []
        return (
          <article key={index} className={styles.set} aria-label={t('import.preview.set', { number: index + 1, title: set.title })}>
            {several && (
              <label className={styles.check}>
                <input type="checkbox" checked={included} onChange={(event) => onIncluded(index, event.currentTarget.checked)} />
                {t('import.preview.include', { title: set.title })}
              </label>
            )}
            {included && (
              <>
                <Field
                  label={several ? t('import.preview.titleOf', { number: index + 1 }) : t('sets.field.title')}
                  value={title}
                  error={errors[`title-${index}`]}
                  onChange={(event) => onTitle(index, event.currentTarget.value)}
                />
                <p className="muted">
                  {t('sets.cardCount', { count: set.total })}
                  {set.tags ? ` · ${t('import.preview.tags', { tags: set.tags })}` : ''}
                </p>
                {isOverLimit(set.total) && (
                  <fieldset className={styles.choice}>
                    <legend>{t('import.split.legend', { max: IMPORT_LIMITS.cards })}</legend>
                    <label>
                      <input type="radio" name={`split-${index}`} checked={choices.split[index] === 'split'} onChange={() => onSplit(index, 'split')} />
                      {t('import.split.split', { max: IMPORT_LIMITS.cards })}
                    </label>
                    <label>
                      <input type="radio" name={`split-${index}`} checked={choices.split[index] === 'first'} onChange={() => onSplit(index, 'first')} />
                      {t('import.split.first', { max: IMPORT_LIMITS.cards })}
                    </label>
                    {parts.length > 0 && (
                      <ul className={styles.parts} aria-label={t('import.split.parts')}>
                        {parts.map((part) => (
                          <li key={part.title}>{t('import.split.part', { title: part.title, count: part.total })}</li>
                        ))}
                      </ul>
                    )}
                  </fieldset>
                )}
                <CardRows cards={set.cards.slice(0, SHOWN_CARDS)} />
                {set.total > SHOWN_CARDS && <p className="muted">{t('import.preview.more', { count: set.total - SHOWN_CARDS })}</p>}
              </>
            )}
          </article>
        )
      })}

      {preview.problems.length > 0 && (
        <div className={styles.problems}>
          <h3>{t('import.problems.count', { count: preview.problems.length })}</h3>
          {/* Focusable so that a keyboard can scroll a long list. */}
          <ul tabIndex={0} aria-label={t('import.problems.label')}>
            {preview.problems.map((problem, index) => (
              <li key={index}>{problem.message}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
