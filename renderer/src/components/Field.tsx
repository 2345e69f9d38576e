import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react'
import styles from './Field.module.css'

interface FieldWiring {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

interface FieldFrameProps {
  label: string
  /** The field's error (the server's `fields` message or a client check), shown under it. */
  error?: string
  hint?: string
  renderControl: (wiring: FieldWiring) => ReactNode
}

/** The label, hint and error around one control, wired for screen readers. */
function FieldFrame({ label, error, hint, renderControl }: FieldFrameProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {renderControl({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <small id={hintId} className={styles.hint}>
          {hint}
        </small>
      )}
      {error && (
        <small id={errorId} className={styles.error} role="alert">
          {error}
        </small>
      )}
    </div>
  )
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  error?: string
  hint?: string
  ref?: Ref<HTMLInputElement>
}

/** A labelled input with its hint and error, wired for screen readers. */
export function Field({ label, error, hint, ...input }: FieldProps) {
  return <FieldFrame label={label} error={error} hint={hint} renderControl={(wiring) => <input {...wiring} {...input} />} />
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string
  error?: string
  hint?: string
}

/** The multi-line sibling of Field, for descriptions and definitions. */
export function TextAreaField({ label, error, hint, rows = 3, ...textarea }: TextAreaFieldProps) {
  return <FieldFrame label={label} error={error} hint={hint} renderControl={(wiring) => <textarea {...wiring} rows={rows} {...textarea} />} />
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string
  error?: string
  hint?: string
  children: ReactNode
}

/** A labelled select (its options as children), with its hint and error like Field. */
export function SelectField({ label, error, hint, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      renderControl={(wiring) => (
        <select {...wiring} {...select}>
          {children}
        </select>
      )}
    />
  )
}
