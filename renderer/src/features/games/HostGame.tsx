import { useCallback, useState } from 'react'
import { Link } from 'react-router-dom'
import { type Game, playPath } from '#shared/api/games'
import { useAuth } from '@/features/auth'
import { sharingBridge, useDesktopSharing } from '@/features/classes'
import { errorMessage } from '@/lib/api'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { secondsLeft } from './game-state'
import { CHOICE_MARKS, Leaderboard, Podium, SideView, TeamBadge, TeamBoard } from './GameParts'
import { downloadResults, gameEventsUrl, gamesApi } from './games-api'
import { QrCode } from './QrCode'
import { useGame } from './useGame'
import { useNow } from './useNow'
import styles from './Games.module.css'
import { FormError } from '@/components/FormError'
import { T, useT } from '@/lib/i18n'

/** The address phones open: the desktop app's shared LAN address while sharing, else this page's own. */
function useJoinOrigin(): string {
  const [bridge] = useState(sharingBridge)
  const [status] = useDesktopSharing(bridge)
  if (status?.sharing && status.url) return status.url.replace(/\/$/, '')
  return window.location.origin
}

/**
 * /games/:id/host: the host's screen for a projector (large type, high contrast, 1280x720): the
 * code and QR code in the lobby, then each question with its countdown and how many answered, the
 * answer with how many picked each choice and the leaderboard, and the podium at the end.
 */
export function HostGame({ gameId }: { gameId: string }) {
  const t = useT()
  const auth = useAuth()
  const token = auth?.token ?? ''
  const load = useCallback((signal?: AbortSignal) => gamesApi.hostGet(gameId, signal), [gameId])
  const { game, error, live, reload } = useGame(token ? load : null, token ? gameEventsUrl(gameId, token) : null)
  const [busy, setBusy] = useState(false)
  const [actionError, setActionError] = useState('')
  const origin = useJoinOrigin()
  useDocumentTitle(game ? t('games.liveGameCode', { code: game.code }) : t('games.liveGame'))

  const act = async (step: 'start' | 'next') => {
    setBusy(true)
    setActionError('')
    try {
      await (step === 'start' ? gamesApi.start(gameId) : gamesApi.next(gameId))
    } catch (failure) {
      setActionError(errorMessage(failure))
      await reload()
    } finally {
      setBusy(false)
    }
  }

  if (!game) {
    return error ? (
      <FormError message={error} />
    ) : (
      <p className="muted" role="status">
        {t('games.loading')}
      </p>
    )
  }
  const joinUrl = `${origin}${playPath(game.code)}`
  return (
    <div className={styles.host}>
      <header className={styles.hostHead}>
        <h1>{game.setTitle}</h1>
        <p className={styles.codeLine}>
          <T id="games.code" values={{ code: game.code }} components={{ 0: <strong className={styles.code} /> }} />
        </p>
        {!live && (
          <p className={styles.notice} role="status">
            {t('games.reconnecting')}
          </p>
        )}
      </header>
      <FormError message={actionError} />
      {game.status === 'lobby' && <Lobby game={game} joinUrl={joinUrl} busy={busy} onStart={() => void act('start')} />}
      {(game.status === 'question' || game.status === 'reveal') && <HostQuestion game={game} token={token} busy={busy} onNext={() => void act('next')} />}
      {game.status === 'ended' && <HostEnd game={game} />}
    </div>
  )
}

function Lobby({ game, joinUrl, busy, onStart }: { game: Game; joinUrl: string; busy: boolean; onStart: () => void }) {
  const t = useT()
  return (
    <section className={styles.lobby} aria-labelledby="lobby-heading">
      <div className={styles.joinPanel}>
        <h2 id="lobby-heading">{t('games.joinOnPhone')}</h2>
        <p className={styles.joinUrl}>{joinUrl}</p>
        <QrCode text={joinUrl} label={t('games.qrCodeOf', { url: joinUrl })} />
      </div>
      <div className={styles.playersPanel}>
        <h2>{t('games.playerCount', { count: game.players.length })}</h2>
        <ul className={styles.playerList} aria-live="polite">
          {game.players.map((player) => (
            <li key={player.id}>{player.nickname}</li>
          ))}
        </ul>
        <button type="button" className={`button ${styles.bigButton}`} disabled={busy || game.players.length === 0} onClick={onStart}>
          {t('games.start')}
        </button>
        {game.players.length === 0 && <p className="muted">{t('games.startsOnceJoined')}</p>}
      </div>
    </section>
  )
}

function HostQuestion({ game, token, busy, onNext }: { game: Game; token: string; busy: boolean; onNext: () => void }) {
  const t = useT()
  const question = game.question
  const reveal = game.reveal
  const now = useNow(game.status === 'question' ? 250 : 0)
  if (!question) return null
  const left = secondsLeft(question.endsAt, now)
  const last = question.index + 1 >= question.total
  return (
    <section className={styles.question} aria-labelledby="question-heading">
      <div className={styles.questionBar}>
        <h2 id="question-heading">{t('games.questionOf', { number: question.index + 1, total: question.total })}</h2>
        {game.status === 'question' ? (
          <>
            <p className={styles.countdown} aria-label={t('games.secondsLeft', { count: left })}>
              {left}
            </p>
            <p className={styles.answered} role="status">
              {t('games.answeredOf', { answered: question.answered, players: game.players.length })}
            </p>
          </>
        ) : (
          <p className={styles.answered}>{t('games.timeUp')}</p>
        )}
      </div>
      <p className={styles.prompt}>
        <SideView side={question.prompt} token={token} large />
      </p>
      <ol className={styles.choices}>
        {question.choices.map((choice, index) => {
          const mark = CHOICE_MARKS[index] ?? CHOICE_MARKS[0]
          const right = reveal?.correctChoice === index
          return (
            <li key={mark.letter} className={`${styles.choice} ${mark.className} ${reveal && !right ? styles.dimmed : ''}`}>
              <span className={styles.shape} aria-hidden="true">
                {mark.shape}
              </span>
              <span className={styles.choiceText}>
                <span className="visually-hidden">{mark.letter}: </span>
                <SideView side={choice} token={token} />
              </span>
              {reveal && (
                <span className={styles.pickCount}>
                  {right ? (
                    <T id="games.pickedRight" values={{ count: reveal.counts[index] ?? 0 }} components={{ 0: <span className={styles.rightMark} /> }} />
                  ) : (
                    t('games.picked', { count: reveal.counts[index] ?? 0 })
                  )}
                </span>
              )}
            </li>
          )
        })}
      </ol>
      {reveal && (
        <div className={styles.standings}>
          <h2>{t('games.leaderboard')}</h2>
          <Leaderboard standings={reveal.scores} limit={5} />
          <TeamBoard teams={reveal.teams} />
        </div>
      )}
      <button type="button" className={`button ${styles.bigButton}`} disabled={busy} onClick={onNext}>
        {game.status === 'question' ? t('games.showAnswer') : last ? t('games.showPodium') : t('games.nextQuestion')}
      </button>
    </section>
  )
}

function HostEnd({ game }: { game: Game }) {
  const t = useT()
  const [error, setError] = useState('')
  const download = async () => {
    setError('')
    try {
      await downloadResults(game.id)
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }
  return (
    <section className={styles.end} aria-labelledby="end-heading">
      <h2 id="end-heading">{t('games.podium')}</h2>
      <Podium standings={game.standings} />
      {game.teams.length > 0 && (
        <p className={styles.winningTeam}>
          <T id="games.winningTeam" values={{ count: game.teams[0]!.score }} components={{ 0: <TeamBadge team={game.teams[0]!.team} /> }} />
        </p>
      )}
      <div className={styles.endActions}>
        <button type="button" className="button" onClick={() => void download()}>
          {t('games.downloadResults')}
        </button>
        {game.classId && (
          <Link className="button button-secondary" to={`/classes/${encodeURIComponent(game.classId)}`}>
            {t('games.backToClass')}
          </Link>
        )}
      </div>
      <FormError message={error} />
    </section>
  )
}
