import { type Ref, useState } from 'react'
import type { FieldErrors } from '@shared/api/errors'
import { SET_LIMITS } from '@shared/limits'
import { fieldErrors } from '@shared/api/validation'
import { Field, TextAreaField } from '@/components/Field'
import { clientSetSchemas } from './useSetForm'

export interface CardFormValues {
  term: string
  definition: string
}

/** Term and definition state with the shared schema's quick check (the server checks again). */
export function useCardForm(initial: CardFormValues = { term: '', definition: '' }) {
  const [values, setValues] = useState(initial)
  const [fields, setFields] = useState<FieldErrors>({})
  const setValue = (name: keyof CardFormValues, value: string) => setValues((current) => ({ ...current, [name]: value }))
  const validate = () => {
    const checked = clientSetSchemas.createCard.safeParse(values)
    if (!checked.success) {
      setFields(fieldErrors(checked.error))
      return null
    }
    setFields({})
    return checked.data
  }
  const reset = () => {
    setValues({ term: '', definition: '' })
    setFields({})
  }
  return { values, setValue, fields, setFields, validate, reset }
}

interface CardFormFieldsProps {
  values: CardFormValues
  fields: FieldErrors
  onChange: (name: keyof CardFormValues, value: string) => void
  termRef?: Ref<HTMLInputElement>
}

export function CardFormFields({ values, fields, onChange, termRef }: CardFormFieldsProps) {
  return (
    <>
      <Field
        ref={termRef}
        label="Term"
        name="term"
        value={values.term}
        onChange={(e) => onChange('term', e.target.value)}
        error={fields.term}
        maxLength={SET_LIMITS.term}
        required
      />
      <TextAreaField
        label="Definition"
        name="definition"
        value={values.definition}
        onChange={(e) => onChange('definition', e.target.value)}
        error={fields.definition}
        maxLength={SET_LIMITS.definition}
        required
      />
    </>
  )
}
