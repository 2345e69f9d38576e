import { useState } from 'react'
import type { Flashcard } from '../../../../shared/api/sets'
import { setMessages } from '../../../../shared/messages'
import { Dialog } from '../../components/Dialog'
import { fieldErrorsOf } from '../../lib/api'
import { CardFormFields, useCardForm } from './CardFormFields'
import styles from './forms.module.css'
import { setsApi } from './sets-api'

interface EditCardDialogProps {
  setId: string
  /** The card being edited, or null when the dialog is closed. */
  card: Flashcard | null
  onClose: () => void
  onSaved: (card: Flashcard) => void
}

export function EditCardDialog({ setId, card, onClose, onSaved }: EditCardDialogProps) {
  return (
    <Dialog open={card !== null} title="Edit Flashcard" onClose={onClose}>
      {card && <EditCardForm setId={setId} card={card} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  )
}

function EditCardForm({ setId, card, onClose, onSaved }: { setId: string; card: Flashcard; onClose: () => void; onSaved: (card: Flashcard) => void }) {
  const form = useCardForm({ term: card.term, definition: card.definition })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const submit = async () => {
    setError('')
    const input = form.validate()
    if (!input) return
    setBusy(true)
    try {
      onSaved(await setsApi.updateCard(setId, card.id, input))
      onClose()
    } catch (failure) {
      const fields = fieldErrorsOf(failure)
      form.setFields(fields)
      if (Object.keys(fields).length === 0) setError(setMessages.updateCardFailed)
      setBusy(false)
    }
  }

  return (
    <form
      className={styles.form}
      aria-label="Edit flashcard"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <CardFormFields values={form.values} fields={form.fields} onChange={form.setValue} />
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
