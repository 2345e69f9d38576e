import type { FieldErrors } from '#shared/api/errors'
import { SET_LIMITS } from '#shared/limits'
import { Field, SelectField, TextAreaField } from '@/components/Field'
import { languageOptions, listedTag } from '@/features/study'
import type { SetFormValues } from './useSetForm'

interface SetFormFieldsProps {
  values: SetFormValues
  fields: FieldErrors
  onChange: (name: keyof SetFormValues, value: string) => void
  disabled?: boolean
}

/**
 * Title, Description and Tag, with the server's (or the client check's) errors under each, and the
 * languages the terms and definitions are read aloud in.
 */
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
      <LanguageSelect
        label="Term language"
        name="termLanguage"
        value={values.termLanguage}
        error={fields.termLanguage}
        onChange={onChange}
        disabled={disabled}
      />
      <LanguageSelect
        label="Definition language"
        name="definitionLanguage"
        value={values.definitionLanguage}
        error={fields.definitionLanguage}
        onChange={onChange}
        disabled={disabled}
      />
    </>
  )
}

interface LanguageSelectProps {
  label: string
  name: 'termLanguage' | 'definitionLanguage'
  value: string | null
  error?: string
  onChange: SetFormFieldsProps['onChange']
  disabled?: boolean
}

/** A side's read-aloud language: Automatic (null, guessed from the writing) or one of the list. */
function LanguageSelect({ label, name, value, error, onChange, disabled }: LanguageSelectProps) {
  return (
    <SelectField
      label={label}
      name={name}
      value={value === null ? '' : listedTag(value)}
      onChange={(e) => onChange(name, e.target.value)}
      error={error}
      hint="For reading cards aloud. Automatic guesses it from the writing."
      disabled={disabled}
    >
      <option value="">Automatic</option>
      {languageOptions(value).map((choice) => (
        <option key={choice.tag} value={choice.tag}>
          {choice.name}
        </option>
      ))}
    </SelectField>
  )
}
