import type { TEST_QUESTION_TYPES } from '#shared/api/habits'
import { formatList, type MessageId, useT } from '@/lib/i18n'
import styles from './QuestionTypes.module.css'

/** Every question type a mode's set-up may offer (Learn offers the first three, Test all four). */
export type QuestionType = (typeof TEST_QUESTION_TYPES)[number]

const LABELS: Record<QuestionType, MessageId> = {
  multiple_choice: 'test.kind.multipleChoice',
  true_false: 'test.kind.trueFalse',
  written: 'test.kind.written',
  matching: 'test.kind.matching',
}

/** The question types of a set-up (Test's and Learn's, issue 31) as checkboxes, in the order offered. */
export function QuestionTypesField<K extends QuestionType>({
  offered,
  value,
  onChange,
}: {
  offered: readonly K[]
  value: readonly K[]
  onChange: (value: K[]) => void
}) {
  const t = useT()
  return (
    <fieldset className={styles.types}>
      <legend>{t('test.kinds')}</legend>
      {offered.map((type) => (
        <label key={type} className={styles.type}>
          <input
            type="checkbox"
            checked={value.includes(type)}
            onChange={(event) => onChange(event.target.checked ? offered.filter((k) => k === type || value.includes(k)) : value.filter((k) => k !== type))}
          />
          {t(LABELS[type])}
        </label>
      ))}
    </fieldset>
  )
}

/** Why a set-up's Start (or Apply) is disabled, shown beside it and named by its aria-describedby. */
export function SetupProblem({ id, problem }: { id: string; problem: string | null }) {
  if (!problem) return null
  return (
    <p id={id} className="alert-error" role="alert">
      {problem}
    </p>
  )
}

/** The names of the chosen types, for a summary line ("Multiple choice and Written"). */
export function useQuestionTypeNames(types: readonly QuestionType[]): string {
  const t = useT()
  return formatList(types.map((type) => t(LABELS[type])))
}
