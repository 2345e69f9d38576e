import { type DragEvent, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { createImportSelectionSchema, type ImportPreview, previewTextSchema } from '#shared/api/imports'
import type { StudySet } from '#shared/api/sets'
import { fieldErrors } from '#shared/api/validation'
import { importMessages } from '#shared/import/parse-import'
import { Dialog, DialogActions } from '@/components/Dialog'
import { Field, TextAreaField } from '@/components/Field'
import { FormError } from '@/components/FormError'
import { errorMessage, fieldErrorsOf } from '@/lib/api'
import { useServerData } from '@/lib/server-data'
import { useSchemaForm } from '@/lib/useSchemaForm'
import { T, translateShared, useLocale, useT } from '@/lib/i18n'
import styles from './ImportDialog.module.css'
import { ImportPreviewView } from './ImportPreviewView'
import { ReadingOptions } from './ReadingOptions'
import { importExportApi, type ReadingChoice } from './import-export-api'
import { type ImportChoices, importCards, initialChoices, planImport } from './import-plan'
import { ACCEPTED_FILES, checkChosenFile, fileHint, formatSize, type SeparatorChoice, separatorValue } from './import-source'
import { withRateLimitRetry } from './retry'
import { UpdateExistingSet } from './UpdateExistingSet'

interface ImportDialogProps {
  open: boolean
  onClose: () => void
  /** Told when several sets were created (one set opens its page instead). */
  onImported?: (sets: StudySet[]) => void
}

/**
 * 'Import Set': a file (JSON, CSV, text, Anki package) or pasted text is previewed by the server
 * (nothing saved), the student checks titles, splits and decks, then each set is created. One
 * set opens its page; several go back to My Sets.
 */
export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const t = useT()
  return (
    <Dialog open={open} title={t('import.title')} onClose={onClose}>
      {/* Mounted only while open, so each opening starts empty. */}
      {open && <ImportForm onClose={onClose} onImported={onImported} />}
    </Dialog>
  )
}

/** The checks of the confirm step, the same ones POST /api/sets/import makes (markup is the server's to strip). */
const selectionSchema = createImportSelectionSchema((text) => text)

type Source = 'file' | 'text'
type Phase = { kind: 'idle' } | { kind: 'previewing' } | { kind: 'importing'; percent: number; set: number; of: number; waitSeconds?: number }

const EMPTY_PREVIEW: ImportPreview = { format: 'text', sets: [], problems: [] }

function ImportForm({ onClose, onImported }: { onClose: () => void; onImported?: (sets: StudySet[]) => void }) {
  const t = useT()
  const locale = useLocale()
  const navigate = useNavigate()
  const [source, setSource] = useState<Source>('file')
  const [file, setFile] = useState<File | null>(null)
  const [text, setText] = useState('')
  const [termSeparator, setTermSeparator] = useState<SeparatorChoice<'tab' | 'comma'>>({ kind: 'tab', custom: '' })
  const [rowSeparator, setRowSeparator] = useState<SeparatorChoice<'newline' | 'semicolon'>>({ kind: 'newline', custom: '' })
  const [sourceErrors, setSourceErrors] = useState<Record<string, string>>({})
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  const [dragging, setDragging] = useState(false)
  // Issue 27: one of the student's sets to update in place, and the preview against it (its add/update/same counts).
  const [target, setTarget] = useState<string | null>(null)
  const [targetPreview, setTargetPreview] = useState<ImportPreview | null>(null)
  // How the student asked for the text to be read (encoding, HTML); the server detects the rest.
  const [reading, setReading] = useState<ReadingChoice>({})
  // The limits the server enforces, shown in the hint and checked before an upload.
  const limitsData = useServerData('import-limits', (signal) => importExportApi.limits(signal))
  const limits = limitsData.state === 'ready' ? limitsData.data : null
  const abortRef = useRef<AbortController | null>(null)
  const busy = phase.kind !== 'idle'

  // Closing the dialog (or leaving the page) stops a request in flight.
  useEffect(() => () => abortRef.current?.abort(), [])

  const newController = () => {
    abortRef.current?.abort()
    // eslint-disable-next-line no-restricted-syntax -- a user's upload or import, cancelled by closing the dialog: an action, not a load
    const controller = new AbortController()
    abortRef.current = controller
    return controller
  }

  const form = useSchemaForm({
    schema: selectionSchema,
    initial: initialChoices(EMPTY_PREVIEW),
    input: (choices: ImportChoices) => ({ sets: planImport(preview ?? EMPTY_PREVIEW, choices) }),
    before: () => preview !== null && phase.kind === 'idle',
    // Each refused set's message goes under the title it came from.
    onInvalid: (fields) => {
      const found: Record<string, string> = {}
      for (const set of planImport(preview ?? EMPTY_PREVIEW, form.values)) {
        const checked = selectionSchema.shape.sets.element.safeParse(set)
        if (checked.success) continue
        const refused = fieldErrors(checked.error)
        if (refused.title && !found[`title-${set.source}`]) found[`title-${set.source}`] = refused.title
        if (refused.description && !found.description) found.description = refused.description
        if (refused.cards && !found.form) found.form = refused.cards
      }
      if (Object.keys(found).length === 0 && fields.sets) found.form = fields.sets
      form.setFields(found)
    },
    send: async ({ sets }) => {
      const controller = newController()
      const created: StudySet[] = []
      try {
        for (const [index, input] of sets.entries()) {
          const progress = (percent: number, waitSeconds?: number) => setPhase({ kind: 'importing', percent, set: index + 1, of: sets.length, waitSeconds })
          progress(0)
          created.push(
            await withRateLimitRetry(
              () => {
                progress(0)
                return importExportApi.importSet(
                  { title: input.title, ...(input.description ? { description: input.description } : {}), cards: importCards(input.cards) },
                  (loaded, total) => progress(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0),
                  controller.signal,
                )
              },
              { signal: controller.signal, onWait: (delayMs) => progress(0, Math.ceil(delayMs / 1000)) },
            ),
          )
        }
      } catch (failure) {
        setPhase({ kind: 'idle' })
        if ((failure as Error).name === 'AbortError') return
        // Sets already created stay; the message says so.
        const fields = fieldErrorsOf(failure)
        const message = fields.title ?? fields.description ?? Object.values(fields)[0] ?? errorMessage(failure)
        form.setError(
          created.length > 0 ? t('import.partly', { message: translateShared(message, locale), created: created.length, total: sets.length }) : message,
        )
        if (created.length > 0) onImported?.(created)
        return
      }
      const [only] = created
      if (created.length === 1 && only) {
        navigate(`/study-sets/${encodeURIComponent(only.id)}`)
        return
      }
      onImported?.(created)
      onClose()
    },
  })

  const showPreview = (answer: ImportPreview) => {
    setPreview(answer)
    setTarget(null)
    setTargetPreview(null)
    form.reset(initialChoices(answer))
    form.setError(answer.sets.length === 0 ? (answer.problems.at(-1)?.message ?? importMessages.noValidCards) : '')
  }

  /** Asks the server what would be imported; failures show under the file or the text. `keep`: the last preview stays on show meanwhile. */
  const requestPreview = async (request: (signal: AbortSignal) => Promise<ImportPreview>, field: 'file' | 'text', keep = false) => {
    const controller = newController()
    if (!keep) setPreview(null)
    form.setError('')
    setPhase({ kind: 'previewing' })
    try {
      showPreview(await request(controller.signal))
    } catch (failure) {
      if ((failure as Error).name === 'AbortError') return
      const fields = fieldErrorsOf(failure)
      const message = fields[field] ?? Object.values(fields)[0]
      if (message) setSourceErrors({ [field]: message })
      else form.setError(errorMessage(failure))
    } finally {
      if (abortRef.current === controller) setPhase({ kind: 'idle' })
    }
  }

  const chooseFile = (chosen: File | undefined) => {
    if (!chosen || phase.kind === 'importing') return
    setFile(chosen)
    setPreview(null)
    setReading({})
    form.setError('')
    const problem = checkChosenFile(chosen, limits)
    setSourceErrors(problem ? { file: problem } : {})
    if (!problem) void requestPreview((signal) => importExportApi.previewFile(chosen, undefined, signal), 'file')
  }

  const textInput = (html = reading.html) => ({
    text,
    termSeparator: separatorValue(termSeparator),
    rowSeparator: separatorValue(rowSeparator),
    ...(html === undefined ? {} : { html }),
  })

  /** Compares the file or text with one of the student's sets (the preview with its setId), or goes back to a new set. */
  const chooseTarget = async (setId: string | null) => {
    setTarget(setId)
    setTargetPreview(null)
    form.setError('')
    if (setId === null) return
    const controller = newController()
    try {
      const answer =
        source === 'file' && file
          ? await importExportApi.previewFile(file, undefined, controller.signal, { ...reading, setId })
          : await importExportApi.previewText({ ...textInput(), setId }, controller.signal)
      setTargetPreview(answer)
    } catch (failure) {
      if ((failure as Error).name !== 'AbortError') form.setError(errorMessage(failure))
    }
  }

  /** Updates the chosen set in place with every previewed card, then opens it. */
  const updateExisting = async (setId: string) => {
    const cards = importCards((targetPreview ?? preview ?? EMPTY_PREVIEW).sets.flatMap((set) => set.cards))
    const controller = newController()
    setPhase({ kind: 'importing', percent: 0, set: 1, of: 1 })
    try {
      await withRateLimitRetry(
        () =>
          importExportApi.importCards(
            setId,
            cards,
            (loaded, total) => setPhase({ kind: 'importing', percent: total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0, set: 1, of: 1 }),
            controller.signal,
          ),
        { signal: controller.signal, onWait: (delayMs) => setPhase({ kind: 'importing', percent: 0, set: 1, of: 1, waitSeconds: Math.ceil(delayMs / 1000) }) },
      )
    } catch (failure) {
      setPhase({ kind: 'idle' })
      if ((failure as Error).name !== 'AbortError') form.setError(errorMessage(failure))
      return
    }
    navigate(`/study-sets/${encodeURIComponent(setId)}`)
  }

  /** The student picked another encoding or flipped "Fields contain HTML": the preview reads the file (or text) again. */
  const reread = (change: ReadingChoice) => {
    const next = { ...reading, ...change }
    setReading(next)
    if (source === 'text') previewText(next.html)
    else if (file) void requestPreview((signal) => importExportApi.previewFile(file, undefined, signal, next), 'file', true)
  }

  const previewText = (html = reading.html) => {
    const input = textInput(html)
    const checked = previewTextSchema.safeParse(input)
    if (!checked.success) {
      setSourceErrors(fieldErrors(checked.error))
      return
    }
    setSourceErrors({})
    void requestPreview((signal) => importExportApi.previewText(checked.data, signal), 'text', preview !== null)
  }

  const submit = () => {
    if (busy) return
    if (preview && preview.sets.length > 0) {
      if (target) void updateExisting(target)
      else void form.submit()
      return
    }
    if (source === 'text') previewText()
    else if (!file) setSourceErrors({ file: importMessages.noFile })
    else chooseFile(file)
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
    setSource('file')
    chooseFile(event.dataTransfer.files[0])
  }

  const switchSource = (next: Source) => {
    setSource(next)
    setPreview(null)
    setSourceErrors({})
    form.setError('')
  }

  const choices = form.values
  const ready = preview !== null && preview.sets.length > 0
  const setChoice = <K extends 'titles' | 'included' | 'split'>(key: K, index: number, value: ImportChoices[K][number]) =>
    form.setValue(key, choices[key].map((current, at) => (at === index ? value : current)) as ImportChoices[K])

  return (
    <form
      className={`${styles.form} ${dragging ? styles.dragging : ''}`}
      aria-label={t('import.form.label')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
      }}
      onDrop={onDrop}
    >
      <fieldset className={styles.fields} disabled={phase.kind === 'importing'}>
        <fieldset className={styles.choice}>
          <legend>{t('import.source.legend')}</legend>
          <label>
            <input type="radio" name="import-source" checked={source === 'file'} onChange={() => switchSource('file')} />
            {t('import.source.file')}
          </label>
          <label>
            <input type="radio" name="import-source" checked={source === 'text'} onChange={() => switchSource('text')} />
            {t('import.source.text')}
          </label>
        </fieldset>

        {source === 'file' ? (
          <div className={styles.dropZone} data-testid="import-drop-zone">
            <Field
              label={t('import.file.label')}
              type="file"
              accept={ACCEPTED_FILES}
              hint={fileHint(limits)}
              error={sourceErrors.file && translateShared(sourceErrors.file, locale)}
              onChange={(event) => {
                chooseFile(event.currentTarget.files?.[0])
              }}
            />
            {file && (
              <p className={styles.fileName}>
                <T id="import.file.selected" values={{ name: file.name, size: formatSize(file.size) }} components={{ 0: <strong /> }} />
              </p>
            )}
          </div>
        ) : (
          <PastedText
            text={text}
            onText={(value) => {
              setText(value)
              setPreview(null)
              setReading({})
            }}
            termSeparator={termSeparator}
            onTermSeparator={(value) => {
              setTermSeparator(value)
              setPreview(null)
            }}
            rowSeparator={rowSeparator}
            onRowSeparator={(value) => {
              setRowSeparator(value)
              setPreview(null)
            }}
            errors={sourceErrors}
          />
        )}

        {preview && <ReadingOptions preview={preview} choice={reading} onChange={reread} />}
        {preview && (
          <ImportPreviewView
            preview={preview}
            choices={choices}
            errors={form.fields}
            onTitle={(index, title) => setChoice('titles', index, title)}
            onIncluded={(index, included) => setChoice('included', index, included)}
            onSplit={(index, choice) => setChoice('split', index, choice)}
          />
        )}
        {preview && (preview.matchingSets ?? []).length > 0 && (
          <UpdateExistingSet
            matching={preview.matchingSets ?? []}
            target={target}
            onTarget={(setId) => void chooseTarget(setId)}
            actions={targetPreview?.actions ?? null}
          />
        )}
        {ready && (
          <TextAreaField
            label={t('sets.field.description')}
            value={choices.description}
            error={form.fields.description}
            onChange={(event) => form.setValue('description', event.currentTarget.value)}
          />
        )}
      </fieldset>

      {phase.kind === 'previewing' && (
        <p role="status" className="muted">
          {t('import.reading.busy', { source })}
        </p>
      )}
      {phase.kind === 'importing' && (
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
      )}

      <FormError message={form.fields.form ?? form.error} />

      <DialogActions>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {phase.kind === 'importing' ? t('import.busy') : ready ? (target ? t('import.update.submit') : t('import.submit')) : t('import.preview.submit')}
        </button>
      </DialogActions>
    </form>
  )
}

interface PastedTextProps {
  text: string
  onText: (text: string) => void
  termSeparator: SeparatorChoice<'tab' | 'comma'>
  onTermSeparator: (choice: SeparatorChoice<'tab' | 'comma'>) => void
  rowSeparator: SeparatorChoice<'newline' | 'semicolon'>
  onRowSeparator: (choice: SeparatorChoice<'newline' | 'semicolon'>) => void
  errors: Record<string, string>
}

/** Text copied from Quizlet's export (or any list), with its separators as Quizlet names them. */
function PastedText({ text, onText, termSeparator, onTermSeparator, rowSeparator, onRowSeparator, errors }: PastedTextProps) {
  const t = useT()
  const locale = useLocale()
  const shown = (error: string | undefined) => error && translateShared(error, locale)
  return (
    <>
      <TextAreaField
        label={t('import.text.label')}
        rows={6}
        value={text}
        error={shown(errors.text)}
        hint={t('import.text.hint')}
        onChange={(event) => onText(event.currentTarget.value)}
      />
      <SeparatorChoices
        legend={t('import.separator.term')}
        customLabel={t('import.separator.customTerm')}
        name="term-separator"
        options={[
          ['tab', t('import.separator.tab')],
          ['comma', t('import.separator.comma')],
        ]}
        choice={termSeparator}
        onChoice={onTermSeparator}
        error={shown(errors.termSeparator)}
      />
      <SeparatorChoices
        legend={t('import.separator.row')}
        customLabel={t('import.separator.customRow')}
        name="row-separator"
        options={[
          ['newline', t('import.separator.newline')],
          ['semicolon', t('import.separator.semicolon')],
        ]}
        choice={rowSeparator}
        onChoice={onRowSeparator}
        error={shown(errors.rowSeparator)}
      />
    </>
  )
}

interface SeparatorChoicesProps<N extends string> {
  legend: string
  /** The custom separator's field label. */
  customLabel: string
  name: string
  options: Array<[N, string]>
  choice: SeparatorChoice<N>
  onChoice: (choice: SeparatorChoice<N>) => void
  error?: string
}

function SeparatorChoices<N extends string>({ legend, customLabel, name, options, choice, onChoice, error }: SeparatorChoicesProps<N>) {
  const t = useT()
  return (
    <fieldset className={styles.choice}>
      <legend>{legend}</legend>
      {options.map(([value, label]) => (
        <label key={value}>
          <input type="radio" name={name} checked={choice.kind === value} onChange={() => onChoice({ ...choice, kind: value })} />
          {label}
        </label>
      ))}
      <label>
        <input type="radio" name={name} checked={choice.kind === 'custom'} onChange={() => onChoice({ ...choice, kind: 'custom' })} />
        {t('import.separator.custom')}
      </label>
      {choice.kind === 'custom' && (
        <Field label={customLabel} value={choice.custom} error={error} onChange={(event) => onChoice({ ...choice, custom: event.currentTarget.value })} />
      )}
      {choice.kind !== 'custom' && error && <FormError message={error} />}
    </fieldset>
  )
}
