import type { ReactNode } from 'react'
import { FocusSession } from '@/lib/focus-session'
import { LeaveWarning } from './LeaveWarning'

export { type FocusTarget, useFocusTarget } from '@/lib/focus-session'

interface StudySessionProps {
  /**
   * What is on show, as a key (the batch, the card, the phase...): when it changes, the focus goes
   * to the element holding the session's focus target.
   */
  view: string
  /** The first view takes the focus too (Write: the cursor in the answer box at once). Otherwise the page keeps its usual start. */
  focusAtStart?: boolean
  /** Given for a mode whose session can be left midway (Learn, Write): while true, leaving asks first. */
  midway?: boolean
  children: ReactNode
}

/**
 * The shell every study mode's session is drawn in: it moves the focus to what comes next whenever
 * the view changes (FocusSession, `@/lib/focus-session`, which Review is drawn in too), and with
 * `midway` it warns before the session is left in the middle of a batch (LeaveWarning; the place is
 * kept either way, see useStudySession). The views inside only draw the state: the one element that
 * should take the focus gets `useFocusTarget()` as its ref.
 */
export function StudySession({ view, focusAtStart = false, midway, children }: StudySessionProps) {
  return (
    <FocusSession view={view} focusAtStart={focusAtStart}>
      {children}
      {midway !== undefined && <LeaveWarning active={midway} />}
    </FocusSession>
  )
}
