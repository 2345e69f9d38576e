import type { Ref } from 'react'
import type { FieldErrors } from '#shared/api/errors'
import type { CardImage } from '#shared/api/media'
import { SET_LIMITS } from '#shared/limits'
import { CardPictureField } from './CardPictureField'
import type { CardFormValues } from './useSetForm'
import { Field, TextAreaField } from '@/components/Field'

interface CardFormFieldsProps {
  values: CardFormValues
  fields: FieldErrors
  onChange: (name: 'term' | 'definition', value: string) => void
  onImageChange: (name: 'termImage' | 'definitionImage', image: CardImage | null) => void
  onUploading?: (uploading: boolean) => void
  termRef?: Ref<HTMLInputElement>
}

/** Term and definition, each with its picture: a side needs text or a picture. */
export function CardFormFields({ values, fields, onChange, onImageChange, onUploading, termRef }: CardFormFieldsProps) {
  return (
    <>
      <CardPictureField
        side="Term"
        image={values.termImage}
        text={values.term}
        onChange={(image) => onImageChange('termImage', image)}
        onUploading={onUploading}
      >
        <Field
          ref={termRef}
          label="Term"
          name="term"
          value={values.term}
          onChange={(e) => onChange('term', e.target.value)}
          error={fields.term ?? fields.termImage}
          maxLength={SET_LIMITS.term}
          hint="Text, a picture, or both."
        />
      </CardPictureField>
      <CardPictureField
        side="Definition"
        image={values.definitionImage}
        text={values.definition}
        onChange={(image) => onImageChange('definitionImage', image)}
        onUploading={onUploading}
      >
        <TextAreaField
          label="Definition"
          name="definition"
          value={values.definition}
          onChange={(e) => onChange('definition', e.target.value)}
          error={fields.definition ?? fields.definitionImage}
          maxLength={SET_LIMITS.definition}
          hint="Text, a picture, or both."
        />
      </CardPictureField>
    </>
  )
}
