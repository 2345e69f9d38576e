import { useState } from 'react'
import type { Flashcard } from '#shared/api/sets'
import { setMessages } from '#shared/messages'
import { Dialog } from '@/components/Dialog'
import { useT } from '@/lib/i18n'
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
  const t = useT()
  return (
    <Dialog open={card !== null} title={t('sets.editCard.title')} onClose={onClose}>
      {card && <EditCardForm setId={setId} card={card} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  )
}

function EditCardForm({ setId, card, onClose, onSaved }: { setId: string; card: Flashcard; onClose: () => void; onSaved: (card: Flashcard) => void }) {
  const t = useT()
  const [uploading, setUploading] = useState(false)
  const initial = {
    term: card.term,
    definition: card.definition,
    termImage: card.termImage,
    definitionImage: card.definitionImage,
    termAudio: card.termAudio,
    definitionAudio: card.definitionAudio,
    reverse: card.reverse,
  }
  const form = useCardForm(initial, setMessages.updateCardFailed, async (input) => {
    onSaved(await setsApi.updateCard(setId, card.id, input))
    onClose()
  })

  return (
    <EntityForm
      label={t('sets.editCard.label')}
      onSubmit={form.submit}
      error={form.error}
      busy={form.busy || uploading}
      submitLabel={t('sets.saveChanges')}
      busyLabel={t('sets.saving')}
      onCancel={onClose}
    >
      <CardFormFields values={form.values} fields={form.fields} onChange={form.setValue} onUploading={setUploading} />
    </EntityForm>
  )
}
