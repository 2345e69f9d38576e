import { type FormEvent, useId } from 'react'
import { answerDiff } from '#shared/study/answer-check'
import { FormulaText } from '@/components/card-side'
import { AnswerDifference } from '@/features/study/AnswerDifference'
import { AnswerInput } from '@/features/study/AnswerInput'
import { audioOf, EnginePicture, splitAnswer } from '@/components/card-pictures'
import { PromptExtra } from '@/components/cloze'
import { useFocusTarget } from '@/features/study/StudySession'
import { itemLanguages, type SideLanguages } from '@/features/read-aloud'
import { SpeakSlot } from '@/lib/study-slots'
import { T, translate, useT } from '@/lib/i18n'
import {
  canCheck,
  canOverrule,
  checkedOutcome,
  checkedResult,
  isLastCardOfBatch,
  progressLine,
  type WriteCard,
  type WriteEvent,
  type WriteOutcome,
  writeProgress,
  type WriteState,
} from './write'
import styles from './Write.module.css'

function actionLabel(state: WriteState): string {
  if (state.phase === 'answering') return translate('study.checkAnswer')
  return translate(isLastCardOfBatch(state) ? 'learn.finishBatch' : 'learn.nextCard')
}

function verdictText(outcome: WriteOutcome): string {
  if (outcome === 'almost') return translate('write.almost')
  if (outcome === 'overruled') return translate('write.overruled')
  return translate(outcome === 'right' ? 'learn.correct' : 'study.incorrect')
}

interface CardViewProps {
  state: WriteState
  card: WriteCard
  dispatch: (event: WriteEvent) => void
  spoken: SideLanguages
}

/** One card: its term, the answer box and one button that checks, then moves on. */
export function WriteCardView({ state, card, dispatch, spoken }: CardViewProps) {
  const t = useT()
  const inputId = useId()
  const feedbackId = useId()
  // A new card puts the cursor in the answer box; once checked, the box is disabled and the
  // button (now Next Card or Finish Batch) takes the focus, so Enter moves on (StudySession).
  const focusTarget = useFocusTarget()
  const checked = state.phase === 'checked'
  const result = checkedResult(state)
  const outcome = checkedOutcome(state)

  // A <form> gives Enter for free: it checks the answer, or goes on after a check. With a blank
  // answer the button is disabled, and the browser then does not submit on Enter.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    dispatch(checked ? { type: 'next' } : { type: 'check' })
  }

  return (
    <div className={styles.play}>
      <p className={styles.progress}>{progressLine(writeProgress(state))}</p>
      <section className={styles.card} aria-label={t('card.term')}>
        <span className={styles.side}>{t('card.term')}</span>
        <EnginePicture card={card} side="term" text={card.term} />
        {card.term && (
          <p className={styles.term}>
            <FormulaText text={card.term} />
          </p>
        )}
        <SpeakSlot className={styles.speak} text={card.term} language={itemLanguages(spoken, card.id).term} side="term" audio={audioOf(card, 'term')} />
      </section>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId}>{t('learn.yourAnswer')}</label>
        <div className={styles.row}>
          <AnswerInput
            id={inputId}
            inputRef={checked ? undefined : focusTarget}
            value={state.answer}
            onType={(text) => dispatch({ type: 'type', text })}
            disabled={checked}
            describedBy={feedbackId}
          />
          <button ref={checked ? focusTarget : undefined} type="submit" className="button" disabled={!checked && !canCheck(state)}>
            {actionLabel(state)}
          </button>
        </div>
      </form>
      {/* Always present, so screen readers announce the feedback when it appears. */}
      <div id={feedbackId} role="status" aria-live="polite" className={styles.feedbackArea}>
        {result !== undefined && outcome !== undefined && (
          <div className={`${styles.feedback} ${result ? styles.right : styles.wrong}`}>
            <p className={styles.verdict}>{verdictText(outcome)}</p>
            {outcome === 'almost' && <AnswerDifference parts={answerDiff(state.answer, card.definition)} />}
            <p className={styles.answer}>
              <T id="study.correctAnswerIs" components={{ 0: <FormulaText text={splitAnswer(card.definition).text} /> }} />
              <SpeakSlot text={card.definition} language={itemLanguages(spoken, card.id).definition} side="definition" audio={audioOf(card, 'definition')} />
            </p>
            <EnginePicture card={card} side="definition" text={card.definition} size="small" />
            <PromptExtra card={card} />
            {canOverrule(state) && (
              <button type="button" className={`button button-secondary ${styles.overrule}`} onClick={() => dispatch({ type: 'overrule' })}>
                {t('study.iWasRight')}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  )
}
