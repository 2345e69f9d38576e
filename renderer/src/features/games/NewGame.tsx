import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { type GameMode } from '#shared/api/games'
import { api, errorMessage, fieldErrorsOf } from '@/lib/api'
import { useServerData } from '@/lib/server-data'
import { gamesApi } from './games-api'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { FormError } from '@/components/FormError'
import { Field, SelectField } from '@/components/Field'
import styles from './Games.module.css'
import { useT } from '@/lib/i18n'
import { GAME_LIMITS } from '#shared/limits'

interface SetChoice {
  id: string
  title: string
}

/**
 * /games/new?setId=...&classId=...: the host chooses solo or teams, the number of questions and
 * the seconds per question, and the game opens on the host's screen. From a class page the set is
 * one of the class's assigned sets.
 */
export function NewGame({ setId: givenSetId, classId }: { setId?: string; classId?: string }) {
  const t = useT()
  useDocumentTitle(t('games.new.title'))
  const navigate = useNavigate()
  const [mode, setMode] = useState<GameMode>('solo')
  const [questionCount, setQuestionCount] = useState(String(GAME_LIMITS.questionsDefault))
  const [seconds, setSeconds] = useState(String(GAME_LIMITS.secondsDefault))
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<Record<string, string>>({})

  // The sets to choose from: the class's assigned sets, or the one set the game was started from.
  const choices = useServerData(classId || givenSetId ? `game-sets:${classId ?? ''}:${givenSetId ?? ''}` : null, (signal) =>
    classId
      ? api('GET /api/classes/:id', { params: { id: classId }, signal }).then((found): SetChoice[] => found.sets)
      : api('GET /api/sets/:id', { params: { id: givenSetId ?? '' }, signal }).then((found): SetChoice[] => [{ id: found.id, title: found.title }]),
  )
  const sets = choices.state === 'ready' ? choices.data : null
  // The first set is chosen until the host picks another.
  const [picked, setSetId] = useState(givenSetId ?? '')
  const setId = picked || sets?.[0]?.id || ''
  const [sendError, setError] = useState('')
  const error = choices.state === 'failed' ? errorMessage(choices.error) : sendError

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError('')
    setFields({})
    try {
      const game = await gamesApi.create({
        setId,
        mode,
        questionCount: Number(questionCount),
        secondsPerQuestion: Number(seconds),
        ...(classId ? { classId } : {}),
      })
      navigate(`/games/${encodeURIComponent(game.id)}/host`)
    } catch (failure) {
      setFields(fieldErrorsOf(failure))
      setError(errorMessage(failure))
      setBusy(false)
    }
  }

  return (
    <section className={styles.newGame} aria-labelledby="new-game-heading">
      <h1 id="new-game-heading">{t('games.new.title')}</h1>
      <p className="muted">{t('games.new.intro')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.joinForm}>
        <SelectField label={t('games.new.set')} value={setId} error={fields.setId} onChange={(event) => setSetId(event.target.value)}>
          {(sets ?? []).map((set) => (
            <option key={set.id} value={set.id}>
              {set.title}
            </option>
          ))}
        </SelectField>
        <fieldset className={styles.modeChoice}>
          <legend>{t('games.new.play')}</legend>
          <label>
            <input type="radio" name="mode" value="solo" checked={mode === 'solo'} onChange={() => setMode('solo')} /> {t('games.new.solo')}
          </label>
          <label>
            <input type="radio" name="mode" value="teams" checked={mode === 'teams'} onChange={() => setMode('teams')} />{' '}
            {t('games.new.teams', { size: GAME_LIMITS.teamSize })}
          </label>
        </fieldset>
        <Field
          label={t('games.new.questions', { min: GAME_LIMITS.questionsMin, max: GAME_LIMITS.questionsMax })}
          type="number"
          min={GAME_LIMITS.questionsMin}
          max={GAME_LIMITS.questionsMax}
          value={questionCount}
          error={fields.questionCount}
          onChange={(event) => setQuestionCount(event.target.value)}
        />
        <Field
          label={t('games.new.seconds', { min: GAME_LIMITS.secondsMin, max: GAME_LIMITS.secondsMax })}
          type="number"
          min={GAME_LIMITS.secondsMin}
          max={GAME_LIMITS.secondsMax}
          value={seconds}
          error={fields.secondsPerQuestion}
          onChange={(event) => setSeconds(event.target.value)}
        />
        <FormError message={Object.keys(fields).length === 0 ? error : ''} />
        <button type="submit" className="button" disabled={busy || !setId}>
          {t('games.new.submit')}
        </button>
      </form>
    </section>
  )
}
