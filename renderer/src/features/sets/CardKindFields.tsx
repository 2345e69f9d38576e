import { type RefObject, useId } from 'react'
import { wrapInCloze } from '#shared/cards/cloze'
import { cardPrompts } from '#shared/cards/prompts'
import { askCard } from '#shared/study/prompts'
import { FormError } from '@/components/FormError'
import { ClozeFilled } from '@/components/cloze'
import { useT } from '@/lib/i18n'
import styles from './CardKindFields.module.css'
import { cardKindOf, type CardFormValues } from './useSetForm'

interface CardKindFieldsProps {
  values: CardFormValues
  termRef: RefObject<HTMLInputElement | null>
  onTermChange: (term: string) => void
  onReverseChange: (reverse: boolean) => void
  error?: string
}

/**
 * The card editor's cloze and reverse controls (issue 26), after the text fields so Tab still goes Term -> Definition:
 * "Cloze" wraps the Term's selection in the next deletion `{{cN::...}}` (a term with a deletion is a cloze card),
 * "Also ask in reverse" for a basic card, and a live preview of each prompt the card will ask.
 */
export function CardKindFields({ values, termRef, onTermChange, onReverseChange, error }: CardKindFieldsProps) {
  const t = useT()
  const previewId = useId()
  const kind = cardKindOf(values.term)
  const cloze = () => {
    const input = termRef.current
    const start = input?.selectionStart ?? values.term.length
    const end = input?.selectionEnd ?? start
    const wrapped = wrapInCloze(values.term, start, end)
    onTermChange(wrapped.text)
    // Back to the Term with the cursor after the new deletion (inside it when nothing was selected).
    requestAnimationFrame(() => {
      input?.focus()
      input?.setSelectionRange(wrapped.cursor, wrapped.cursor)
    })
  }
  const card = { id: 'preview', term: values.term, definition: values.definition, kind, reverse: kind === 'basic' && values.reverse }
  const prompts = values.term.trim() === '' ? [] : cardPrompts(card)
  return (
    <div className={styles.kind}>
      <div className={styles.controls}>
        <button type="button" className="button button-secondary" onClick={cloze} aria-describedby={previewId} title={t('card.cloze.title')}>
          {t('card.cloze.button')}
        </button>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={kind === 'basic' && values.reverse}
            disabled={kind === 'cloze'}
            onChange={(event) => onReverseChange(event.target.checked)}
          />{' '}
          {t('card.reverse')}
        </label>
      </div>
      <FormError message={error ?? ''} />
      <section id={previewId} className={styles.preview} aria-label={t('card.asksPreview')} aria-live="polite">
        {kind === 'cloze' ? <p className={styles.hint}>{t('card.cloze.isCloze')}</p> : <p className={styles.hint}>{t('card.cloze.how')}</p>}
        {prompts.length > 0 && (
          <ol className={styles.prompts}>
            {prompts.map((prompt) => {
              const asked = askCard(card, prompt)
              return (
                <li key={prompt}>
                  <span className={styles.question}>{asked.term || '…'}</span>
                  <span aria-hidden="true"> → </span>
                  <span className="visually-hidden"> {t('card.answerColon')} </span>
                  <span className={styles.answer}>{asked.asked.filled ? <ClozeFilled filled={asked.asked.filled} /> : asked.definition || '…'}</span>
                </li>
              )
            })}
          </ol>
        )}
      </section>
    </div>
  )
}
