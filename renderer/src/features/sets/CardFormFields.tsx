import type { KeyboardEvent, Ref } from 'react'
import type { FieldErrors } from '#shared/api/errors'
import type { CardImage } from '#shared/api/media'
import { SET_LIMITS } from '#shared/limits'
import { useCardPicture } from './CardPictureField'
import type { CardFormValues } from './useSetForm'
import { Field, TextAreaField } from '@/components/Field'

interface CardFormFieldsProps {
  values: CardFormValues
  fields: FieldErrors
  onChange: (name: 'term' | 'definition', value: string) => void
  onImageChange: (name: 'termImage' | 'definitionImage', image: CardImage | null) => void
  onUploading?: (uploading: boolean) => void
  termRef?: Ref<HTMLInputElement>
  /**
   * Tab out of a complete card's Definition (both sides have text or a picture): the card is done
   * and the next card's Term comes next (the add form saves it and puts the focus back on Term).
   */
  onCardDone?: () => void
}

/** A side has text or a picture. */
const filled = (text: string, image: CardImage | null) => text.trim() !== '' || image !== null

/**
 * Term and definition, each with its picture: a side needs text or a picture. The two text fields
 * come first and the picture controls after them, so Tab goes Term -> Definition (-> the next
 * card's Term in the add form) and the pictures are still reached by Tab after the definition.
 */
export function CardFormFields({ values, fields, onChange, onImageChange, onUploading, termRef, onCardDone }: CardFormFieldsProps) {
  const picture = (side: 'Term' | 'Definition', name: 'termImage' | 'definitionImage', text: string) => ({
    side,
    image: values[name],
    text,
    onChange: (image: CardImage | null) => onImageChange(name, image),
    onUploading,
  })
  const termPicture = useCardPicture(picture('Term', 'termImage', values.term))
  const definitionPicture = useCardPicture(picture('Definition', 'definitionImage', values.definition))

  const onDefinitionKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!onCardDone || event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return
    if (!filled(values.term, values.termImage) || !filled(values.definition, values.definitionImage)) return
    event.preventDefault()
    onCardDone()
  }

  return (
    <>
      <div {...termPicture.dropTarget}>
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
      </div>
      <div {...definitionPicture.dropTarget}>
        <TextAreaField
          label="Definition"
          name="definition"
          value={values.definition}
          onChange={(e) => onChange('definition', e.target.value)}
          onKeyDown={onDefinitionKeyDown}
          error={fields.definition ?? fields.definitionImage}
          maxLength={SET_LIMITS.definition}
          hint="Text, a picture, or both."
        />
      </div>
      {termPicture.controls}
      {definitionPicture.controls}
    </>
  )
}
