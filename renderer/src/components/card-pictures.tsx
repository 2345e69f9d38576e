import { createContext, useContext } from 'react'
import type { CardAudio, CardImage as CardImageData } from '#shared/api/media'
import type { Flashcard } from '#shared/api/sets'
import { CardImage } from '@/components/CardImage'
import { FormulaText, RecordingLabel } from '@/components/card-side'
import { translate, useT } from '@/lib/i18n'
import { answerOf, isRecordingOnly, splitAnswer } from '#shared/study/answer-text'

export { answerOf, isMediaOnly, splitAnswer } from '#shared/study/answer-text'

/** Words for an answer in a sentence ('Correct answer: ...'): its text, 'the picture shown' or 'the recording'. */
export function answerWords(answer: string): string {
  const { text, pictureId, recordingId } = splitAnswer(answer)
  return text.trim() || (pictureId ? translate('study.answer.pictureShown') : recordingId ? translate('study.answer.recording') : '')
}

/** Every card's definition as an answer text, and the pictures by id to show them again. */
export function withPictureAnswers<T extends Flashcard>(cards: readonly T[]): { cards: T[]; pictures: Map<string, CardImageData> } {
  const pictures = new Map<string, CardImageData>()
  const mapped = cards.map((card) => {
    if (card.definitionImage) pictures.set(card.definitionImage.id, card.definitionImage)
    else if (!isRecordingOnly(card)) return card
    return { ...card, definition: answerOf(card) }
  })
  return { cards: mapped, pictures }
}

/** The definitions' pictures by id, for views deep in a mode (Test's questions and results). */
export const AnswerPictures = createContext<Map<string, CardImageData>>(new Map())

/** An answer as shown: its picture (when it has one) and its text. */
export function AnswerContent({
  answer,
  pictures: given,
  className,
  pictureOnly = false,
}: {
  answer: string
  pictures?: Map<string, CardImageData>
  className?: string
  /** Only the picture: the text is shown elsewhere. */
  pictureOnly?: boolean
}) {
  const t = useT()
  const fromContext = useContext(AnswerPictures)
  const pictures = given ?? fromContext
  const { text, pictureId, recordingId } = splitAnswer(answer)
  const picture = pictureId ? pictures.get(pictureId) : undefined
  return (
    <>
      {picture && <CardImage image={picture} text={text} position={0} alt={text.trim() || t('study.pictureAnswer')} />}
      {text && !pictureOnly && <FormulaText text={text} className={className} />}
      {recordingId && !text && !pictureOnly && <RecordingLabel />}
    </>
  )
}

/** A side's picture (if any) above its text, for prompts. */
export function SidePicture({ card, side, size = 'large' }: { card: Flashcard; side: 'term' | 'definition'; size?: 'tile' | 'small' | 'large' }) {
  const image = side === 'term' ? card.termImage : card.definitionImage
  const text = side === 'term' ? card.term : splitAnswer(card.definition).text
  return image ? <CardImage image={image} text={text} position={card.position} size={size} /> : null
}

/**
 * The pictures of a card an engine hands back: engines type their cards narrowly (id, term,
 * definition) but keep the Flashcard objects they were given, pictures included.
 */
export function picturesOf(card: object): Pick<Flashcard, 'termImage' | 'definitionImage'> & { position: number } {
  const full = card as Partial<Flashcard>
  return { termImage: full.termImage ?? null, definitionImage: full.definitionImage ?? null, position: full.position ?? 0 }
}

/** A card's picture on one side, from an engine's card (nothing when it has none). */
export function EnginePicture({
  card,
  side,
  text,
  size = 'large',
}: {
  card: object
  side: 'term' | 'definition'
  text: string
  size?: 'tile' | 'small' | 'large'
}) {
  const pictures = picturesOf(card)
  const image = side === 'term' ? pictures.termImage : pictures.definitionImage
  return image ? <CardImage image={image} text={splitAnswer(text).text} position={pictures.position} size={size} /> : null
}

/** A card's recording on one side, from an engine's card (which keeps the Flashcard it was given), or null. */
export function audioOf(card: object, side: 'term' | 'definition'): CardAudio | null {
  const full = card as Partial<Flashcard>
  return (side === 'term' ? full.termAudio : full.definitionAudio) ?? null
}
