import type { ImportPreview, PreviewCard, PreviewFormat } from '#shared/api/imports'
import { MAX_CARDS_PER_SET, splitForImport } from '#shared/api/imports'
import { Field } from '@/components/Field'
import styles from './ImportDialog.module.css'
import { type ImportChoices, isOverLimit, type SplitChoice } from './import-plan'

/** How many of each set's cards the preview shows. */
const SHOWN_CARDS = 5

const FORMAT_NAMES: Record<PreviewFormat, string> = {
  apkg: 'Anki package (.apkg)',
  colpkg: 'Anki collection (.colpkg)',
  csv: 'CSV',
  json: 'JSON',
  text: 'Text (term and definition per row)',
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

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`
}

/** A preview's picture: a media id already stored for the student. */
function Picture({ id, alt }: { id: string | null; alt: string }) {
  if (!id) return null
  return <img className={styles.picture} src={`/api/media/${encodeURIComponent(id)}`} alt={alt} loading="lazy" />
}

function CardRows({ cards }: { cards: PreviewCard[] }) {
  return (
    <ol className={styles.cards}>
      {cards.map((card, index) => (
        <li key={index} className={styles.card}>
          <div>
            <span className={styles.cardText}>{card.term}</span>
            <Picture id={card.termImage} alt={`Picture for the term ${card.term}`} />
          </div>
          <div>
            <span className={styles.cardText}>{card.definition}</span>
            <Picture id={card.definitionImage} alt={`Picture for the definition of ${card.term}`} />
          </div>
        </li>
      ))}
    </ol>
  )
}

/** What the file or text would import: nothing is saved until the student confirms. */
export function ImportPreviewView({ preview, choices, errors, onTitle, onIncluded, onSplit }: ImportPreviewViewProps) {
  const several = preview.sets.length > 1
  return (
    <section className={styles.preview} aria-label="Import preview">
      <p>
        Format found: <strong>{FORMAT_NAMES[preview.format]}</strong>.{' '}
        {preview.sets.length === 0
          ? 'Nothing can be imported.'
          : several
            ? `${preview.sets.length} sets; choose the ones to import.`
            : 'Check the set before importing it.'}
      </p>

      {preview.sets.map((set, index) => {
        const included = choices.included[index] !== false
        const title = choices.titles[index] ?? set.title
        const parts = isOverLimit(set.total) && choices.split[index] === 'split' ? splitForImport({ ...set, title: title.trim() }, 'split') : []
        return (
          <article key={index} className={styles.set} aria-label={`Set ${index + 1}: ${set.title}`}>
            {several && (
              <label className={styles.check}>
                <input type="checkbox" checked={included} onChange={(event) => onIncluded(index, event.currentTarget.checked)} />
                Import “{set.title}”
              </label>
            )}
            {included && (
              <>
                <Field
                  label={several ? `Title of set ${index + 1}` : 'Title'}
                  value={title}
                  error={errors[`title-${index}`]}
                  onChange={(event) => onTitle(index, event.currentTarget.value)}
                />
                <p className="muted">
                  {plural(set.total, 'card')}
                  {set.tags ? ` · tags ${set.tags}` : ''}
                </p>
                {isOverLimit(set.total) && (
                  <fieldset className={styles.choice}>
                    <legend>A set holds at most {MAX_CARDS_PER_SET} cards</legend>
                    <label>
                      <input type="radio" name={`split-${index}`} checked={choices.split[index] === 'split'} onChange={() => onSplit(index, 'split')} />
                      Split into sets of {MAX_CARDS_PER_SET}
                    </label>
                    <label>
                      <input type="radio" name={`split-${index}`} checked={choices.split[index] === 'first'} onChange={() => onSplit(index, 'first')} />
                      Import the first {MAX_CARDS_PER_SET}
                    </label>
                    {parts.length > 0 && (
                      <ul className={styles.parts} aria-label="Sets to be created">
                        {parts.map((part) => (
                          <li key={part.title}>
                            {part.title}: {plural(part.total, 'card')}
                          </li>
                        ))}
                      </ul>
                    )}
                  </fieldset>
                )}
                <CardRows cards={set.cards.slice(0, SHOWN_CARDS)} />
                {set.total > SHOWN_CARDS && <p className="muted">and {plural(set.total - SHOWN_CARDS, 'more card')}</p>}
              </>
            )}
          </article>
        )
      })}

      {preview.problems.length > 0 && (
        <div className={styles.problems}>
          <h3>{plural(preview.problems.length, 'problem')}</h3>
          {/* Focusable so that a keyboard can scroll a long list. */}
          <ul tabIndex={0} aria-label="Problems found">
            {preview.problems.map((problem, index) => (
              <li key={index}>{problem.message}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
