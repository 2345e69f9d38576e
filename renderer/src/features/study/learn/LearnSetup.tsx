import { type FormEvent, useId, useState } from 'react'
import { LEARN_QUESTION_TYPES } from '#shared/api/habits'
import { QuestionTypesField, SetupProblem, useQuestionTypeNames } from '@/features/study/QuestionTypes'
import { useStudyOptions } from '@/features/study/useStudyOptions'
import { useT } from '@/lib/i18n'
import type { LearnQuestionType } from './learn'
import styles from './Learn.module.css'

/**
 * Learn's set-up (issue 31): the question types, closed to one line naming them. Apply keeps the
 * choice as the set's `learnQuestionTypes` (a signed-in student's; a visitor's lasts for the page)
 * and asks the questions not yet answered in them; with none ticked it says why Apply is disabled.
 */
export function LearnSetup({ setId, types, onApply }: { setId: string; types: readonly LearnQuestionType[]; onApply: (types: LearnQuestionType[]) => void }) {
  const t = useT()
  const { save } = useStudyOptions(setId)
  const [open, setOpen] = useState(false)
  const [chosen, setChosen] = useState<LearnQuestionType[] | null>(null)
  const value = chosen ?? [...types]
  const problemId = useId()
  const problem = value.length === 0 ? t('test.problem.noKinds') : null
  const names = useQuestionTypeNames(types)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (problem) return
    save({ learnQuestionTypes: value })
    onApply(value)
    setChosen(null)
    setOpen(false)
  }
  return (
    <details className={styles.setup} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('learn.setup.summary', { types: names })}</summary>
      <form className={styles.setupForm} onSubmit={submit}>
        <QuestionTypesField offered={LEARN_QUESTION_TYPES} value={value} onChange={setChosen} />
        <SetupProblem id={problemId} problem={problem} />
        <button type="submit" className="button" disabled={problem !== null} aria-describedby={problem ? problemId : undefined}>
          {t('learn.setup.apply')}
        </button>
      </form>
    </details>
  )
}
