import { useEffect, useState } from 'react'
import type { GameSummary } from '#shared/api/games'
import { errorMessage } from '@/lib/api'
import { downloadResults, gamesApi } from './games-api'
import { StartGameLink } from './StartGameLink'
import styles from './Games.module.css'

/** The teacher's class page: start a live game on an assigned set, and the results of past games as CSV. */
export function ClassGames({ classId, hasSets }: { classId: string; hasSets: boolean }) {
  const [games, setGames] = useState<GameSummary[] | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    const abort = new AbortController()
    gamesApi
      .classGames(classId, abort.signal)
      .then((found) => setGames(found.items))
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(errorMessage(failure))
      })
    return () => abort.abort()
  }, [classId])

  const download = async (gameId: string) => {
    setError('')
    try {
      await downloadResults(gameId)
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  return (
    <section className={styles.classGames} aria-labelledby="class-games-heading">
      <h2 id="class-games-heading">Live games</h2>
      {hasSets ? <StartGameLink classId={classId} className="button" /> : <p className="muted">Assign a set to play it as a live game.</p>}
      {games && games.length > 0 && (
        <ul className={styles.gameList}>
          {games.map((game) => (
            <li key={game.id}>
              <span>
                {game.setTitle}, {new Date(game.created).toLocaleString()}: {game.playerCount} {game.playerCount === 1 ? 'player' : 'players'}
                {game.status === 'ended' ? '' : ' (not finished)'}
              </span>
              <button type="button" className="button button-secondary" onClick={() => void download(game.id)}>
                Results CSV
                <span className="visually-hidden">
                  {' '}
                  of {game.setTitle}, {new Date(game.created).toLocaleString()}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="alert-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
