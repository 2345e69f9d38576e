// @vitest-environment jsdom
import { act } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { reactRootPerTest } from '@/lib/react-test-root'
import { type SetFiltersState, useSetFilters } from './useSetFilters'

const react = reactRootPerTest()

/** The hook's state of each render, the first one first. */
let renders: SetFiltersState[] = []

function Probe() {
  renders.push(useSetFilters())
  return null
}

async function show(): Promise<void> {
  const router = createBrowserRouter([{ path: '/my-sets', element: <Probe /> }])
  await act(async () => react.root.render(<RouterProvider router={router} />))
}

const address = () => window.location.search

beforeEach(() => {
  renders = []
  window.history.replaceState(null, '', '/my-sets?q=membranes&tag=EXAM&tag=LANG')
})

describe('useSetFilters', () => {
  it('reads the search and tags from the address', async () => {
    await show()
    const latest = renders.at(-1)
    expect(latest?.search).toBe('membranes')
    expect(latest?.tags).toEqual(['EXAM', 'LANG'])
    expect(latest?.active).toBe(true)
  })

  it('a change made from an older render starts from the address as it is now, not as that render saw it', async () => {
    // A timer or handler set up by an earlier render (the search box's delayed write) runs after
    // the address changed but before the page drew it again, as on a busy device.
    await show()
    const first = renders[0]
    await act(async () => renders.at(-1)?.clear())
    expect(address()).toBe('')
    await act(async () => first?.toggleTag('BIO'))
    expect(new URLSearchParams(address()).getAll('tag')).toEqual(['BIO'])
    expect(new URLSearchParams(address()).get('q')).toBeNull()
  })

  it('toggles a tag on and off, keeping the search', async () => {
    await show()
    await act(async () => renders.at(-1)?.toggleTag('EXAM'))
    expect(address()).toBe('?q=membranes&tag=LANG')
    await act(async () => renders.at(-1)?.toggleTag('BIO'))
    expect(address()).toBe('?q=membranes&tag=LANG&tag=BIO')
  })
})
