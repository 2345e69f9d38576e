import { type DragEvent, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { checkImportFile, importFormatOf, parseImportText, titleFromFileName } from '@shared/import/parse-import'
import { IMPORT_LIMITS } from '@shared/limits'
import { importMessages } from '@shared/messages'
import { Dialog, DialogActions } from '@/components/Dialog'
import { Field, TextAreaField } from '@/components/Field'
import { errorMessage, fieldErrorsOf } from '@/lib/api'
import styles from './ImportDialog.module.css'
import { importExportApi } from './import-export-api'
import { withRateLimitRetry } from './retry'

interface ImportDialogProps {
  open: boolean
  onClose: () => void
}

/** 'Import Set': a JSON or CSV file becomes a new set; success goes to the new set's page. */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  return (
    <Dialog open={open} title="Import Set" onClose={onClose}>
      {/* Mounted only while open, so each opening starts empty. */}
      {open && <ImportForm onClose={onClose} />}
    </Dialog>
  )
}

interface ImportErrors {
  file?: string
  title?: string
  description?: string
  form?: string
}

type Phase = { kind: 'idle' } | { kind: 'importing'; percent: number; waitSeconds?: number }

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** The client's checks (the server checks again). */
function checkForm(file: File | null, title: string, description: string): ImportErrors {
  const errors: ImportErrors = {}
  if (!file) errors.file = importMessages.noFile
  else {
    const fileError = checkImportFile(file)
    if (fileError) errors.file = fileError
  }
  if (!title.trim()) errors.title = importMessages.titleRequired
  else if (title.trim().length > IMPORT_LIMITS.title) errors.title = importMessages.titleTooLong
  if (description.trim().length > IMPORT_LIMITS.description) errors.description = importMessages.descriptionTooLong
  return errors
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate()
  const [file, setFile] = useState<File | null>(null)
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [errors, setErrors] = useState<ImportErrors>({})
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  const [dragging, setDragging] = useState(false)
  const abortRef = useRef<AbortController | null>(null)
  const busy = phase.kind === 'importing'

  // Closing the dialog (or leaving the page) stops an upload in flight.
  useEffect(() => () => abortRef.current?.abort(), [])

  const chooseFile = (chosen: File | undefined) => {
    if (!chosen || busy) return
    setFile(chosen)
    setTitle(titleFromFileName(chosen.name))
    setErrors((current) => ({ ...current, file: checkImportFile(chosen) ?? undefined, title: undefined, form: undefined }))
  }

  const fail = (next: ImportErrors) => {
    setErrors(next)
    setPhase({ kind: 'idle' })
  }

  const submit = async () => {
    if (busy) return
    const found = checkForm(file, title, description)
    if (Object.values(found).some(Boolean) || !file) {
      setErrors(found)
      return
    }
    setErrors({})
    setPhase({ kind: 'importing', percent: 0 })

    const format = importFormatOf(file.name)
    if (!format) return fail({ file: importMessages.unsupportedFormat })
    let text: string
    try {
      text = await file.text()
    } catch {
      return fail({ form: errorMessage(null) })
    }
    const parsed = parseImportText(format, text)
    if (!parsed.ok) return fail({ file: parsed.message })

    const controller = new AbortController()
    abortRef.current = controller
    const input = { title: title.trim(), ...(description.trim() ? { description: description.trim() } : {}), cards: parsed.cards }
    try {
      const set = await withRateLimitRetry(
        () => {
          setPhase({ kind: 'importing', percent: 0 })
          return importExportApi.importSet(
            input,
            (loaded, total) => setPhase({ kind: 'importing', percent: total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0 }),
            controller.signal,
          )
        },
        {
          signal: controller.signal,
          onWait: (delayMs) => setPhase({ kind: 'importing', percent: 0, waitSeconds: Math.ceil(delayMs / 1000) }),
        },
      )
      setPhase({ kind: 'importing', percent: 100 })
      navigate(`/study-sets/${encodeURIComponent(set.id)}`)
    } catch (failure) {
      if ((failure as Error).name === 'AbortError') return
      const fields = fieldErrorsOf(failure)
      const next: ImportErrors = {}
      if (fields.title) next.title = fields.title
      if (fields.description) next.description = fields.description
      const other = Object.entries(fields).find(([key]) => key !== 'title' && key !== 'description')
      if (other) next.file = other[1]
      if (!next.title && !next.description && !next.file) next.form = errorMessage(failure)
      fail(next)
    } finally {
      if (abortRef.current === controller) abortRef.current = null
    }
  }

  const onDragOver = (event: DragEvent) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy'
    setDragging(true)
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    chooseFile(event.dataTransfer.files[0])
  }

  return (
    <form
      className={`${styles.form} ${dragging ? styles.dragging : ''}`}
      aria-label="Import set"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
      }}
      onDrop={onDrop}
    >
      <fieldset className={styles.fields} disabled={busy}>
        <div className={styles.dropZone} data-testid="import-drop-zone">
          <Field
            label="File"
            type="file"
            accept=".json,.csv"
            hint="A .json or .csv file up to 5MB; you can also drop it here."
            error={errors.file}
            onChange={(event) => {
              chooseFile(event.currentTarget.files?.[0])
            }}
          />
          {file && (
            <p className={styles.fileName}>
              Selected: <strong>{file.name}</strong> ({formatSize(file.size)})
            </p>
          )}
        </div>
        <Field label="Title" value={title} error={errors.title} onChange={(event) => setTitle(event.currentTarget.value)} />
        <TextAreaField
          label="Description (optional)"
          value={description}
          error={errors.description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
      </fieldset>

      {phase.kind === 'importing' && (
        <div className={styles.progress}>
          <progress max={100} value={phase.percent} aria-label="Import progress" />
          <p role="status" className="muted">
            {phase.waitSeconds !== undefined ? `Too many requests; retrying in ${phase.waitSeconds} s...` : `Importing... ${phase.percent}%`}
          </p>
        </div>
      )}

      {errors.form && (
        <p className="alert-error" role="alert">
          {errors.form}
        </p>
      )}

      <DialogActions>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy}>
          {phase.kind === 'importing' ? `Importing... ${phase.percent}%` : 'Import'}
        </button>
      </DialogActions>
    </form>
  )
}
