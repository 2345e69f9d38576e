import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react'
import type { CardImage as CardImageData } from '#shared/api/media'
import type { Flashcard, StudySet } from '#shared/api/sets'
import type { UpdateSessionInput } from '#shared/api/study'
import { LEARN_MAX_OPTIONS, STUDY_CARD_PAGE_SIZE } from '#shared/limits'
import { StudyEndActions, StudyLoadView, StudyPanel, StudyStats } from '@/features/study/StudyFrame'
import { LeaveWarning } from '@/features/study/LeaveWarning'
import { forgetPlace, keepPlace, readPlace } from '@/features/study/study-place'
import { saveQuietly, studyApi } from '@/features/study/study-api'
import { AnswerContent, answerWords, SidePicture, withPictureAnswers } from '@/features/study/card-pictures'
import { useStudyCards } from '@/features/study/useStudyCards'
import { type SideLanguages, SpeakButton, useSideLanguages } from '@/features/study/read-aloud'
import {
  accuracyPercent,
  currentQuestion,
  type LearnAnswer,
  type LearnEvent,
  learnedCount,
  learnReducer,
  type LearnState,
  nextLabel,
  startLearn,
  unseenCount,
} from './learn'
import styles from './Learn.module.css'

/** /study-sets/:id/learn: multiple-choice questions on every card, in batches (docs/study-rules.md). */
export function LearnMode({ setId: id }: { setId: string }) {
  const load = useStudyCards(id, { pageSize: STUDY_CARD_PAGE_SIZE })
  return (
    <StudyLoadView title="Learn Mode" setId={id} load={load} emptyAction="using Learn mode">
      {({ set, cards }) => <LearnSession key={set.id} set={set} cards={cards} />}
    </StudyLoadView>
  )
}

const reduce = (state: LearnState, event: LearnEvent) => learnReducer(state, event, Math.random)

function LearnSession({ set, cards: setCards }: { set: StudySet; cards: Flashcard[] }) {
  const setId = set.id
  // Picture definitions become answer texts of their own (see card-pictures.tsx).
  const [{ cards, pictures }] = useState(() => withPictureAnswers(setCards))
  const spoken = useSideLanguages(set, cards)
  // The place kept before a reload (its last answer already saved), else the start (study-place.ts).
  const [state, dispatch] = useReducer(reduce, cards, (all) => {
    const kept = readPlace<LearnState>('learn', setId, all)
    if (kept) return { ...kept, lastAnswer: null }
    forgetPlace('learn-session', setId)
    return startLearn(all, Math.random)
  })
  useEffect(() => {
    if (state.phase !== 'finished') return keepPlace('learn', setId, state)
    forgetPlace('learn', setId)
    forgetPlace('learn-session', setId)
  }, [state, setId])
  useLearnRecords(setId, state)
  const focusTarget = useFocusOnChange(state)
  useLearnKeys(state, dispatch)

  if (state.phase === 'finished') {
    return (
      <StudyPanel label="Final statistics">
        <h2 ref={focusTarget} tabIndex={-1} className={styles.heading}>
          Congratulations! 🎉
        </h2>
        <p>You have learned all {state.cards.length} cards in this set.</p>
        <StudyStats
          items={[
            ['Cards learned', `${learnedCount(state)} of ${state.cards.length}`],
            ['Correct answers', state.correct],
            ['Incorrect answers', state.incorrect],
            ['Accuracy', `${accuracyPercent(state)}%`],
            ['Batches', state.batchNumber],
          ]}
        />
        <StudyEndActions setId={setId} restartLabel="Restart Learn Mode" onRestart={() => dispatch({ type: 'restart' })} />
      </StudyPanel>
    )
  }

  if (state.phase === 'summary') {
    return (
      <StudyPanel label="Batch summary">
        <h2 className={styles.heading}>Batch {state.batchNumber} Complete</h2>
        <StudyStats
          items={[
            ['Correct in this batch', state.batchCorrect],
            ['Incorrect in this batch', state.batchIncorrect],
            ['Cards learned', `${learnedCount(state)} of ${state.cards.length}`],
            ['Missed cards to review', state.missed.length],
            ['Cards not yet seen', unseenCount(state)],
          ]}
        />
        <LearnedBar state={state} />
        <button ref={focusTarget} type="button" className="button" onClick={() => dispatch({ type: 'continue' })}>
          Continue to Next Batch
        </button>
      </StudyPanel>
    )
  }

  return (
    <>
      <QuestionView state={state} dispatch={dispatch} focusTarget={focusTarget} cards={cards} pictures={pictures} spoken={spoken} />
      <LeaveWarning active={state.position > 0 || state.phase === 'answered'} />
    </>
  )
}

function QuestionView({
  state,
  dispatch,
  focusTarget,
  cards,
  pictures,
  spoken,
}: {
  /** The set's cards (with their pictures) and the definitions' pictures by id. */
  cards: Flashcard[]
  pictures: Map<string, CardImageData>
  /** The languages the sides are read aloud in. */
  spoken: SideLanguages
  state: LearnState
  dispatch: (event: LearnEvent) => void
  /** Given the element to focus when the view changes: the term, or Next once answered. */
  focusTarget: (element: HTMLElement | null) => void
}) {
  const termId = useId()
  const hintId = useId()
  const question = currentQuestion(state)
  if (!question) return null
  const answered = state.phase === 'answered'
  const shown = cards.find((card) => card.id === question.card.id)
  const right = answered && state.chosen === question.rightOption

  return (
    <section className={styles.question} aria-labelledby={termId}>
      <p className={styles.progress}>
        Batch {state.batchNumber} • Card {state.position + 1} of {state.batch.length} • Learned {learnedCount(state)}/{state.cards.length}
      </p>
      <LearnedBar state={state} />
      <div className={styles.termBox}>
        <p className={styles.side}>Term</p>
        {shown && <SidePicture card={shown} side="term" />}
        <h2 id={termId} ref={answered ? undefined : focusTarget} tabIndex={-1} className={styles.term}>
          {question.card.term || `Card ${shown?.position ?? ''}`}
        </h2>
        <SpeakButton className={styles.speak} text={question.card.term} language={spoken.term} side="term" />
      </div>
      <p id={hintId} className={styles.hint}>
        Choose the matching definition. Keys 1 to {question.options.length} choose, Enter goes on.
      </p>
      <div role="group" aria-labelledby={termId} aria-describedby={hintId} className={styles.options}>
        {question.options.map((text, index) => {
          const isRight = answered && index === question.rightOption
          const isWrongChoice = answered && index === state.chosen && !isRight
          const className = [styles.option, isRight ? styles.right : '', isWrongChoice ? styles.wrong : ''].join(' ')
          return (
            <button
              key={index}
              type="button"
              className={className}
              aria-pressed={state.chosen === index}
              disabled={answered}
              onClick={() => dispatch({ type: 'answer', option: index })}
            >
              <span className={styles.key} aria-hidden="true">
                {index + 1}
              </span>
              <span className={styles.optionText}>
                <AnswerContent answer={text} pictures={pictures} />
              </span>
              {isRight && (
                <span className={styles.mark}>
                  <span aria-hidden="true">✓</span> Correct answer
                </span>
              )}
              {isWrongChoice && (
                <span className={styles.mark}>
                  <span aria-hidden="true">✗</span> Your answer
                </span>
              )}
            </button>
          )
        })}
      </div>
      <div className={styles.feedback} role="status">
        {answered && (
          <p className={right ? styles.feedbackRight : styles.feedbackWrong}>
            <span aria-hidden="true">{right ? '✓ ' : '✗ '}</span>
            {right ? 'Correct!' : `Incorrect. Correct answer: ${answerWords(question.options[question.rightOption] ?? '')}`}
          </p>
        )}
      </div>
      {answered && (
        <button ref={focusTarget} type="button" className="button" onClick={() => dispatch({ type: 'next' })}>
          {nextLabel(state)}
        </button>
      )}
    </section>
  )
}

function LearnedBar({ state }: { state: LearnState }) {
  return <progress className={styles.bar} value={learnedCount(state)} max={state.cards.length} aria-label="Cards learned" />
}

/**
 * Moves focus to what comes next when the view changes, so a keyboard or screen-reader user
 * lands on it: the term of a new question, Next Card after an answer, Continue to Next Batch in
 * the summary, the heading at the end. Not on the first view: the page keeps its usual start.
 */
function useFocusOnChange(state: LearnState): (element: HTMLElement | null) => void {
  const target = useRef<HTMLElement | null>(null)
  const shown = useRef<string | null>(null)
  const view = `${state.attempt}:${state.batchNumber}:${state.position}:${state.phase}`
  useEffect(() => {
    const first = shown.current === null
    if (shown.current === view) return
    shown.current = view
    if (!first) target.current?.focus()
  }, [view])
  return useCallback((element: HTMLElement | null) => {
    target.current = element
  }, [])
}

/** Keys 1 to 4 choose an option; Enter goes on (a focused button or link handles Enter itself). */
function useLearnKeys(state: LearnState, dispatch: (event: LearnEvent) => void) {
  const phase = state.phase
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return
      const target = event.target instanceof Element ? event.target : null
      if (target?.closest('input, textarea, select, [contenteditable="true"], dialog')) return
      const digit = Number(event.key)
      if (Number.isInteger(digit) && digit >= 1 && digit <= LEARN_MAX_OPTIONS) {
        if (phase === 'question') dispatch({ type: 'answer', option: digit - 1 })
        return
      }
      if (event.key !== 'Enter' || target?.closest('button, a')) return
      if (phase === 'answered') dispatch({ type: 'next' })
      else if (phase === 'summary') dispatch({ type: 'continue' })
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [phase, dispatch])
}

/**
 * Saves a signed-in student's play-through, without ever holding up study (saveQuietly: nothing
 * for a visitor, failures ignored): a learning session per play-through, each answer with the
 * session's counts, and the session's completion at the end or on Restart.
 */
function useLearnRecords(setId: string, state: LearnState) {
  const [records] = useState(() => new LearnRecords(setId))
  const { attempt, lastAnswer, correct, incorrect, phase } = state
  const total = state.cards.length
  useEffect(() => records.begin(attempt, total), [records, attempt, total])
  useEffect(() => {
    if (lastAnswer) records.answer(attempt, lastAnswer, { correctCount: correct, incorrectCount: incorrect })
  }, [records, attempt, lastAnswer, correct, incorrect])
  useEffect(() => {
    if (phase === 'finished') records.complete(attempt)
  }, [records, attempt, phase])
}

/**
 * The learning-session calls of one Learn page, sent one after the other so the session's counts
 * arrive in order. Each step runs once however often it is asked for (React runs effects twice in
 * development), keyed by play-through and answer number.
 */
class LearnRecords {
  private queue: Promise<unknown> = Promise.resolve()
  private readonly done = new Set<string>()
  /** Learning-session ids by play-through (none for a visitor or when creating failed). */
  private readonly sessions = new Map<number, string>()

  constructor(private readonly setId: string) {}

  /**
   * Opens the play-through's session; Restart first closes the one before (docs/study-rules.md).
   * A play-through resumed after a reload goes on with the session it had (kept in the tab).
   */
  begin(attempt: number, totalCards: number): void {
    if (!this.firstTime(`begin:${attempt}`)) return
    const kept = this.keptSession()
    if (kept?.attempt === attempt) {
      this.sessions.set(attempt, kept.id)
      return
    }
    if (attempt > 1) this.complete(attempt - 1)
    this.enqueue(async () => {
      const session = await saveQuietly(() => studyApi.createSession(this.setId, totalCards))
      if (!session) return
      this.sessions.set(attempt, session.id)
      keepPlace('learn-session', this.setId, { cards: [], attempt, id: session.id })
    })
  }

  private keptSession(): { attempt: number; id: string } | undefined {
    return readPlace<{ cards: []; attempt: number; id: string }>('learn-session', this.setId, [])
  }

  /** `counts` are the play-through's answers so far, this one included. */
  answer(attempt: number, answer: LearnAnswer, counts: { correctCount: number; incorrectCount: number }): void {
    const number = counts.correctCount + counts.incorrectCount
    if (!this.firstTime(`answer:${attempt}:${number}`)) return
    // The card's progress does not depend on the session, so it goes at once.
    void saveQuietly(() =>
      studyApi.answer(this.setId, {
        cardId: answer.cardId,
        correct: answer.correct,
        mode: 'learn',
        question: answer.question,
        outcome: answer.correct ? 'right' : 'wrong',
      }),
    )
    this.enqueue(() => this.updateSession(attempt, counts))
  }

  complete(attempt: number): void {
    if (this.firstTime(`complete:${attempt}`)) this.enqueue(() => this.updateSession(attempt, { status: 'completed' }))
  }

  private async updateSession(attempt: number, input: UpdateSessionInput): Promise<void> {
    const id = this.sessions.get(attempt)
    if (id) await saveQuietly(() => studyApi.updateSession(id, input))
  }

  private firstTime(key: string): boolean {
    if (this.done.has(key)) return false
    this.done.add(key)
    return true
  }

  /** saveQuietly never rejects, so one failed call does not stop the ones after it. */
  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue.then(step)
  }
}
