import { type FormEvent, useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { GAME_LIMITS, type GameMode } from '#shared/api/games'
import { api, errorMessage, fieldErrorsOf } from '@/lib/api'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { FormError } from '@/components/FormError'
import { Field, SelectField } from '@/components/Field'
import styles from './Games.module.css'

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
  useDocumentTitle('Start a live game')
  const navigate = useNavigate()
  const [sets, setSets] = useState<SetChoice[] | null>(null)
  const [setId, setSetId] = useState(givenSetId ?? '')
  const [mode, setMode] = useState<GameMode>('solo')
  const [questionCount, setQuestionCount] = useState(String(GAME_LIMITS.questionsDefault))
  const [seconds, setSeconds] = useState(String(GAME_LIMITS.secondsDefault))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [fields, setFields] = useState<Record<string, string>>({})

  useEffect(() => {
    const abort = new AbortController()
    const path = classId ? `/classes/${encodeURIComponent(classId)}` : givenSetId ? `/sets/${encodeURIComponent(givenSetId)}` : null
    if (!path) return
    api
      .get<{ id: string; title: string; sets?: SetChoice[] }>(path, { signal: abort.signal })
      .then((found) => {
        const choices = classId ? (found.sets ?? []) : [{ id: found.id, title: found.title }]
        setSets(choices)
        setSetId((current) => current || choices[0]?.id || '')
      })
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(errorMessage(failure))
      })
    return () => abort.abort()
  }, [classId, givenSetId])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError('')
    setFields({})
    try {
      const game = await api.post<{ id: string }>('/games', {
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
      <h1 id="new-game-heading">Start a live game</h1>
      <p className="muted">Players join on their phones with the code on your screen. No account needed.</p>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.joinForm}>
        <SelectField label="Set" value={setId} error={fields.setId} onChange={(event) => setSetId(event.target.value)}>
          {(sets ?? []).map((set) => (
            <option key={set.id} value={set.id}>
              {set.title}
            </option>
          ))}
        </SelectField>
        <fieldset className={styles.modeChoice}>
          <legend>Play</legend>
          <label>
            <input type="radio" name="mode" value="solo" checked={mode === 'solo'} onChange={() => setMode('solo')} /> Solo
          </label>
          <label>
            <input type="radio" name="mode" value="teams" checked={mode === 'teams'} onChange={() => setMode('teams')} /> In teams of up to 4
          </label>
        </fieldset>
        <Field
          label={`Questions (${GAME_LIMITS.questionsMin} to ${GAME_LIMITS.questionsMax})`}
          type="number"
          min={GAME_LIMITS.questionsMin}
          max={GAME_LIMITS.questionsMax}
          value={questionCount}
          error={fields.questionCount}
          onChange={(event) => setQuestionCount(event.target.value)}
        />
        <Field
          label={`Seconds per question (${GAME_LIMITS.secondsMin} to ${GAME_LIMITS.secondsMax})`}
          type="number"
          min={GAME_LIMITS.secondsMin}
          max={GAME_LIMITS.secondsMax}
          value={seconds}
          error={fields.secondsPerQuestion}
          onChange={(event) => setSeconds(event.target.value)}
        />
        <FormError message={Object.keys(fields).length === 0 ? error : ''} />
        <button type="submit" className="button" disabled={busy || !setId}>
          Open the Game
        </button>
      </form>
    </section>
  )
}
