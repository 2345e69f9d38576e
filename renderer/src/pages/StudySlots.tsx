import type { ReactNode } from 'react'
import { SpeakButton } from '@/features/read-aloud'
import { StarButton, StarredNote } from '@/features/stars'
import { SpeakSlot, StarredNoteSlot, StarSlot } from '@/lib/study-slots'

/**
 * Fills the study views' slots (`@/lib/study-slots`) for a page that shows cards: read-aloud's
 * button beside each card side, the stars feature's toggle on each card and its note at the top of
 * a mode studying starred cards only. The study modes, Review and the set page draw them without
 * importing either feature (issue 25).
 */
export function StudySlots({ children }: { children: ReactNode }) {
  return (
    <SpeakSlot.Provider render={(props) => <SpeakButton {...props} />}>
      <StarSlot.Provider render={(props) => <StarButton {...props} />}>
        <StarredNoteSlot.Provider render={(props) => <StarredNote {...props} />}>{children}</StarredNoteSlot.Provider>
      </StarSlot.Provider>
    </SpeakSlot.Provider>
  )
}
