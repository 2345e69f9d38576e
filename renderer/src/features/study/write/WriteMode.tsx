import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { STUDY_CARD_PAGE_SIZE } from '#shared/limits'
import { StudyEndActions, StudyFrame, StudyLoadView, StudyPanel, StudyStats } from '@/features/study/StudyFrame'
import { answerDiff } from '#shared/study/answer-check'
import { AnswerDifference } from '@/features/study/AnswerDifference'
import { AnswerInput } from '@/features/study/AnswerInput'
import { FormulaText } from '@/components/card-side'
import { audioOf, EnginePicture, splitAnswer } from '@/features/study/card-pictures'
import { LeaveWarning } from '@/features/study/LeaveWarning'
import { forgetPlace, keepPlace, readPlace } from '@/features/study/study-place'
import { recordAnswer, saveQuietly } from '@/features/study/study-api'
import type { StudyLoad } from '@/features/study/useStudyCards'
import { useStudyCards } from '@/features/study/useStudyCards'
import { itemLanguages, type SideLanguages, SpeakButton, useSideLanguages } from '@/features/read-aloud'
import type { StudySet } from '#shared/api/sets'
import {
  batchSummary,
  canCheck,
  canOverrule,
  checkedOutcome,
  checkedResult,
  currentCard,
  initialWrite,
  isLastCardOfBatch,
  progressLine,
  type WriteCard,
  type WriteEvent,
  type WriteOutcome,
  writeProgress,
  writeReducer,
  type WriteState,
  writeTitle,
} from './write'
import styles from './Write.module.css'
import { PromptExtra } from '@/features/study/prompts/ClozeBack'
import { T, translate, useT } from '@/lib/i18n'

/**
 * /study-sets/:id/write: the student types the definition of each term, in batches of 10 (see
 * study/write.ts for the rules). This page only draws the session and passes events on; each
 * checked answer is saved for a signed-in student without ever holding up the session.
 */
export function WriteMode({ setId }: { setId: string }) {
  const t = useT()
  const { load, leftOut, leftOutKind } = useTypeableCards(useStudyCards(setId, { pageSize: STUDY_CARD_PAGE_SIZE }))
  const [state, dispatch] = useWriteSession(setId, load)
  if (load.kind === 'ready' && load.cards.length === 0 && leftOut > 0) {
    return (
      <StudyFrame title={t('write.title')} setId={setId}>
        <StudyPanel>
          <h2>{t('write.nothingToType')}</h2>
          <p>{leftOutNote(leftOut, leftOutKind)}</p>
        </StudyPanel>
      </StudyFrame>
    )
  }
  return (
    <StudyLoadView title={state ? writeTitle(state) : t('write.title')} setId={setId} load={load} emptyAction={t('write.emptyAction')}>
      {({ set }) =>
        state && (
          <>
            {leftOut > 0 && <p className={`muted ${styles.leftOut}`}>{leftOutNote(leftOut, leftOutKind)}</p>}
            <WriteSession state={state} set={set} dispatch={dispatch} />
            <LeaveWarning active={midBatch(state)} />
          </>
        )
      }
    </StudyLoadView>
  )
}

/** What the left-out definitions are: pictures alone, recordings alone, or some of each. */
export type LeftOutKind = 'picture' | 'recording' | 'picture or recording'

/** Why some cards are not asked: their definition is a picture (or a recording) alone. */
export function leftOutNote(count: number, kind: LeftOutKind = 'picture'): string {
  return translate('write.leftOut', { count, kind: kind === 'picture or recording' ? 'both' : kind })
}

/**
 * Write asks for the definition typed: a card whose definition is a picture (or a recording) alone
 * cannot be asked, so it is left out (and counted, to say so). The same cards give the same array.
 */
function useTypeableCards(load: StudyLoad): { load: StudyLoad; leftOut: number; leftOutKind: LeftOutKind } {
  return useMemo(() => {
    if (load.kind !== 'ready') return { load, leftOut: 0, leftOutKind: 'picture' }
    const typeable = load.cards.filter((card) => card.definition.trim() !== '')
    if (typeable.length === load.cards.length) return { load, leftOut: 0, leftOutKind: 'picture' }
    const left = load.cards.filter((card) => card.definition.trim() === '')
    const pictures = left.some((card) => card.definitionImage)
    const recordings = left.some((card) => !card.definitionImage)
    const leftOutKind: LeftOutKind = pictures && recordings ? 'picture or recording' : recordings ? 'recording' : 'picture'
    return { load: { ...load, cards: typeable }, leftOut: left.length, leftOutKind }
  }, [load])
}

/** Some of the batch is answered and some is not. */
const midBatch = (state: WriteState) => (state.phase === 'answering' && (state.index > 0 || state.answer !== '')) || state.phase === 'checked'

/**
 * The session over the loaded cards. A new load (another set, or the same set read again) starts
 * a fresh session: until its first event the session is derived from the cards, not stored.
 */
function useWriteSession(setId: string, load: StudyLoad): [WriteState | undefined, (event: WriteEvent) => void] {
  const [stored, setStored] = useState<WriteState>()
  const cards = load.kind === 'ready' ? load.cards : undefined
  // The place kept before a reload, else the start (study-place.ts).
  const fresh = useMemo(() => cards && (readPlace<WriteState>('write', setId, cards) ?? initialWrite(cards)), [cards, setId])
  const state = cards ? (stored?.cards === cards ? stored : fresh) : undefined
  useEffect(() => {
    if (!state) return
    if (state.phase === 'complete') forgetPlace('write', setId)
    else keepPlace('write', setId, state)
  }, [state, setId])
  const dispatch = (event: WriteEvent) => {
    if (!state) return
    const next = writeReducer(state, event)
    if (next === state) return
    setStored(next)
    const saved = answerToSave(state, next, event)
    if (saved) {
      const { cardId, outcome } = saved
      void saveQuietly(() => recordAnswer(setId, { cardId, mode: 'write', question: 'written', correct: outcome !== 'wrong', outcome }))
    }
  }
  return [state, dispatch]
}

/**
 * The answer to record after `event`, if any. A right or near-miss answer is saved when checked;
 * a wrong one only when the student moves on without overruling it, so that "I was right" is
 * saved as one overruled answer instead of a wrong answer and a second, right one.
 */
function answerToSave(before: WriteState, after: WriteState, event: WriteEvent): { cardId: string; outcome: WriteOutcome } | undefined {
  if (event.type === 'check') {
    const card = currentCard(after)
    const outcome = checkedOutcome(after)
    return card && outcome && outcome !== 'wrong' ? { cardId: card.id, outcome } : undefined
  }
  if (event.type === 'overrule' || event.type === 'next') {
    const card = currentCard(before)
    const outcome = event.type === 'overrule' ? checkedOutcome(after) : checkedOutcome(before)
    const wanted = event.type === 'overrule' ? 'overruled' : 'wrong'
    return card && outcome === wanted ? { cardId: card.id, outcome } : undefined
  }
  return undefined
}

interface SessionProps {
  state: WriteState
  set: StudySet
  dispatch: (event: WriteEvent) => void
}

function WriteSession({ state, set, dispatch }: SessionProps) {
  const spoken = useSideLanguages(set, state.cards)
  if (state.phase === 'summary') return <BatchSummaryView state={state} dispatch={dispatch} />
  if (state.phase === 'complete') return <CompleteView state={state} setId={set.id} dispatch={dispatch} />
  const card = currentCard(state)
  return card ? <CardView state={state} card={card} dispatch={dispatch} spoken={spoken} /> : null
}

function actionLabel(state: WriteState): string {
  if (state.phase === 'answering') return translate('study.checkAnswer')
  return translate(isLastCardOfBatch(state) ? 'learn.finishBatch' : 'learn.nextCard')
}

/** One card: its term, the answer box and one button that checks, then moves on. */
function CardView({ state, card, dispatch, spoken }: { state: WriteState; card: WriteCard; dispatch: SessionProps['dispatch']; spoken: SideLanguages }) {
  const t = useT()
  const inputId = useId()
  const feedbackId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const actionRef = useRef<HTMLButtonElement>(null)
  const checked = state.phase === 'checked'
  const result = checkedResult(state)
  const outcome = checkedOutcome(state)

  // A new card puts the cursor in the answer box; once checked, the box is disabled and the
  // button (now Next Card or Finish Batch) takes focus, so Enter moves on.
  useEffect(() => {
    if (checked) actionRef.current?.focus()
    else inputRef.current?.focus()
  }, [checked, outcome, state.batchNumber, state.index])

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
        <SpeakButton className={styles.speak} text={card.term} language={itemLanguages(spoken, card.id).term} side="term" audio={audioOf(card, 'term')} />
      </section>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId}>{t('learn.yourAnswer')}</label>
        <div className={styles.row}>
          <AnswerInput
            id={inputId}
            inputRef={inputRef}
            value={state.answer}
            onType={(text) => dispatch({ type: 'type', text })}
            disabled={checked}
            describedBy={feedbackId}
          />
          <button ref={actionRef} type="submit" className="button" disabled={!checked && !canCheck(state)}>
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
              <SpeakButton text={card.definition} language={itemLanguages(spoken, card.id).definition} side="definition" audio={audioOf(card, 'definition')} />
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

function verdictText(outcome: WriteOutcome): string {
  if (outcome === 'almost') return translate('write.almost')
  if (outcome === 'overruled') return translate('write.overruled')
  return translate(outcome === 'right' ? 'learn.correct' : 'study.incorrect')
}

function TermList({ heading, cards, withDefinitions = false }: { heading: string; cards: WriteCard[]; withDefinitions?: boolean }) {
  if (cards.length === 0) return null
  return (
    <section className={styles.listSection} aria-label={heading}>
      <h3 className={styles.listHeading}>
        {heading} ({cards.length})
      </h3>
      <ul className={styles.list}>
        {cards.map((card) => (
          <li key={card.id}>
            <FormulaText className={styles.listTerm} text={card.term} />
            {withDefinitions && <FormulaText className={styles.listDefinition} text={splitAnswer(card.definition).text} />}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** After each batch: how it went, what is left, and the way on (or back to the start). */
function BatchSummaryView({ state, dispatch }: { state: WriteState; dispatch: SessionProps['dispatch'] }) {
  const t = useT()
  const summary = batchSummary(state)
  const continueRef = useRef<HTMLButtonElement>(null)
  // The batch's last button is gone; Continue takes the focus so Enter carries on.
  useEffect(() => {
    continueRef.current?.focus()
  }, [summary.batchNumber])
  const stats: Array<[label: string, value: string]> = [
    [t('write.stat.correct'), String(summary.correct.length)],
    [t('write.stat.incorrect'), String(summary.incorrect.length)],
    [t('write.stat.missed'), String(summary.missed.length)],
    [t('write.stat.remaining'), String(summary.remaining)],
    [t('write.stat.processed'), `${summary.processed}/${summary.total}`],
  ]
  return (
    <StudyPanel label={t('learn.batchSummary')}>
      <h2>{t('learn.batchComplete', { batch: summary.batchNumber })}</h2>
      <StudyStats items={stats} narrow />
      <TermList heading={t('write.stat.correct')} cards={summary.correct} />
      <TermList heading={t('write.stat.incorrect')} cards={summary.incorrect} withDefinitions />
      {summary.missed.length > 0 && <p className="muted">{t('write.missedFirst')}</p>}
      <div className={styles.actions}>
        <button ref={continueRef} type="button" className="button" onClick={() => dispatch({ type: 'continue' })}>
          {t('write.continue')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => dispatch({ type: 'restart' })}>
          {t('write.restart')}
        </button>
      </div>
    </StudyPanel>
  )
}

/** Every card answered right at least once. */
function CompleteView({ state, setId, dispatch }: { state: WriteState; setId: string; dispatch: SessionProps['dispatch'] }) {
  const t = useT()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    headingRef.current?.focus()
  }, [])
  const total = state.cards.length
  const retried = state.incorrect.length
  return (
    <StudyPanel label={t('write.completeLabel')}>
      <h2 ref={headingRef} tabIndex={-1}>
        {t('write.allDone')}
      </h2>
      <p>{retried > 0 ? t('write.allCorrect.retried', { total, retried }) : t('write.allCorrect.firstTry', { total })}</p>
      <StudyEndActions setId={setId} restartLabel={t('write.restart')} onRestart={() => dispatch({ type: 'restart' })} />
    </StudyPanel>
  )
}
