import type { StudySet } from '#shared/api/sets'
import { setMessages } from '#shared/messages'
import { Dialog } from '@/components/Dialog'
import { useT } from '@/lib/i18n'
import { EntityForm } from './EntityForm'
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

/** 'Edit Set': title, description, tag and read-aloud languages of a set the user owns. */
export function EditSetDialog({ set, onClose, onSaved }: EditSetDialogProps) {
  const t = useT()
  return (
    <Dialog open={set !== null} title={t('sets.actions.edit')} onClose={onClose}>
      {/* Mounted only while open, so each opening starts from the set's current values. */}
      {set && <EditSetForm set={set} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  )
}

function EditSetForm({ set, onClose, onSaved }: { set: StudySet; onClose: () => void; onSaved: (set: StudySet) => void }) {
  const t = useT()
  const initial = {
    title: set.title,
    description: set.description,
    tags: splitTags(set.tags).join(', '),
    termLanguage: set.termLanguage,
    definitionLanguage: set.definitionLanguage,
  }
  const form = useSetForm(initial, setMessages.updateFailed, async (input) => {
    onSaved(await setsApi.update(set.id, input))
    onClose()
  })

  return (
    <EntityForm
      label={t('sets.editSet.label')}
      onSubmit={form.submit}
      error={form.error}
      busy={form.busy}
      submitLabel={t('sets.saveChanges')}
      busyLabel={t('sets.saving')}
      onCancel={onClose}
    >
      <SetFormFields values={form.values} fields={form.fields} onChange={form.setValue} />
    </EntityForm>
  )
}
