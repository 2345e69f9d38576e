import { useEffect, useReducer, useRef } from 'react'
import { MATCH_CARDS, MATCH_CARDS_PHONE } from '@shared/limits'
import { elapsedSeconds, initialMatch, MATCH_FEEDBACK_TEXT, type MatchCard, matchReducer, type MatchState } from './match'
import { StudyPanel } from '@/features/study/StudyFrame'
import { recordAnswer, saveQuietly, studyApi } from '@/features/study/study-api'
import styles from './Match.module.css'
import { MatchBoard } from './MatchBoard'
import { usePhoneScreen } from './usePhoneScreen'

const INSTRUCTIONS =
  'Drag terms onto their matching definitions (or vice versa) to make a match. Your goal is to match all terms and definitions as quickly as possible.'

/**
 * One set's Match game: draws the engine's state and turns clicks, drags and the clock into its
 * events. The engine owns the time; this only tells it the time once a second.
 */
export function MatchGame({ setId, cards }: { setId: string; cards: MatchCard[] }) {
  const [state, dispatch] = useReducer(matchReducer, cards, initialMatch)
  const phone = usePhoneScreen()
  const cardCount = phone ? MATCH_CARDS_PHONE : MATCH_CARDS

  const deal = () => dispatch({ type: 'start', now: Date.now(), random: Math.random, cardCount })

  // One interval per game, started with it, so the seconds turn over on time.
  useEffect(() => {
    if (state.phase !== 'playing') return
    const timer = window.setInterval(() => dispatch({ type: 'tick', now: Date.now() }), 1000)
    return () => window.clearInterval(timer)
  }, [state.phase, state.round])

  // Each pair found goes to the review log once (keyed by game and pair number).
  const savedPair = useRef('')
  useEffect(() => {
    const found = state.lastPair
    const key = `${state.round}:${state.correct}`
    if (!found || savedPair.current === key) return
    savedPair.current = key
    const correct = found.outcome === 'right'
    void saveQuietly(() => recordAnswer(setId, { cardId: found.cardId, mode: 'match', correct, question: 'matching', outcome: found.outcome }))
  }, [state.lastPair, state.round, state.correct, setId])

  // Each finished game is sent once (a signed-in student only; failures are ignored).
  const savedRound = useRef(0)
  useEffect(() => {
    if (state.phase !== 'finished' || savedRound.current === state.round) return
    savedRound.current = state.round
    const result = { timeTaken: elapsedSeconds(state), correctMatches: state.correct, incorrectMatches: state.incorrect }
    void saveQuietly(() => studyApi.matchResult(setId, result))
  }, [state, setId])

  if (state.phase === 'not_started') {
    return (
      <StudyPanel label="Instructions">
        <h2>Instructions</h2>
        <p>{INSTRUCTIONS}</p>
        <button type="button" className="button" onClick={deal}>
          Start Game
        </button>
      </StudyPanel>
    )
  }
  if (state.phase === 'finished') return <GameOver state={state} onPlayAgain={deal} />
  return (
    <div className={styles.game}>
      <div className={styles.stats}>
        <p>
          Time: <strong>{elapsedSeconds(state)}s</strong>
        </p>
        <p>
          Correct: <strong>{state.correct}</strong>
        </p>
        <p>
          Incorrect: <strong>{state.incorrect}</strong>
        </p>
        <button type="button" className="button button-secondary" onClick={deal}>
          Restart
        </button>
      </div>
      <FeedbackBanner state={state} />
      <MatchBoard
        key={state.round}
        terms={state.terms}
        definitions={state.definitions}
        selectedId={state.selectedId}
        onDrop={(draggedId, targetId) => dispatch({ type: 'drop', draggedId, targetId, now: Date.now() })}
        onSelect={(itemId) => dispatch({ type: 'select', itemId, now: Date.now() })}
      />
    </div>
  )
}

/**
 * The outcome of the latest pairing. The live region stays in place; its text node is replaced on
 * every attempt so that the same message twice in a row is announced twice.
 */
function FeedbackBanner({ state }: { state: MatchState }) {
  const { feedback } = state
  const tone = feedback === 'correct' ? styles.correct : styles.incorrect
  return (
    <div className={styles.feedback} role="status" aria-live="polite">
      {feedback && (
        <p key={state.correct + state.incorrect} className={tone}>
          {MATCH_FEEDBACK_TEXT[feedback]}
        </p>
      )}
    </div>
  )
}

function GameOver({ state, onPlayAgain }: { state: MatchState; onPlayAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The board the player was on is gone: take the focus to the result.
  useEffect(() => heading.current?.focus(), [])
  return (
    <StudyPanel label="Game Over">
      <p className={styles.correct}>All matches complete!</p>
      <h2 ref={heading} tabIndex={-1}>
        Game Over!
      </h2>
      <ul className={styles.results}>
        <li>
          Time: <strong>{elapsedSeconds(state)}s</strong>
        </li>
        <li>
          Correct Matches: <strong>{state.correct}</strong>
        </li>
        <li>
          Incorrect Attempts: <strong>{state.incorrect}</strong>
        </li>
      </ul>
      <button type="button" className="button" onClick={onPlayAgain}>
        Play Again
      </button>
    </StudyPanel>
  )
}
