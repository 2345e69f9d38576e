import { type FormEvent, useId, useState } from 'react'
import { DAILY_GOAL } from '#shared/limits'
import { errorMessage } from '@/lib/api'
import { useMySettings } from './useMySettings'
import { reviewApi } from './review-api'
import { SaveStatus, type SaveStatusValue } from './SaveStatus'
import styles from './MemorySettingsPanel.module.css'
import { useT } from '@/lib/i18n'

/** Every time zone this browser knows (falls back to the student's own and UTC). */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return [...new Set(['UTC', current, ...known])].sort()
}

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`

/**
 * The profile's goal and reminders (issue 31): answers a day, the time zone days are counted in
 * (guessed from the browser on first sign-in), and an email reminder at a chosen hour, or none.
 */
export function HabitSettingsPanel({ className }: { className?: string }) {
  const t = useT()
  const loaded = useMySettings()
  const settings = loaded.state === 'ready' ? loaded.data : null
  // What the student has changed in the form, until it is saved (then the saved values show).
  const [chosen, setChosen] = useState<{ goal?: number; timeZone?: string; reminder?: string }>({})
  const goal = chosen.goal ?? settings?.dailyGoal ?? DAILY_GOAL.default
  const timeZone = chosen.timeZone ?? settings?.timeZone ?? 'UTC'
  const reminder = chosen.reminder ?? (settings ? (settings.reminderEmail === null ? 'off' : String(settings.reminderEmail)) : 'off')
  const setGoal = (value: number) => setChosen((current) => ({ ...current, goal: value }))
  const setTimeZone = (value: string) => setChosen((current) => ({ ...current, timeZone: value }))
  const setReminder = (value: string) => setChosen((current) => ({ ...current, reminder: value }))
  const [saveStatus, setStatus] = useState<SaveStatusValue>({ kind: 'idle' })
  const status = loaded.state === 'failed' && saveStatus.kind === 'idle' ? { kind: 'error' as const, message: errorMessage(loaded.error) } : saveStatus
  const [busy, setBusy] = useState(false)
  const id = useId()

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setStatus({ kind: 'idle' })
    try {
      const answer = await reviewApi.updateSettings({ dailyGoal: goal, timeZone, reminderEmail: reminder === 'off' ? null : Number(reminder) })
      loaded.update(() => answer)
      setChosen({})
      setStatus({ kind: 'saved', message: t('habits.saved') })
    } catch (failure) {
      setStatus({ kind: 'error', message: errorMessage(failure) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={`${styles.section} ${className ?? ''}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('habits.heading')}</h2>
      <form className={styles.form} onSubmit={(event) => void save(event)}>
        <label htmlFor={`${id}-goal`}>{t('habits.goal')}</label>
        <input
          id={`${id}-goal`}
          type="number"
          inputMode="numeric"
          min={DAILY_GOAL.min}
          max={DAILY_GOAL.max}
          step={1}
          value={goal}
          onChange={(event) => setGoal(Math.round(Number(event.target.value)))}
        />
        <label htmlFor={`${id}-zone`}>{t('habits.timeZone')}</label>
        <select id={`${id}-zone`} value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
          {timeZones(timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-reminder`}>{t('habits.reminder')}</label>
        <select id={`${id}-reminder`} value={reminder} onChange={(event) => setReminder(event.target.value)}>
          <option value="off">{t('habits.off')}</option>
          {Array.from({ length: 24 }, (_, hour) => (
            <option key={hour} value={String(hour)}>
              {t('habits.at', { time: hourLabel(hour) })}
            </option>
          ))}
        </select>
        <div>
          <button type="submit" className="button" disabled={busy || settings === null}>
            {t('habits.save')}
          </button>
        </div>
      </form>
      <SaveStatus status={status} />
    </section>
  )
}
