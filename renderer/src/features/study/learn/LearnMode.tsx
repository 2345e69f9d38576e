import { useEffect, useId, useMemo, useState } from 'react'
import type { CardImage as CardImageData } from '#shared/api/media'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { LEARN_MAX_OPTIONS, STUDY_CARD_PAGE_SIZE } from '#shared/limits'
import { StudyEndActions, StudyLoadView, StudyStats, StudySummary } from '@/features/study/StudyFrame'
import { StudySession, useFocusTarget } from '@/features/study/StudySession'
import { forgetPlace } from '@/features/study/study-place'
import { type StudyEngine, useStudySession } from '@/features/study/useStudySession'
import { useStudyOptions } from '@/features/study/useStudyOptions'
import { FormulaText } from '@/components/card-side'
import { AnswerContent, answerWords, SidePicture, withPictureAnswers } from '@/components/card-pictures'
import { useStudyCards } from '@/features/study/useStudyCards'
import { itemLanguages, type SideLanguages, useSideLanguages } from '@/features/read-aloud'
import { SpeakSlot } from '@/lib/study-slots'
import {
  accuracyPercent,
  currentQuestion,
  type LearnEvent,
  learnedCount,
  learnReducer,
  type LearnState,
  midBatch,
  nextLabel,
  resumeLearn,
  startLearn,
  unseenCount,
} from './learn'
import { useLearnRecords } from './learn-records'
import { LearnSetup } from './LearnSetup'
import { LearnChoices } from './LearnChoices'
import { LearnWritten } from './LearnWritten'
import { T, useT } from '@/lib/i18n'
import styles from './Learn.module.css'

/** /study-sets/:id/learn: every card asked in the student's question types, in batches (docs/study-rules.md). */
export function LearnMode({ setId: id }: { setId: string }) {
  const t = useT()
  const load = useStudyCards(id, { pageSize: STUDY_CARD_PAGE_SIZE })
  return (
    <StudyLoadView title={t('learn.title')} setId={id} load={load} emptyAction={t('learn.emptyAction')}>
      {({ set, cards }) => <LearnSession key={set.id} set={set} cards={cards} />}
    </StudyLoadView>
  )
}

const reduce = (state: LearnState, event: LearnEvent) => learnReducer(state, event, Math.random)
const finished = (state: LearnState) => state.phase === 'finished'

function LearnSession({ set, cards: setCards }: { set: StudySet; cards: Flashcard[] }) {
  const setId = set.id
  // Picture definitions become answer texts of their own (see card-pictures.tsx).
  const [{ cards, pictures }] = useState(() => withPictureAnswers(setCards))
  const spoken = useSideLanguages(set, cards)
  // The question types kept for the set (issue 31; loaded before the cards are shown, see useStudyCards).
  const types = useStudyOptions(setId).options.learnQuestionTypes
  // The place kept before a reload (its last answer already saved) goes on in the types chosen since (learn.ts).
  const engine = useMemo(
    (): StudyEngine<LearnState, LearnEvent> => ({
      mode: 'learn',
      start: (all) => {
        forgetPlace('learn-session', setId)
        return startLearn(all, Math.random, types)
      },
      resume: (kept) => resumeLearn(kept, types, Math.random),
      reduce,
      finished,
    }),
    [setId, types],
  )
  const [state, dispatch] = useStudySession(setId, cards, engine)
  useLearnRecords(setId, state)
  useLearnKeys(state, dispatch)
  // Not on the first view: the page keeps its usual start.
  const view = `${state.attempt}:${state.batchNumber}:${state.position}:${state.phase}`
  return (
    <StudySession view={view} midway={midBatch(state)}>
      <LearnView setId={setId} state={state} dispatch={dispatch} cards={cards} pictures={pictures} spoken={spoken} />
    </StudySession>
  )
}

/** The session's state drawn: a question, a batch's summary, or the end. */
function LearnView({ setId, state, dispatch, ...cardsAndLanguages }: QuestionProps & { setId: string }) {
  const t = useT()
  const focusTarget = useFocusTarget()
  const setup = <LearnSetup setId={setId} types={state.types} onApply={(chosen) => dispatch({ type: 'types', types: chosen })} />

  if (state.phase === 'finished') {
    return (
      <StudySummary label={t('study.finalStats')} heading={t('learn.congratulations')} focus headingClassName={styles.heading} top={setup}>
        <p>{t('learn.learnedAll', { count: state.cards.length })}</p>
        <StudyStats
          items={[
            [t('learn.stat.learned'), t('learn.stat.learnedOf', { learned: learnedCount(state), total: state.cards.length })],
            [t('learn.stat.correct'), state.correct],
            [t('learn.stat.incorrect'), state.incorrect],
            [t('learn.stat.accuracy'), t('common.percent', { value: accuracyPercent(state) })],
            [t('learn.stat.batches'), state.batchNumber],
          ]}
        />
        <StudyEndActions setId={setId} restartLabel={t('learn.restart')} onRestart={() => dispatch({ type: 'restart' })} />
      </StudySummary>
    )
  }

  if (state.phase === 'summary') {
    return (
      <StudySummary
        label={t('learn.batchSummary')}
        heading={t('learn.batchComplete', { batch: state.batchNumber })}
        headingClassName={styles.heading}
        top={setup}
      >
        <StudyStats
          items={[
            [t('learn.stat.batchCorrect'), state.batchCorrect],
            [t('learn.stat.batchIncorrect'), state.batchIncorrect],
            [t('learn.stat.learned'), t('learn.stat.learnedOf', { learned: learnedCount(state), total: state.cards.length })],
            [t('learn.stat.missed'), state.missed.length],
            [t('learn.stat.unseen'), unseenCount(state)],
          ]}
        />
        <LearnedBar state={state} />
        <button ref={focusTarget} type="button" className="button" onClick={() => dispatch({ type: 'continue' })}>
          {t('learn.continue')}
        </button>
      </StudySummary>
    )
  }

  return (
    <>
      {setup}
      <QuestionView state={state} dispatch={dispatch} {...cardsAndLanguages} />
    </>
  )
}

interface QuestionProps {
  /** The set's cards (with their pictures) and the definitions' pictures by id. */
  cards: Flashcard[]
  pictures: Map<string, CardImageData>
  /** The languages the sides are read aloud in. */
  spoken: SideLanguages
  state: LearnState
  dispatch: (event: LearnEvent) => void
}

function QuestionView({ state, dispatch, cards, pictures, spoken }: QuestionProps) {
  const t = useT()
  // Takes the focus when the view changes: the term, or Next once answered (the answer box: LearnWritten).
  const focusTarget = useFocusTarget()
  const termId = useId()
  const hintId = useId()
  const question = currentQuestion(state)
  if (!question) return null
  const answered = state.phase === 'answered'
  const written = question.kind === 'written'
  const shown = cards.find((card) => card.id === question.card.id)
  // The question is read in its side's language, the options in the answers' (a reverse item swaps them).
  const languages = itemLanguages(spoken, question.card.id)

  return (
    <section className={styles.question} aria-labelledby={termId}>
      <p className={styles.progress}>
        {t('learn.progress', {
          batch: state.batchNumber,
          card: state.position + 1,
          batchSize: state.batch.length,
          learned: learnedCount(state),
          total: state.cards.length,
        })}
      </p>
      <LearnedBar state={state} />
      <div className={styles.termBox}>
        <p className={styles.side}>{t('card.term')}</p>
        {shown && <SidePicture card={shown} side="term" />}
        <h2 id={termId} ref={answered || written ? undefined : focusTarget} tabIndex={-1} className={styles.term}>
          {question.card.term ? <FormulaText text={question.card.term} /> : t('learn.cardNumber', { position: shown?.position ?? '' })}
        </h2>
        <SpeakSlot className={styles.speak} text={question.card.term} language={languages.term} side="term" audio={shown?.termAudio} />
      </div>
      {question.shown !== undefined && (
        <div className={styles.proposal}>
          <T id="test.means" components={{ 0: <FormulaText text={answerWords(question.shown)} /> }} />
          <AnswerContent answer={question.shown} pictures={pictures} pictureOnly />
        </div>
      )}
      <p id={hintId} className={styles.hint}>
        {written ? t('learn.hint.written') : question.shown !== undefined ? t('learn.hint.trueFalse') : t('learn.hint', { count: question.options.length })}
      </p>
      {written ? (
        <LearnWritten state={state} question={question} dispatch={dispatch} />
      ) : (
        <LearnChoices state={state} question={question} dispatch={dispatch} termId={termId} hintId={hintId} cards={cards} pictures={pictures} spoken={spoken} />
      )}
      {answered && (
        <button ref={focusTarget} type="button" className="button" onClick={() => dispatch({ type: 'next' })}>
          {nextLabel(state) === 'Next Card' ? t('learn.nextCard') : t('learn.finishBatch')}
        </button>
      )}
    </section>
  )
}

function LearnedBar({ state }: { state: LearnState }) {
  const t = useT()
  return <progress className={styles.bar} value={learnedCount(state)} max={state.cards.length} aria-label={t('learn.stat.learned')} />
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
