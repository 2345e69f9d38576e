import { type FormEvent, useEffect, useId, useState } from 'react'
import type { MemorySettings } from '#shared/api/memory'
import { DESIRED_RETENTION, DESIRED_RETENTION_HINT } from '#shared/study/retention'
import { errorMessage } from '@/lib/api'
import { reviewApi } from './review-api'
import styles from './MemorySettingsPanel.module.css'

/** Hands a file to the browser as a download. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * The profile's memory section: desired retention (0.80 to 0.97) with its trade-off, whether the
 * student's own fitted parameters or the defaults schedule their cards, and their review log.
 */
export function MemorySettingsPanel({ className }: { className?: string }) {
  const [settings, setSettings] = useState<MemorySettings | null>(null)
  const [retention, setRetention] = useState<number>(DESIRED_RETENTION.default)
  const [status, setStatus] = useState<{ kind: 'idle' | 'saved' | 'error'; message?: string }>({ kind: 'idle' })
  const [busy, setBusy] = useState(false)
  const inputId = useId()
  const hintId = useId()

  useEffect(() => {
    const controller = new AbortController()
    reviewApi.settings(controller.signal).then(
      (answer) => {
        setSettings(answer)
        setRetention(answer.desiredRetention)
      },
      (failure: unknown) => {
        if ((failure as Error).name !== 'AbortError') setStatus({ kind: 'error', message: errorMessage(failure) })
      },
    )
    return () => controller.abort()
  }, [])

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setStatus({ kind: 'idle' })
    try {
      const answer = await reviewApi.updateSettings({ desiredRetention: Math.round(retention * 100) / 100 })
      setSettings(answer)
      setRetention(answer.desiredRetention)
      setStatus({ kind: 'saved', message: 'Desired retention saved.' })
    } catch (failure) {
      setStatus({ kind: 'error', message: errorMessage(failure) })
    } finally {
      setBusy(false)
    }
  }

  const download = async () => {
    setStatus({ kind: 'idle' })
    try {
      const file = await reviewApi.reviewLog()
      saveBlob(file.blob, file.fileName ?? 'cardwise-review-log.csv')
    } catch (failure) {
      setStatus({ kind: 'error', message: errorMessage(failure) })
    }
  }

  return (
    <section className={`${styles.section} ${className ?? ''}`} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Memory and reviews</h2>
      <form className={styles.form} onSubmit={(event) => void save(event)}>
        <label htmlFor={inputId}>
          Desired retention: <strong>{Math.round(retention * 100)}%</strong>
        </label>
        <input
          id={inputId}
          type="range"
          min={DESIRED_RETENTION.min}
          max={DESIRED_RETENTION.max}
          step={0.01}
          value={retention}
          aria-describedby={hintId}
          aria-valuetext={`${Math.round(retention * 100)}%`}
          onChange={(event) => setRetention(Number(event.target.value))}
        />
        <p id={hintId} className={styles.hint}>
          {DESIRED_RETENTION_HINT}
        </p>
        <div>
          <button type="submit" className="button" disabled={busy || settings === null}>
            Save retention
          </button>
        </div>
      </form>
      {settings && (
        <p data-testid="memory-parameters">
          {settings.parameters === 'personal'
            ? `Your cards are scheduled with parameters fitted to your own ${settings.reviewCount} reviews.`
            : `Your cards are scheduled with the default parameters; your own are fitted once you have ${settings.reviewsForPersonalParameters} reviews (you have ${settings.reviewCount}).`}
        </p>
      )}
      <div>
        <button type="button" className="button button-secondary" onClick={() => void download()}>
          Download review log (CSV)
        </button>
      </div>
      {status.kind === 'saved' && (
        <p className="alert-success" role="status">
          {status.message}
        </p>
      )}
      {status.kind === 'error' && (
        <p className="alert-error" role="alert">
          {status.message}
        </p>
      )}
    </section>
  )
}
