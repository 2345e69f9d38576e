import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach } from 'vitest'

/**
 * For a unit test file that renders (jsdom): a React root on a fresh container for each test,
 * unmounted after it, with React's act() environment on. Read `.root` and `.container` inside tests.
 */
export function reactRootPerTest(): { readonly root: Root; readonly container: HTMLElement } {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  const current = {} as { root: Root; container: HTMLElement }
  beforeEach(() => {
    current.container = document.createElement('div')
    document.body.append(current.container)
    current.root = createRoot(current.container)
  })
  afterEach(() => {
    act(() => current.root.unmount())
    current.container.remove()
  })
  return current
}
