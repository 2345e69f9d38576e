import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { type Game, normalizeGameCode, playPath } from '#shared/api/games'
import { useAuth } from '@/features/auth'
import { ApiError, errorMessage, fieldErrorsOf } from '@/lib/api'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { FormError } from '@/components/FormError'
import { Field } from '@/components/Field'
import { placeOf, secondsLeft } from './game-state'
import { CHOICE_MARKS, Leaderboard, Podium, SideView, TeamBadge } from './GameParts'
import { gameEventsUrl, gamesApi, type Seat, seats } from './games-api'
import { useGame } from './useGame'
import { useNow } from './useNow'
import styles from './Games.module.css'
import { T, useT } from '@/lib/i18n'
import { GAME_LIMITS } from '#shared/limits'

/**
 * /play and /play/:code: a phone joins a live game with its code and a nickname (a signed-in
 * student plays under their username), then answers each question with four big buttons. The
 * seat is kept on the phone: a reload or a dropped connection gets back in with the same score.
 */
export function PlayGame({ code }: { code?: string }) {
  const t = useT()
  useDocumentTitle(t('games.play.title'))
  const [seat, setSeat] = useState<Seat | undefined>(() => seats.load(code))
  const [notice, setNotice] = useState('')
  const lost = useCallback((message: string) => {
    seats.forget()
    setSeat(undefined)
    setNotice(message)
  }, [])
  if (!seat) return <JoinForm code={code} notice={notice} onJoined={setSeat} />
  return <Playing seat={seat} onLost={lost} />
}

function JoinForm({ code: initialCode, notice, onJoined }: { code?: string; notice: string; onJoined: (seat: Seat) => void }) {
  const t = useT()
  const auth = useAuth()
  const navigate = useNavigate()
  const [code, setCode] = useState(initialCode ?? '')
  const [nickname, setNickname] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [fields, setFields] = useState<Record<string, string>>({})

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError('')
    setFields({})
    try {
      const joined = await gamesApi.join({ code: normalizeGameCode(code), ...(auth ? {} : { nickname }) })
      const seat = { gameId: joined.game.id, code: joined.game.code, playerToken: joined.playerToken }
      seats.save(seat)
      if (initialCode !== joined.game.code) navigate(playPath(joined.game.code), { replace: true })
      onJoined(seat)
    } catch (failure) {
      setFields(fieldErrorsOf(failure))
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.play} aria-labelledby="join-heading">
      <h1 id="join-heading">{t('games.play.join')}</h1>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <form className={styles.joinForm} onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={t('games.play.code')}
          className={styles.codeInput}
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          value={code}
          error={fields.code}
          onChange={(event) => setCode(event.target.value)}
        />
        {auth ? (
          <p className="muted">{t('games.play.as', { username: auth.user.username })}</p>
        ) : (
          <Field
            label={t('games.play.nickname')}
            autoComplete="nickname"
            maxLength={GAME_LIMITS.nickname}
            value={nickname}
            error={fields.nickname}
            onChange={(event) => setNickname(event.target.value)}
          />
        )}
        <FormError message={Object.keys(fields).length === 0 ? error : ''} />
        <button type="submit" className={`button ${styles.bigButton}`} disabled={busy}>
          {t('games.play.submit')}
        </button>
      </form>
    </section>
  )
}

function Playing({ seat, onLost }: { seat: Seat; onLost: (message: string) => void }) {
  const t = useT()
  const load = useCallback((signal?: AbortSignal) => gamesApi.playerGet(seat.gameId, seat.playerToken, signal), [seat])
  const { game, error } = useGame(load, gameEventsUrl(seat.gameId, seat.playerToken))
  useEffect(() => {
    if (!game && error) onLost(t('games.play.lost'))
  }, [game, error, onLost, t])

  if (!game || !game.me) {
    return (
      <p className="muted" role="status">
        {t('games.play.joining')}
      </p>
    )
  }
  return (
    <section className={styles.play} aria-label={t('games.liveGame')}>
      <p className={styles.meLine}>
        <span className={styles.nickname}>{game.me.nickname}</span>
        {game.me.team && <TeamBadge team={game.me.team} />}
        <span className={styles.score}>{t('games.points', { count: game.me.score })}</span>
      </p>
      {game.status === 'lobby' && (
        <div className={styles.waiting}>
          <h1>{t('games.play.in')}</h1>
          <p>{t('games.play.soon')}</p>
        </div>
      )}
      {game.status === 'question' && <PlayQuestion game={game} seat={seat} />}
      {game.status === 'reveal' && <PlayReveal game={game} />}
      {game.status === 'ended' && <PlayEnd game={game} />}
    </section>
  )
}

function PlayQuestion({ game, seat }: { game: Game; seat: Seat }) {
  const t = useT()
  const question = game.question
  const now = useNow(250)
  const [sent, setSent] = useState<{ index: number; choice: number } | null>(null)
  const [error, setError] = useState('')
  if (!question) return null
  const answered = sent?.index === question.index || game.me?.answeredIndex === question.index
  const left = secondsLeft(question.endsAt, now)

  const choose = async (choice: number) => {
    setError('')
    setSent({ index: question.index, choice })
    try {
      await gamesApi.answer(seat.gameId, seat.playerToken, question.index, choice)
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.status === 409)) setSent(null)
      setError(errorMessage(failure))
    }
  }

  return (
    <div className={styles.playQuestion}>
      <h1 className={styles.playHeading}>
        {t('games.questionOf', { number: question.index + 1, total: question.total })}
        <span className={styles.playCountdown} aria-label={t('games.secondsLeft', { count: left })}>
          {left}
        </span>
      </h1>
      <h2 className={styles.playPrompt}>
        <SideView side={question.prompt} token={seat.playerToken} large />
      </h2>
      {answered ? (
        <p className={styles.waiting} role="status">
          {t('games.play.sent')}
        </p>
      ) : (
        <div className={styles.buttons}>
          {question.choices.map((choice, index) => {
            const mark = CHOICE_MARKS[index] ?? CHOICE_MARKS[0]
            return (
              <button
                key={mark.letter}
                type="button"
                className={`${styles.answerButton} ${mark.className}`}
                disabled={left === 0}
                onClick={() => void choose(index)}
              >
                <span className={styles.shape} aria-hidden="true">
                  {mark.shape}
                </span>
                <span className="visually-hidden">{mark.letter}: </span>
                <SideView side={choice} token={seat.playerToken} />
              </button>
            )
          })}
        </div>
      )}
      <FormError message={error} />
    </div>
  )
}

/** How many players a phone's leaderboard shows after each question. */
const TOP_PLAYERS = 5

function PlayReveal({ game }: { game: Game }) {
  const t = useT()
  const reveal = game.reveal
  const me = game.me
  if (!reveal || !me) return null
  const mine = reveal.scores.find((player) => player.id === me.id)
  const right = (mine?.points ?? 0) > 0
  const place = placeOf(reveal.scores, me.id)
  const answer = game.question?.choices[reveal.correctChoice]
  return (
    <div className={styles.reveal}>
      <h1 className={right ? styles.right : styles.wrong}>{right ? t('games.play.right') : t('games.play.noPoints')}</h1>
      <p>{t('games.play.gained', { count: mine?.points ?? 0 })}</p>
      {answer && (
        <p>
          <T id="games.play.answer" values={{ answer: answer.text || CHOICE_MARKS[reveal.correctChoice]?.letter }} components={{ 0: <strong /> }} />
        </p>
      )}
      {place !== undefined && <p className={styles.place}>{t('games.play.place', { place, count: reveal.scores.length })}</p>}
      <h2>{t('games.play.top', { count: TOP_PLAYERS })}</h2>
      <Leaderboard standings={reveal.scores} limit={TOP_PLAYERS} highlight={me.id} />
    </div>
  )
}

function PlayEnd({ game }: { game: Game }) {
  const t = useT()
  const me = game.me
  const place = me ? placeOf(game.standings, me.id) : undefined
  return (
    <div className={styles.reveal}>
      <h1>{t('games.play.over')}</h1>
      {place !== undefined && <p className={styles.place}>{t('games.play.finished', { place, count: game.standings.length, score: me?.score ?? 0 })}</p>}
      <Podium standings={game.standings} />
    </div>
  )
}
