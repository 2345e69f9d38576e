import { useState } from 'react'
import type { StudySet } from '#shared/api/sets'
import { Dialog, DialogActions } from '@/components/Dialog'
import { errorMessage } from '@/lib/api'
import styles from './ExportDialog.module.css'
import { type ExportFormat, importExportApi } from './import-export-api'
import { FormError } from '@/components/FormError'
import { saveBlob } from '@/lib/browser'
import { type MessageId, T, useT } from '@/lib/i18n'

interface ExportDialogProps {
  /** The set to export, or null when the dialog is closed. */
  set: StudySet | null
  onClose: () => void
}

/** The owner's 'Export Set': downloads the set's cards as JSON, CSV, an Anki package or Anki/Quizlet text (docs/content-rules.md). */
export function ExportDialog({ set, onClose }: ExportDialogProps) {
  const t = useT()
  return (
    <Dialog open={set !== null} title={t('export.title')} onClose={onClose}>
      {set && <ExportChoices set={set} onClose={onClose} />}
    </Dialog>
  )
}

/** The formats offered, in order, with their buttons' labels. */
const FORMATS: Array<[ExportFormat, MessageId]> = [
  ['json', 'export.json'],
  ['csv', 'export.csv'],
  ['apkg', 'export.apkg'],
  ['txt', 'export.txt'],
]

function ExportChoices({ set, onClose }: { set: StudySet; onClose: () => void }) {
  const t = useT()
  const [busy, setBusy] = useState<ExportFormat | null>(null)
  const [error, setError] = useState('')

  const download = async (format: ExportFormat) => {
    setError('')
    setBusy(format)
    try {
      const { blob, fileName } = await importExportApi.exportSet(set.id, format)
      saveBlob(blob, fileName ?? `${set.title}.${format}`)
      onClose()
    } catch (failure) {
      setError(errorMessage(failure))
      setBusy(null)
    }
  }

  return (
    <div className={styles.body}>
      <p>
        <T id="export.intro" values={{ count: set.cardCount, title: set.title }} components={{ 0: <strong /> }} />
      </p>
      <FormError message={error} />
      <DialogActions inOrder>
        {FORMATS.map(([format, label]) => (
          <button key={format} type="button" className="button" disabled={busy !== null} onClick={() => void download(format)}>
            {busy === format ? t('export.busy') : t(label)}
          </button>
        ))}
      </DialogActions>
    </div>
  )
}
