import { createContext, useContext } from 'react'
import type { CardImage as CardImageData } from '#shared/api/media'
import type { Flashcard } from '#shared/api/sets'
import { CardImage } from '@/components/CardImage'

/**
 * The study engines compare answers as text. A definition with a picture is given to them as its
 * text plus a marker and the picture's id, so two picture-only definitions are different answers
 * and a picture never equals a text; the views turn the answer back into picture and text.
 */
const MARK = '\u0000picture:'

/** The definition as an engine's answer text (its text alone when it has no picture). */
export function answerOf(card: Pick<Flashcard, 'definition' | 'definitionImage'>): string {
  return card.definitionImage ? `${card.definition}${MARK}${card.definitionImage.id}` : card.definition
}

/** Every card's definition as an answer text, and the pictures by id to show them again. */
export function withPictureAnswers<T extends Flashcard>(cards: readonly T[]): { cards: T[]; pictures: Map<string, CardImageData> } {
  const pictures = new Map<string, CardImageData>()
  const mapped = cards.map((card) => {
    if (!card.definitionImage) return card
    pictures.set(card.definitionImage.id, card.definitionImage)
    return { ...card, definition: answerOf(card) }
  })
  return { cards: mapped, pictures }
}

/** An answer text split back into its text and its picture's id. */
export function splitAnswer(answer: string): { text: string; pictureId: string | null } {
  const at = answer.indexOf(MARK)
  return at < 0 ? { text: answer, pictureId: null } : { text: answer.slice(0, at), pictureId: answer.slice(at + MARK.length) }
}

/** Words for an answer in a sentence ('Correct answer: ...'): its text, or 'the picture'. */
export function answerWords(answer: string): string {
  const { text, pictureId } = splitAnswer(answer)
  return text.trim() || (pictureId ? 'the picture shown' : '')
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
  const fromContext = useContext(AnswerPictures)
  const pictures = given ?? fromContext
  const { text, pictureId } = splitAnswer(answer)
  const picture = pictureId ? pictures.get(pictureId) : undefined
  return (
    <>
      {picture && <CardImage image={picture} text={text} position={0} alt={text.trim() || 'Picture answer'} />}
      {text && !pictureOnly && <span className={className}>{text}</span>}
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
