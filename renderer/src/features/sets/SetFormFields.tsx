import type { FieldErrors } from '@shared/api/errors'
import { SET_LIMITS } from '@shared/limits'
import { Field, TextAreaField } from '@/components/Field'
import type { SetFormValues } from './useSetForm'

interface SetFormFieldsProps {
  values: SetFormValues
  fields: FieldErrors
  onChange: (name: keyof SetFormValues, value: string) => void
  disabled?: boolean
}

/** Title, Description and Tag, with the server's (or the client check's) errors under each. */
export function SetFormFields({ values, fields, onChange, disabled }: SetFormFieldsProps) {
  return (
    <>
      <Field
        label="Title"
        name="title"
        value={values.title}
        onChange={(e) => onChange('title', e.target.value)}
        error={fields.title}
        maxLength={SET_LIMITS.title}
        required
        disabled={disabled}
      />
      <TextAreaField
        label="Description (optional)"
        name="description"
        value={values.description}
        onChange={(e) => onChange('description', e.target.value)}
        error={fields.description}
        maxLength={SET_LIMITS.description}
        disabled={disabled}
      />
      <Field
        label="Tag (optional)"
        name="tags"
        value={values.tags}
        onChange={(e) => onChange('tags', e.target.value)}
        error={fields.tags}
        hint={`Up to ${SET_LIMITS.tag} characters, e.g. BIOLOGY. Separate several tags with commas.`}
        autoCapitalize="characters"
        disabled={disabled}
      />
    </>
  )
}
