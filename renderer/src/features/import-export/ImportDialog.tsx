import type { DragEvent } from 'react'
import type { StudySet } from '#shared/api/sets'
import { Dialog, DialogActions } from '@/components/Dialog'
import { TextAreaField } from '@/components/Field'
import { FormError } from '@/components/FormError'
import { translateShared, useLocale, useT } from '@/lib/i18n'
import styles from './ImportDialog.module.css'
import { ImportPreviewView } from './ImportPreviewView'
import { ImportProgress } from './ImportProgress'
import { ImportSource } from './ImportSource'
import { type FlowError, isBusy, isReady, submitLabel } from './import-flow'
import { ReadingOptions } from './ReadingOptions'
import { UpdateExistingSet } from './UpdateExistingSet'
import { useImportFlow } from './useImportFlow'

interface ImportDialogProps {
  open: boolean
  onClose: () => void
  /** Told when several sets were created (one set opens its page instead). */
  onImported?: (sets: StudySet[]) => void
}

/**
 * 'Import Set': a file (JSON, CSV, text, Anki package) or pasted text is previewed by the server
 * (nothing saved), the student checks titles, splits and decks, then each set is created. One
 * set opens its page; several go back to My Sets. The flow's rules are in import-flow.ts.
 */
export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const t = useT()
  return (
    <Dialog open={open} title={t('import.title')} onClose={onClose}>
      {/* Mounted only while open, so each opening starts empty (and closing cancels a request under way). */}
      {open && <ImportForm onClose={onClose} onImported={onImported} />}
    </Dialog>
  )
}

function ImportForm({ onClose, onImported }: { onClose: () => void; onImported?: (sets: StudySet[]) => void }) {
  const t = useT()
  const locale = useLocale()
  const { state, limits, send, chooseFile, submit } = useImportFlow({ onClose, onImported })
  const { preview, choices, phase } = state
  const busy = isBusy(state)
  const fields = Object.fromEntries(Object.entries(state.fields).map(([name, text]) => [name, translateShared(text, locale)]))
  const errorText = (error: FlowError | null) =>
    !error
      ? ''
      : error.kind === 'partly'
        ? t('import.partly', { message: translateShared(error.message, locale), created: error.created, total: error.total })
        : translateShared(error.message, locale)

  const onDragOver = (event: DragEvent) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy'
    send({ type: 'dragOver' })
  }

  return (
    <form
      className={`${styles.form} ${state.dragging ? styles.dragging : ''}`}
      aria-label={t('import.form.label')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) send({ type: 'dragLeave' })
      }}
      onDrop={(event) => {
        event.preventDefault()
        chooseFile(event.dataTransfer.files[0], true)
      }}
    >
      <fieldset className={styles.fields} disabled={phase.kind === 'importing'}>
        <ImportSource state={state} limits={limits} send={send} chooseFile={chooseFile} />
        {preview && <ReadingOptions preview={preview} choice={state.reading} onChange={(change) => send({ type: 'reread', change })} />}
        {preview && (
          <ImportPreviewView
            preview={preview}
            choices={choices}
            errors={fields}
            onTitle={(index, title) => send({ type: 'title', index, title })}
            onIncluded={(index, included) => send({ type: 'include', index, included })}
            onSplit={(index, split) => send({ type: 'split', index, split })}
          />
        )}
        {preview && (preview.matchingSets ?? []).length > 0 && (
          <UpdateExistingSet
            matching={preview.matchingSets ?? []}
            target={state.target}
            onTarget={(setId) => send({ type: 'chooseTarget', setId })}
            actions={state.targetPreview?.actions ?? null}
          />
        )}
        {isReady(state) && (
          <TextAreaField
            label={t('sets.field.description')}
            value={choices.description}
            error={fields.description}
            onChange={(event) => send({ type: 'description', description: event.currentTarget.value })}
          />
        )}
      </fieldset>

      <ImportProgress phase={phase} source={state.source} />
      <FormError message={fields.form ?? errorText(state.error)} />

      <DialogActions>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {t(submitLabel(state))}
        </button>
      </DialogActions>
    </form>
  )
}
