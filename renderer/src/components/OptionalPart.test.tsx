// @vitest-environment jsdom
import { act, lazy } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { reactRootPerTest } from '@/lib/react-test-root'
import { OptionalPart } from './OptionalPart'

const root = reactRootPerTest()

describe('OptionalPart', () => {
  it('shows its part once loaded', async () => {
    const Part = lazy(async () => ({ default: () => <span>badge</span> }))
    await act(async () =>
      root.root.render(
        <OptionalPart>
          <Part />
        </OptionalPart>,
      ),
    )
    expect(root.container.textContent).toBe('badge')
  })

  it('shows nothing, and keeps the page, when its part cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const Part = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')))
    await act(async () =>
      root.root.render(
        <p>
          page
          <OptionalPart>
            <Part />
          </OptionalPart>
        </p>,
      ),
    )
    expect(root.container.textContent).toBe('page')
  })
})
