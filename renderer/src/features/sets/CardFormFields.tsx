import type { Ref } from 'react'
import type { FieldErrors } from '@shared/api/errors'
import { SET_LIMITS } from '@shared/limits'
import { Field, TextAreaField } from '@/components/Field'
import type { CardFormValues } from './useSetForm'

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
