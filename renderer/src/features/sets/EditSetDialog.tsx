import { useState } from 'react'
import type { StudySet } from '../../../../shared/api/sets'
import { setMessages } from '../../../../shared/messages'
import { Dialog } from '../../components/Dialog'
import { fieldErrorsOf } from '../../lib/api'
import styles from './forms.module.css'
import { SetFormFields } from './SetFormFields'
import { splitTags } from './set-text'
import { setsApi } from './sets-api'
import { useSetForm } from './useSetForm'

interface EditSetDialogProps {
  /** The set being edited, or null when the dialog is closed. */
  set: StudySet | null
  onClose: () => void
  onSaved: (set: StudySet) => void
}

/** 'Edit Set': title, description and tag of a set the user owns. */
export function EditSetDialog({ set, onClose, onSaved }: EditSetDialogProps) {
  return (
    <Dialog open={set !== null} title="Edit Set" onClose={onClose}>
      {/* Mounted only while open, so each opening starts from the set's current values. */}
      {set && <EditSetForm set={set} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  )
}

function EditSetForm({ set, onClose, onSaved }: { set: StudySet; onClose: () => void; onSaved: (set: StudySet) => void }) {
  const form = useSetForm({ title: set.title, description: set.description, tags: splitTags(set.tags).join(', ') })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const submit = async () => {
    setError('')
    const input = form.validate()
    if (!input) return
    setBusy(true)
    try {
      const saved = await setsApi.update(set.id, input)
      onSaved(saved)
      onClose()
    } catch (failure) {
      const fields = fieldErrorsOf(failure)
      form.setFields(fields)
      if (Object.keys(fields).length === 0) setError(setMessages.updateFailed)
      setBusy(false)
    }
  }

  return (
    <form
      className={styles.form}
      aria-label="Edit set"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <SetFormFields values={form.values} fields={form.fields} onChange={form.setValue} />
      {error && (
        <p className="alert-error" role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  )
}
