import { type RefObject, useEffect, useRef } from 'react'
import { type DeckKeyAction, deckKeyAction } from './flashcards'

/** Where a key belongs to the control, not the deck: text fields, selects and open dialogs. */
const OWN_KEYS = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog, [role="dialog"]'

/**
 * The deck's keys on the whole page while Flashcards is open, so they work as soon as the mode
 * opens (not only once the card has the focus). A key typed into a field or a dialog is left alone.
 */
export function useDeckKeys(onAction: (action: DeckKeyAction) => void): void {
  const latest = useRef(onAction)
  useEffect(() => {
    latest.current = onAction
  })
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      const target = event.target instanceof Element ? event.target : null
      if (target?.closest(OWN_KEYS)) return
      const nothingFocused = !target || target === document.body || target === document.documentElement
      const action = deckKeyAction(event.key, nothingFocused, document.documentElement.dir === 'rtl')
      if (!action) return
      event.preventDefault()
      latest.current(action)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}

/**
 * Brings the deck into view when Flashcards opens, unless its card already is: the view's top goes
 * under the header (its scroll-margin), so the card and its buttons show on a laptop's screen.
 */
export function useRevealOnOpen(view: RefObject<HTMLElement | null>, card: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const box = card.current?.getBoundingClientRect()
    if (!box || (box.top >= 0 && box.bottom <= window.innerHeight)) return
    view.current?.scrollIntoView({ block: 'start' })
  }, [view, card])
}
