import type { Flashcard } from '#shared/api/sets'

/**
 * The study engines compare answers as text. A definition with a picture is given to them as its
 * text plus a marker and the picture's id, so two picture-only definitions are different answers
 * and a picture never equals a text; a definition that is only a recording (issue 26) likewise
 * carries its recording's id. The views turn the answer back into picture, recording and text
 * (the renderer's study/card-pictures.tsx), and read-aloud reads its text.
 */
const PICTURE = '\u0000picture:'
const RECORDING = '\u0000recording:'

type AnswerSide = Pick<Flashcard, 'definition' | 'definitionImage'> & { definitionAudio?: Flashcard['definitionAudio'] }

/** Whether a definition has no text and no picture, only a recording. */
export const isRecordingOnly = (card: AnswerSide) => card.definition.trim() === '' && !card.definitionImage && !!card.definitionAudio

/** The definition as an engine's answer text (its text alone when it has no picture and is not only a recording). */
export function answerOf(card: AnswerSide): string {
  if (card.definitionImage) return `${card.definition}${PICTURE}${card.definitionImage.id}`
  if (isRecordingOnly(card) && card.definitionAudio) return `${RECORDING}${card.definitionAudio.id}`
  return card.definition
}

/** An answer text split back into its text and its picture's (or recording's) id. */
export function splitAnswer(answer: string): { text: string; pictureId: string | null; recordingId: string | null } {
  const recording = answer.indexOf(RECORDING)
  if (recording >= 0) return { text: answer.slice(0, recording), pictureId: null, recordingId: answer.slice(recording + RECORDING.length) }
  const at = answer.indexOf(PICTURE)
  return at < 0
    ? { text: answer, pictureId: null, recordingId: null }
    : { text: answer.slice(0, at), pictureId: answer.slice(at + PICTURE.length), recordingId: null }
}

/** A definition that is a picture or a recording alone (no text to type): asked as a choice, never typed. */
export function isMediaOnly(answer: string): boolean {
  const { text, pictureId, recordingId } = splitAnswer(answer)
  return (pictureId !== null || recordingId !== null) && text.trim() === ''
}
