import { useEffect, useRef, useState } from 'react'
import styles from './Reveal.module.css'

/**
 * 'static': never animated (reduced motion, or no IntersectionObserver); 'pending': waiting
 * off-screen to be revealed; 'revealed': seen once, stays so.
 */
export type RevealState = 'static' | 'pending' | 'revealed'

function canAnimate(): boolean {
  if (typeof window === 'undefined' || typeof window.IntersectionObserver !== 'function') return false
  return !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
}

/**
 * Reveals an element the first time it scrolls into view. The state is decided while rendering,
 * so a section that will animate is never painted visible first; a browser that cannot animate
 * (or a student who asked for less motion) gets the content as it is, with no hidden phase.
 * Put `revealClassName` on the element that `ref` points at.
 */
export function useRevealOnce<T extends Element>() {
  const ref = useRef<T>(null)
  const [state, setState] = useState<RevealState>(() => (canAnimate() ? 'pending' : 'static'))

  useEffect(() => {
    const element = ref.current
    if (state !== 'pending' || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        setState('revealed')
      },
      // Any pixel counts (a tall section on a phone never shows a fixed share of itself), once
      // its top has risen a little above the bottom edge of the screen.
      { threshold: 0, rootMargin: '0px 0px -8% 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [state])

  return { ref, revealClassName: styles[state] ?? '' }
}
