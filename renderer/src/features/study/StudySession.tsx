import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react'
import { LeaveWarning } from './LeaveWarning'

/** Given as the ref of the element the focus goes to when the session's view changes. */
export type FocusTarget = (element: HTMLElement | null) => void

const NO_TARGET: FocusTarget = () => undefined
const FocusTargetContext = createContext<FocusTarget>(NO_TARGET)

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
 * The shell every study session is drawn in (each mode's, and Review's): it moves the focus to what
 * comes next whenever the view changes, so a keyboard or screen-reader user lands on it (the term
 * of a new question, Next after an answer, Continue in a batch summary, the heading at the end),
 * and with `midway` it warns before the session is left in the middle of a batch (LeaveWarning;
 * the place is kept either way, see useStudySession). The views inside only draw the state: the
 * one element that should take the focus gets `useFocusTarget()` as its ref.
 */
export function StudySession({ view, focusAtStart = false, midway, children }: StudySessionProps) {
  const focusTarget = useFocusOnChange(view, focusAtStart)
  return (
    <FocusTargetContext.Provider value={focusTarget}>
      {children}
      {midway !== undefined && <LeaveWarning active={midway} />}
    </FocusTargetContext.Provider>
  )
}

/** The ref for the element that takes the focus when the session's view changes (none outside a StudySession). */
export function useFocusTarget(): FocusTarget {
  return useContext(FocusTargetContext)
}

function useFocusOnChange(view: string, atStart: boolean): FocusTarget {
  const target = useRef<HTMLElement | null>(null)
  const shown = useRef<string | null>(null)
  useEffect(() => {
    if (shown.current === view) return
    const first = shown.current === null
    shown.current = view
    if (!first || atStart) target.current?.focus()
  }, [view, atStart])
  return useCallback((element: HTMLElement | null) => {
    target.current = element
  }, [])
}
