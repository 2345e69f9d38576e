import { type FormEvent, useId, useState } from 'react'
import { DESIRED_RETENTION } from '#shared/limits'
import { errorMessage } from '@/lib/api'
import { useMySettings } from './useMySettings'
import { reviewApi } from './review-api'
import { SaveStatus, type SaveStatusValue } from './SaveStatus'
import styles from './MemorySettingsPanel.module.css'
import { saveBlob } from '@/lib/browser'
import { T, useT } from '@/lib/i18n'

/**
 * The profile's memory section: desired retention (0.80 to 0.97) with its trade-off, whether the
 * student's own fitted parameters or the defaults schedule their cards, and their review log.
 */
export function MemorySettingsPanel({ className }: { className?: string }) {
  const t = useT()
  const loaded = useMySettings()
  const settings = loaded.state === 'ready' ? loaded.data : null
  // What the student has chosen on the slider, until it is saved (then the saved value shows).
  const [chosen, setChosen] = useState<number | null>(null)
  const retention = chosen ?? settings?.desiredRetention ?? DESIRED_RETENTION.default
  const setRetention = setChosen
  const [saveStatus, setStatus] = useState<SaveStatusValue>({ kind: 'idle' })
  const status = loaded.state === 'failed' && saveStatus.kind === 'idle' ? { kind: 'error' as const, message: errorMessage(loaded.error) } : saveStatus
  const [busy, setBusy] = useState(false)
  const inputId = useId()
  const hintId = useId()

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setStatus({ kind: 'idle' })
    try {
      const answer = await reviewApi.updateSettings({ desiredRetention: Math.round(retention * 100) / 100 })
      loaded.update(() => answer)
      setChosen(null)
      setStatus({ kind: 'saved', message: t('memory.saved') })
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
      <h2 id={`${inputId}-title`}>{t('memory.heading')}</h2>
      <form className={styles.form} onSubmit={(event) => void save(event)}>
        <label htmlFor={inputId}>
          <T id="memory.retention" values={{ value: Math.round(retention * 100) }} components={{ 0: <strong /> }} />
        </label>
        <input
          id={inputId}
          type="range"
          min={DESIRED_RETENTION.min}
          max={DESIRED_RETENTION.max}
          step={0.01}
          value={retention}
          aria-describedby={hintId}
          aria-valuetext={t('common.percent', { value: Math.round(retention * 100) })}
          onChange={(event) => setRetention(Number(event.target.value))}
        />
        <p id={hintId} className={styles.hint}>
          {t('memory.hint')}
        </p>
        <div>
          <button type="submit" className="button" disabled={busy || settings === null}>
            {t('memory.save')}
          </button>
        </div>
      </form>
      {settings && (
        <p data-testid="memory-parameters">
          {settings.parameters === 'personal'
            ? t('memory.personal', { count: settings.reviewCount })
            : t('memory.default', { needed: settings.reviewsForPersonalParameters, count: settings.reviewCount })}
        </p>
      )}
      <div>
        <button type="button" className="button button-secondary" onClick={() => void download()}>
          {t('memory.download')}
        </button>
      </div>
      <SaveStatus status={status} />
    </section>
  )
}
