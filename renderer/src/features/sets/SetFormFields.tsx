import type { FieldErrors } from '#shared/api/errors'
import { SET_LIMITS } from '#shared/limits'
import { Field, SelectField, TextAreaField } from '@/components/Field'
import { languageOptions, listedTag } from '@/features/read-aloud'
import { formatLanguageName, useLocale, useT } from '@/lib/i18n'
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
  const t = useT()
  return (
    <>
      <Field
        label={t('sets.field.title')}
        name="title"
        value={values.title}
        onChange={(e) => onChange('title', e.target.value)}
        error={fields.title}
        maxLength={SET_LIMITS.title}
        required
        disabled={disabled}
      />
      <TextAreaField
        label={t('sets.field.description')}
        name="description"
        value={values.description}
        onChange={(e) => onChange('description', e.target.value)}
        error={fields.description}
        maxLength={SET_LIMITS.description}
        disabled={disabled}
      />
      <Field
        label={t('sets.field.tag')}
        name="tags"
        value={values.tags}
        onChange={(e) => onChange('tags', e.target.value)}
        error={fields.tags}
        hint={t('sets.field.tagHint', { max: SET_LIMITS.tag })}
        autoCapitalize="characters"
        disabled={disabled}
      />
      <LanguageSelect
        label={t('sets.field.termLanguage')}
        name="termLanguage"
        value={values.termLanguage}
        error={fields.termLanguage}
        onChange={onChange}
        disabled={disabled}
      />
      <LanguageSelect
        label={t('sets.field.definitionLanguage')}
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
  const t = useT()
  const locale = useLocale()
  return (
    <SelectField
      label={label}
      name={name}
      value={value === null ? '' : listedTag(value)}
      onChange={(e) => onChange(name, e.target.value)}
      error={error}
      hint={t('sets.field.languageHint')}
      disabled={disabled}
    >
      <option value="">{t('common.automatic')}</option>
      {languageOptions(value)
        .map((choice) => ({ tag: choice.tag, name: formatLanguageName(choice.tag, choice.name, locale) }))
        .sort((a, b) => (locale === 'en' ? 0 : a.name.localeCompare(b.name, locale)))
        .map((choice) => (
          <option key={choice.tag} value={choice.tag}>
            {choice.name}
          </option>
        ))}
    </SelectField>
  )
}
