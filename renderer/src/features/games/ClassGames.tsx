import { useState } from 'react'
import { errorMessage } from '@/lib/api'
import { useServerData } from '@/lib/server-data'
import { downloadResults, gamesApi } from './games-api'
import { StartGameLink } from './StartGameLink'
import styles from './Games.module.css'
import { formatDateTime, useT } from '@/lib/i18n'
import { FormError } from '@/components/FormError'

/** The teacher's class page: start a live game on an assigned set, and the results of past games as CSV. */
export function ClassGames({ classId, hasSets }: { classId: string; hasSets: boolean }) {
  const t = useT()
  const loaded = useServerData(`class-games:${classId}`, (signal) => gamesApi.classGames(classId, signal))
  const games = loaded.state === 'ready' ? loaded.data.items : null
  const [downloadError, setError] = useState('')
  const error = loaded.state === 'failed' ? errorMessage(loaded.error) : downloadError

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
      <h2 id="class-games-heading">{t('games.liveGames')}</h2>
      {hasSets ? <StartGameLink classId={classId} className="button" /> : <p className="muted">{t('games.assignFirst')}</p>}
      {games && games.length > 0 && (
        <ul className={styles.gameList}>
          {games.map((game) => (
            <li key={game.id}>
              <span>
                {t('games.classGame', {
                  title: game.setTitle,
                  date: formatDateTime(game.created),
                  count: game.playerCount,
                  ended: String(game.status === 'ended'),
                })}
              </span>
              <button type="button" className="button button-secondary" onClick={() => void download(game.id)}>
                {t('games.resultsCsv')}
                <span className="visually-hidden"> {t('games.resultsOf', { title: game.setTitle, date: formatDateTime(game.created) })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={error} />
    </section>
  )
}
