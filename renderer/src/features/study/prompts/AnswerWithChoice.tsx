import { useId } from 'react'
import { ANSWER_WITH, type AnswerWith } from '#shared/study/prompts'
import { type MessageId, useT } from '@/lib/i18n'
import styles from './Prompts.module.css'

const LABELS: Record<AnswerWith, MessageId> = {
  definition: 'study.answerWith.definition',
  term: 'study.answerWith.term',
  both: 'study.answerWith.both',
}

/**
 * "Answer with: Definition / Term / Both" for a study session (Quizlet's choice, issue 26): which of the cards'
 * prompts are asked (shared/study/prompts.ts, selectPrompts). Shown only where a card is asked in reverse.
 */
export function AnswerWithChoice({ value, onChange }: { value: AnswerWith; onChange: (value: AnswerWith) => void }) {
  const t = useT()
  const name = useId()
  return (
    <fieldset className={styles.answerWith}>
      <legend>{t('study.answerWith')}</legend>
      {ANSWER_WITH.map((option) => (
        <label key={option}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} /> {t(LABELS[option])}
        </label>
      ))}
    </fieldset>
  )
}
