import { type KeyboardEvent, type RefObject, useRef } from 'react'
import type { FieldErrors } from '#shared/api/errors'
import type { CardImage } from '#shared/api/media'
import { hasFormula } from '#shared/text/formulas'
import { FormulaText } from '@/components/card-side'
import styles from './CardPictureField.module.css'
import { useT } from '@/lib/i18n'
import { CardSoundField } from './CardSoundField'
import { SET_LIMITS } from '#shared/limits'
import { useCardPicture } from './CardPictureField'
import { CardKindFields } from './CardKindFields'
import type { CardFormValues } from './useSetForm'
import { Field, TextAreaField } from '@/components/Field'

interface CardFormFieldsProps {
  values: CardFormValues
  fields: FieldErrors
  /** A field of the card changed: its text, a picture, or whether it is asked in reverse (the form's setValue). */
  onChange: <K extends keyof CardFormValues>(name: K, value: CardFormValues[K]) => void
  onUploading?: (uploading: boolean) => void
  termRef?: RefObject<HTMLInputElement | null>
  /**
   * Tab out of a complete card's Definition (both sides have text or a picture): the card is done
   * and the next card's Term comes next (the add form saves it and puts the focus back on Term).
   */
  onCardDone?: () => void
}

/** A side has text, a picture or a recording. */
const filled = (text: string, image: CardImage | null, audio: unknown) => text.trim() !== '' || image !== null || !!audio

/**
 * Term and definition, each with its picture: a side needs text or a picture. The two text fields
 * come first and the picture controls after them, so Tab goes Term -> Definition (-> the next
 * card's Term in the add form) and the pictures are still reached by Tab after the definition.
 */
export function CardFormFields({ values, fields, onChange, onUploading, termRef, onCardDone }: CardFormFieldsProps) {
  const t = useT()
  const ownTermRef = useRef<HTMLInputElement>(null)
  const term = termRef ?? ownTermRef
  const picture = (side: 'Term' | 'Definition', name: 'termImage' | 'definitionImage', text: string) => ({
    side,
    image: values[name],
    text,
    onChange: (image: CardImage | null) => onChange(name, image),
    onUploading,
  })
  const termPicture = useCardPicture(picture('Term', 'termImage', values.term))
  const definitionPicture = useCardPicture(picture('Definition', 'definitionImage', values.definition))

  const onDefinitionKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!onCardDone || event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return
    if (!filled(values.term, values.termImage, values.termAudio) || !filled(values.definition, values.definitionImage, values.definitionAudio)) return
    event.preventDefault()
    onCardDone()
  }

  return (
    <>
      <div {...termPicture.dropTarget}>
        <Field
          ref={term}
          label={t('card.term')}
          name="term"
          value={values.term}
          onChange={(e) => onChange('term', e.target.value)}
          error={fields.term ?? fields.termImage}
          maxLength={SET_LIMITS.term}
          hint={t('card.termHint')}
        />
        <FormulaPreview side="Term" text={values.term} />
      </div>
      <div {...definitionPicture.dropTarget}>
        <TextAreaField
          label={t('card.definition')}
          name="definition"
          value={values.definition}
          onChange={(e) => onChange('definition', e.target.value)}
          onKeyDown={onDefinitionKeyDown}
          error={fields.definition ?? fields.definitionImage}
          maxLength={SET_LIMITS.definition}
          hint={t('card.definitionHint')}
        />
        <FormulaPreview side="Definition" text={values.definition} />
      </div>
      {termPicture.controls}
      {definitionPicture.controls}
      <CardKindFields
        values={values}
        termRef={term}
        onTermChange={(text) => onChange('term', text)}
        onReverseChange={(reverse) => onChange('reverse', reverse)}
        error={fields.reverse}
      />
      <CardSoundField side="Term" audio={values.termAudio} onChange={(audio) => onChange('termAudio', audio)} onUploading={onUploading} />
      {fields.termAudio && (
        <p className={styles.error} role="alert">
          {fields.termAudio}
        </p>
      )}
      <CardSoundField side="Definition" audio={values.definitionAudio} onChange={(audio) => onChange('definitionAudio', audio)} onUploading={onUploading} />
      {fields.definitionAudio && (
        <p className={styles.error} role="alert">
          {fields.definitionAudio}
        </p>
      )}
    </>
  )
}

/** A side's text as it will be shown, once it holds a formula: the editor's live preview. */
function FormulaPreview({ side, text }: { side: string; text: string }) {
  const t = useT()
  if (!hasFormula(text)) return null
  return (
    <p className={styles.formulaPreview} aria-label={t('card.preview', { side: side.toLowerCase() })}>
      <FormulaText text={text} />
    </p>
  )
}
