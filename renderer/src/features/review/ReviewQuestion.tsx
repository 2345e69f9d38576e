import { type FormEvent, useId, useState } from 'react'
import type { DueItem } from '#shared/api/memory'
import { AnswerContent } from '@/components/card-pictures'
import { useT } from '@/lib/i18n'
import { answerChoice, answerTyped, type ReviewResult } from './review'
import styles from './Review.module.css'

/** The definition chosen among the options; the right one (and a wrong choice) show once answered. */
export function ChoiceQuestion({
  item,
  options,
  result,
  onAnswer,
}: {
  item: DueItem
  options: string[]
  result: ReviewResult | null
  onAnswer: (result: ReviewResult) => void
}) {
  const t = useT()
  return (
    <div className={styles.options} role="group" aria-label={t('review.session.chooseDefinition')}>
      {options.map((option) => {
        const chosen = result?.ask === 'choice' && result.chosen === option
        const right = result !== null && option === item.card.definition
        const className = [styles.option, right ? styles.right : '', chosen && !right ? styles.wrong : ''].join(' ')
        return (
          <button
            key={option}
            type="button"
            className={className}
            disabled={result !== null}
            aria-pressed={chosen}
            onClick={() => onAnswer(answerChoice(item, option))}
          >
            <AnswerContent answer={option} />
          </button>
        )
      })}
    </div>
  )
}

/** The definition typed and checked. */
export function TypedQuestion({ item, result, onAnswer }: { item: DueItem; result: ReviewResult | null; onAnswer: (result: ReviewResult) => void }) {
  const t = useT()
  const [typed, setTyped] = useState('')
  const inputId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (result || typed.trim() === '') return
    onAnswer(answerTyped(item, typed))
  }
  return (
    <form className={styles.typed} onSubmit={submit}>
      <label htmlFor={inputId}>{t('review.session.typeDefinition')}</label>
      <input
        id={inputId}
        type="text"
        autoComplete="off"
        autoFocus
        value={typed}
        readOnly={result !== null}
        onChange={(event) => setTyped(event.target.value)}
      />
      <button type="submit" className="button" disabled={result !== null || typed.trim() === ''}>
        {t('study.checkAnswer')}
      </button>
    </form>
  )
}
