import { useState } from 'react'
import type { StudySet } from '#shared/api/sets'
import { Dialog, DialogActions } from '@/components/Dialog'
import { errorMessage } from '@/lib/api'
import styles from './ExportDialog.module.css'
import { type ExportFormat, importExportApi } from './import-export-api'
import { FormError } from '@/components/FormError'

interface ExportDialogProps {
  /** The set to export, or null when the dialog is closed. */
  set: StudySet | null
  onClose: () => void
}

/** Hands a Blob to the browser as a download named `fileName`. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Let the browser start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The owner's 'Export Set': downloads the set's cards as JSON, CSV, an Anki package or Anki/Quizlet text (docs/content-rules.md). */
export function ExportDialog({ set, onClose }: ExportDialogProps) {
  return (
    <Dialog open={set !== null} title="Export Set" onClose={onClose}>
      {set && <ExportChoices set={set} onClose={onClose} />}
    </Dialog>
  )
}

function ExportChoices({ set, onClose }: { set: StudySet; onClose: () => void }) {
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
        Download the {set.cardCount === 1 ? 'card' : 'cards'} of <strong>{set.title}</strong> as a file you can import again or open elsewhere.
      </p>
      <FormError message={error} />
      <DialogActions inOrder>
        <button type="button" className="button" disabled={busy !== null} onClick={() => void download('json')}>
          {busy === 'json' ? 'Exporting...' : 'Export as JSON'}
        </button>
        <button type="button" className="button" disabled={busy !== null} onClick={() => void download('csv')}>
          {busy === 'csv' ? 'Exporting...' : 'Export as CSV'}
        </button>
        <button type="button" className="button" disabled={busy !== null} onClick={() => void download('apkg')}>
          {busy === 'apkg' ? 'Exporting...' : 'Export as Anki package (.apkg)'}
        </button>
        <button type="button" className="button" disabled={busy !== null} onClick={() => void download('txt')}>
          {busy === 'txt' ? 'Exporting...' : 'Export as Anki/Quizlet text (.txt)'}
        </button>
      </DialogActions>
    </div>
  )
}
