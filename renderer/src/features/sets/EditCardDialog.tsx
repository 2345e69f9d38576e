import { useState } from 'react'
import type { Flashcard } from '#shared/api/sets'
import { setMessages } from '#shared/messages'
import { Dialog } from '@/components/Dialog'
import { CardFormFields } from './CardFormFields'
import { EntityForm } from './EntityForm'
import { setsApi } from './sets-api'
import { useCardForm } from './useSetForm'

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
  const [uploading, setUploading] = useState(false)
  const initial = { term: card.term, definition: card.definition, termImage: card.termImage, definitionImage: card.definitionImage }
  const form = useCardForm(initial, setMessages.updateCardFailed, async (input) => {
    onSaved(await setsApi.updateCard(setId, card.id, input))
    onClose()
  })

  return (
    <EntityForm
      label="Edit flashcard"
      onSubmit={form.submit}
      error={form.error}
      busy={form.busy || uploading}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      onCancel={onClose}
    >
      <CardFormFields values={form.values} fields={form.fields} onChange={form.setValue} onImageChange={form.setValue} onUploading={setUploading} />
    </EntityForm>
  )
}
