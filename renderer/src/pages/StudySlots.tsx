import type { ReactNode } from 'react'
import { SpeakButton } from '@/features/read-aloud'
import { StarButton, StarredNote } from '@/features/stars'
import { type SpeakProps, SpeakSlot, StarredNoteSlot, type StarProps, StarSlot } from '@/lib/study-slots'

// Made once, so the slots' places do not draw again when the page does.
const speak = (props: SpeakProps) => <SpeakButton {...props} />
const star = (props: StarProps) => <StarButton {...props} />
const starredNote = (props: { count: number }) => <StarredNote {...props} />

/**
 * Fills the study views' slots (`@/lib/study-slots`) for a page that shows cards: read-aloud's
 * button beside each card side, the stars feature's toggle on each card and its note at the top of
 * a mode studying starred cards only. The study modes, Review and the set page draw them without
 * importing either feature (issue 25).
 */
export function StudySlots({ children }: { children: ReactNode }) {
  return (
    <SpeakSlot.Provider render={speak}>
      <StarSlot.Provider render={star}>
        <StarredNoteSlot.Provider render={starredNote}>{children}</StarredNoteSlot.Provider>
      </StarSlot.Provider>
    </SpeakSlot.Provider>
  )
}
