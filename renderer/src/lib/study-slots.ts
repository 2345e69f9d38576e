import type { CardAudio } from '#shared/api/media'
import { createSlot } from './slot'

/**
 * The slots of the study views (`createSlot`, ./slot.tsx): the study modes, Review and the set
 * page place them beside the cards; the pages fill them with the read-aloud and stars features'
 * components (`renderer/src/pages/StudySlots.tsx`).
 */

/** A card side's sound button (read-aloud's SpeakButton). */
export interface SpeakProps {
  /**
   * What is read; nothing to read (a picture-only side) shows no button. An engine's answer text
   * (a definition with a picture marker, see shared/study/answer-text.ts) is read as its text.
   */
  text: string
  /** The side's language (BCP 47); with no voice for it the button is not shown. */
  language: string | null
  /** Which side: the button's name is "Read term aloud" or "Read definition aloud". */
  side: 'term' | 'definition'
  /** The side's recording: when it has one, the button plays it instead of reading aloud. */
  audio?: CardAudio | null
  className?: string
}
export const SpeakSlot = createSlot<SpeakProps>('SpeakSlot')

/** One card's star toggle (the stars feature's StarButton). */
export interface StarProps {
  starred: boolean
  onToggle: () => void
  /** Said after 'Star card' / 'Unstar card' where many cards show at once (e.g. the term). */
  cardName?: string
  disabled?: boolean
}
export const StarSlot = createSlot<StarProps>('StarSlot')

/** 'Studying N starred cards' at the top of a mode opened with `?starred=1` (the stars feature's StarredNote). */
export const StarredNoteSlot = createSlot<{ count: number }>('StarredNoteSlot')
