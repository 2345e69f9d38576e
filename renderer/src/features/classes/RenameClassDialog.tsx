import { Dialog, DialogActions } from '@/components/Dialog'
import { Field } from '@/components/Field'
import { Form } from '@/components/Form'
import { FormError } from '@/components/FormError'
import { useSchemaForm } from '@/lib/useSchemaForm'
import { classesApi } from './classes-api'
import { clientClassSchemas } from './forms'
import styles from './Classes.module.css'
import { useT } from '@/lib/i18n'
import { CLASS_NAME_MAX } from '#shared/limits'

interface RenameClassDialogProps {
  open: boolean
  classId: string
  name: string
  onClose: () => void
  onSaved: () => void
}

/** The teacher's 'Rename' dialog. */
export function RenameClassDialog({ open, classId, name, onClose, onSaved }: RenameClassDialogProps) {
  const t = useT()
  return (
    <Dialog open={open} title={t('classes.rename.title')} onClose={onClose}>
      {open && <RenameForm classId={classId} name={name} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  )
}

function RenameForm({ classId, name, onClose, onSaved }: Omit<RenameClassDialogProps, 'open'>) {
  const t = useT()
  const form = useSchemaForm({
    schema: clientClassSchemas.createClass,
    initial: { name },
    send: async (input) => {
      await classesApi.update(classId, input)
      onSaved()
    },
  })
  return (
    <Form label={t('classes.rename.title')} onSubmit={() => void form.submit()} className={styles.form}>
      <Field
        label={t('classes.name')}
        name="name"
        maxLength={CLASS_NAME_MAX}
        value={form.values.name}
        onChange={(event) => form.setValue('name', event.target.value)}
        error={form.fields.name}
        required
      />
      <FormError message={form.error} />
      <DialogActions>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? t('classes.rename.busy') : t('classes.rename.submit')}
        </button>
      </DialogActions>
    </Form>
  )
}
