import type { ReactNode } from 'react'
import styles from './forms.module.css'
import { DialogActions } from '@/components/Dialog'
import { Form } from '@/components/Form'
import { FormError } from '@/components/FormError'
import { useT } from '@/lib/i18n'

interface EntityFormProps {
  label: string
  onSubmit: () => void
  error: string
  busy: boolean
  submitLabel: string
  busyLabel: string
  onCancel: () => void
  children: ReactNode
}

/** The form of the create page and the edit dialogs: fields, the error, Cancel and the submit button. */
export function EntityForm({ label, onSubmit, error, busy, submitLabel, busyLabel, onCancel, children }: EntityFormProps) {
  const t = useT()
  return (
    <Form className={styles.form} label={label} onSubmit={onSubmit}>
      {children}
      <FormError message={error} />
      <DialogActions>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </DialogActions>
    </Form>
  )
}
