import { useT } from '@/lib/i18n'
import styles from './ImportDialog.module.css'
import type { Phase, Source } from './import-flow'

/** What the dialog is doing: reading the file or text, or sending the sets (with the upload's progress and any wait before a retry). */
export function ImportProgress({ phase, source }: { phase: Phase; source: Source }) {
  const t = useT()
  if (phase.kind === 'previewing') {
    return (
      <p role="status" className="muted">
        {t('import.reading.busy', { source })}
      </p>
    )
  }
  if (phase.kind !== 'importing') return null
  return (
    <div className={styles.progress}>
      <progress max={100} value={phase.percent} aria-label={t('import.progress.label')} />
      <p role="status" className="muted">
        {phase.waitSeconds !== undefined
          ? t('import.progress.waiting', { seconds: phase.waitSeconds })
          : phase.of > 1
            ? t('import.progress.set', { set: phase.set, of: phase.of, percent: phase.percent })
            : t('import.progress.one', { percent: phase.percent })}
      </p>
    </div>
  )
}
