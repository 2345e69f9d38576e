import { type RefObject, useLayoutEffect, useState } from 'react'
import { rowFits } from './nav-fit'

/**
 * True while the header's row (`row`) holds all its items, the navigation (`nav`, never wrapping)
 * included, side by side. Measured before paint and again whenever the row or any item changes size
 * (the window, a longer username, the due count, an offline pill), so the menu button takes over at
 * exactly the width where the navigation stops fitting.
 */
export function useNavFits(row: RefObject<HTMLElement | null>, nav: RefObject<HTMLElement | null>): boolean {
  const [fits, setFits] = useState(true)
  useLayoutEffect(() => {
    const element = row.current
    const navigation = nav.current
    if (!element || !navigation) return
    const measure = () => {
      const style = getComputedStyle(element)
      const available = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      const gap = parseFloat(style.columnGap) || 0
      // The items of the full header: everything but the menu button, the navigation at its natural width.
      const widths = [...element.children]
        .filter((child) => child instanceof HTMLElement && child.dataset.menuToggle === undefined)
        .map((child) => (child === navigation ? navigation.scrollWidth : (child as HTMLElement).offsetWidth))
      setFits(rowFits(available, widths, gap))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    observer.observe(navigation)
    for (const child of element.children) observer.observe(child)
    const mutations = new MutationObserver(() => {
      for (const child of element.children) observer.observe(child)
      measure()
    })
    mutations.observe(element, { childList: true })
    return () => {
      observer.disconnect()
      mutations.disconnect()
    }
  }, [row, nav])
  return fits
}
