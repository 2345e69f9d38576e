import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react'

/** Given as the ref of the element the focus goes to when the session's view changes. */
export type FocusTarget = (element: HTMLElement | null) => void

const NO_TARGET: FocusTarget = () => undefined
const FocusTargetContext = createContext<FocusTarget>(NO_TARGET)

interface FocusSessionProps {
  /**
   * What is on show, as a key (the batch, the card, the phase...): when it changes, the focus goes
   * to the element holding the session's focus target.
   */
  view: string
  /** The first view takes the focus too (Write: the cursor in the answer box at once). Otherwise the page keeps its usual start. */
  focusAtStart?: boolean
  children: ReactNode
}

/**
 * Moves the focus to what comes next whenever the view changes, so a keyboard or screen-reader
 * user lands on it (the term of a new question, Next after an answer, Continue in a batch summary,
 * the heading at the end). The views inside only draw the state: the one element that should take
 * the focus gets `useFocusTarget()` as its ref. The study modes' shell (StudySession, in the study
 * feature) and Review are drawn in it.
 */
export function FocusSession({ view, focusAtStart = false, children }: FocusSessionProps) {
  const focusTarget = useFocusOnChange(view, focusAtStart)
  return <FocusTargetContext.Provider value={focusTarget}>{children}</FocusTargetContext.Provider>
}

/** The ref for the element that takes the focus when the session's view changes (none outside a FocusSession). */
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
