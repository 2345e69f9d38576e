import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { MATCH_CARDS, MATCH_CARDS_PHONE } from '#shared/limits'
import { elapsedSeconds, initialMatch, type MatchCard, matchReducer, type MatchState } from './match'
import { useAuth } from '@/features/auth'
import { useServerData } from '@/lib/server-data'
import { StudyPanel, StudySummary } from '@/features/study/StudyFrame'
import { StudySession } from '@/features/study/StudySession'
import { recordStudyAnswer, saveQuietly, studyApi } from '@/features/study/study-api'
import styles from './Match.module.css'
import type { StudySet } from '#shared/api/sets'
import { useSideLanguages } from '@/features/read-aloud'
import { MatchBoard } from './MatchBoard'
import { usePhoneScreen } from './usePhoneScreen'
import { T, useT } from '@/lib/i18n'

/**
 * One set's Match game: draws the engine's state and turns clicks, drags and the clock into its
 * events. The engine owns the time; this only tells it the time once a second.
 */
export function MatchGame({ set, cards }: { set: StudySet; cards: MatchCard[] }) {
  const t = useT()
  const setId = set.id
  const spoken = useSideLanguages(set, cards)
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
    void recordStudyAnswer(setId, { cardId: found.cardId, mode: 'match', correct, question: 'matching', outcome: found.outcome })
  }, [state.lastPair, state.round, state.correct, setId])

  // Each finished game is sent once (a signed-in student only; failures are ignored), and counts
  // toward the student's best time here at once.
  const best = useBestTime(setId)
  const savedRound = useRef(0)
  const bestBefore = useRef<number | null>(null)
  useEffect(() => {
    if (state.phase !== 'finished' || savedRound.current === state.round) return
    savedRound.current = state.round
    const result = { timeTaken: elapsedSeconds(state), correctMatches: state.correct, incorrectMatches: state.incorrect }
    void saveQuietly(() => studyApi.matchResult(setId, result))
    bestBefore.current = best.time ?? null
    best.record(result.timeTaken)
  }, [state, setId, best])

  // The game drawn in the study shell: the result's heading takes the focus when the game is over.
  return (
    <StudySession view={state.phase}>
      {state.phase === 'not_started' ? (
        <StudyPanel label={t('match.instructions')}>
          <h2>{t('match.instructions')}</h2>
          <p>{t('match.instructionsText')}</p>
          {best.time !== undefined && best.time !== null && (
            <p>
              <T id="match.yourBest" values={{ seconds: best.time }} components={{ 0: <strong /> }} />
            </p>
          )}
          <button type="button" className="button" onClick={deal}>
            {t('match.start')}
          </button>
        </StudyPanel>
      ) : state.phase === 'finished' ? (
        <GameOver state={state} best={best.time} bestBefore={bestBefore.current} onPlayAgain={deal} />
      ) : (
        <div className={styles.game}>
          <div className={styles.stats}>
            <p>
              <T id="match.time" values={{ seconds: elapsedSeconds(state) }} components={{ 0: <strong /> }} />
            </p>
            <p>
              <T id="match.correct" values={{ count: state.correct }} components={{ 0: <strong /> }} />
            </p>
            <p>
              <T id="match.incorrect" values={{ count: state.incorrect }} components={{ 0: <strong /> }} />
            </p>
            <button type="button" className="button button-secondary" onClick={deal}>
              {t('match.restart')}
            </button>
          </div>
          <FeedbackBanner state={state} />
          <MatchBoard
            key={state.round}
            terms={state.terms}
            definitions={state.definitions}
            spoken={spoken}
            selectedId={state.selectedId}
            onDrop={(draggedId, targetId) => dispatch({ type: 'drop', draggedId, targetId, now: Date.now() })}
            onSelect={(itemId) => dispatch({ type: 'select', itemId, now: Date.now() })}
          />
        </div>
      )}
    </StudySession>
  )
}

/**
 * The outcome of the latest pairing. The live region stays in place; its text node is replaced on
 * every attempt so that the same message twice in a row is announced twice.
 */
function FeedbackBanner({ state }: { state: MatchState }) {
  const t = useT()
  const { feedback } = state
  const tone = feedback === 'correct' ? styles.correct : styles.incorrect
  return (
    <div className={styles.feedback} role="status" aria-live="polite">
      {feedback && (
        <p key={state.correct + state.incorrect} className={tone}>
          {feedback === 'correct' ? t('match.feedback.correct') : t('match.feedback.incorrect')}
        </p>
      )}
    </div>
  )
}

/**
 * The signed-in student's best Match time on the set (GET /api/sets/:id/match-results/best):
 * undefined for a visitor or until it is read, null before the first finished game.
 */
function useBestTime(setId: string) {
  const userId = useAuth()?.user.id
  const signedIn = userId !== undefined
  // The fastest game finished on this page (the server's best may still be loading).
  const [played, setPlayed] = useState<number | null | undefined>(undefined)
  const best = useServerData(userId ? `match-best:${userId}:${setId}` : null, (signal) => studyApi.bestMatchTime(setId, signal))
  const time = best.state === 'ready' ? fastest(played, best.data.bestTime) : played
  const record = useCallback(
    (seconds: number) => {
      if (signedIn) setPlayed((known) => fastest(known, seconds))
    },
    [signedIn],
  )
  return useMemo(() => ({ time, record }), [time, record])
}

/** The faster of two best times, either of which may not be known (undefined) or not exist yet (null). */
function fastest(known: number | null | undefined, other: number | null): number | null {
  if (known === undefined || known === null) return other
  return other === null ? known : Math.min(known, other)
}

function GameOver({
  state,
  best,
  bestBefore,
  onPlayAgain,
}: {
  state: MatchState
  /** The best time with this game counted (undefined for a visitor). */
  best: number | null | undefined
  /** The best time before this game (null if it was the first). */
  bestBefore: number | null
  onPlayAgain: () => void
}) {
  const t = useT()
  const seconds = elapsedSeconds(state)
  const newBest = best !== undefined && best !== null && (bestBefore === null || seconds < bestBefore)
  // The board the player was on is gone: the focus goes to the result (StudySession).
  return (
    <StudySummary label={t('match.gameOverLabel')} heading={t('match.gameOver')} focus top={<p className={styles.correct}>{t('match.allComplete')}</p>}>
      <ul className={styles.results}>
        <li>
          <T id="match.time" values={{ seconds }} components={{ 0: <strong /> }} />
        </li>
        {best !== undefined && best !== null && (
          <li>
            <T id="match.best" values={{ seconds: best }} components={{ 0: <strong /> }} />
            {newBest && <span className={styles.newBest}> {t('match.newBest')}</span>}
          </li>
        )}
        <li>
          <T id="match.correctMatches" values={{ count: state.correct }} components={{ 0: <strong /> }} />
        </li>
        <li>
          <T id="match.incorrectAttempts" values={{ count: state.incorrect }} components={{ 0: <strong /> }} />
        </li>
      </ul>
      <button type="button" className="button" onClick={onPlayAgain}>
        {t('match.playAgain')}
      </button>
    </StudySummary>
  )
}
