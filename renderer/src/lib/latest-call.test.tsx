// @vitest-environment jsdom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { createLatestCall, type LatestCall, useLatestCall } from './latest-call'
import { reactRootPerTest } from './react-test-root'

/** A call whose answer the test gives by hand, with the signal it was given. */
function manual<T>() {
  const call = {} as { signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }
  const run = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      Object.assign(call, { signal, resolve, reject })
    })
  return { call, run }
}

describe('createLatestCall', () => {
  it("gives a call's answer, or its failure", async () => {
    const calls = createLatestCall()
    const first = manual<string>()
    const answered = calls.run(first.run)
    first.call.resolve('preview')
    await expect(answered).resolves.toEqual({ state: 'done', value: 'preview' })
    const second = manual<string>()
    const failed = calls.run(second.run)
    second.call.reject(new Error('refused'))
    await expect(failed).resolves.toEqual({ state: 'failed', error: new Error('refused') })
  })

  it('cancels the call before when a newer one starts, even if it answers afterwards', async () => {
    const calls = createLatestCall()
    const older = manual<string>()
    const newer = manual<string>()
    const first = calls.run(older.run)
    const second = calls.run(newer.run)
    expect(older.call.signal.aborted).toBe(true)
    expect(newer.call.signal.aborted).toBe(false)
    older.call.resolve('stale')
    newer.call.resolve('fresh')
    await expect(first).resolves.toEqual({ state: 'cancelled' })
    await expect(second).resolves.toEqual({ state: 'done', value: 'fresh' })
  })

  it('cancel() stops the call under way: its abort is no failure', async () => {
    const calls = createLatestCall()
    const call = manual<string>()
    const settled = calls.run(call.run)
    calls.cancel()
    expect(call.call.signal.aborted).toBe(true)
    call.call.reject(new DOMException('Aborted', 'AbortError'))
    await expect(settled).resolves.toEqual({ state: 'cancelled' })
  })

  it('cancel() after a call ended touches nothing', async () => {
    const calls = createLatestCall()
    const call = manual<string>()
    const settled = calls.run(call.run)
    call.call.resolve('done')
    await settled
    calls.cancel()
    expect(call.call.signal.aborted).toBe(false)
  })
})

describe('useLatestCall', () => {
  const rendered = reactRootPerTest()

  it('keeps one LatestCall across renders and cancels its call when the component goes', async () => {
    const seen: LatestCall[] = []
    function Uses() {
      seen.push(useLatestCall())
      return null
    }
    act(() => rendered.root.render(<Uses />))
    act(() => rendered.root.render(<Uses />))
    expect(seen[0]).toBe(seen.at(-1))
    const call = manual<string>()
    const settled = seen[0]?.run(call.run)
    act(() => rendered.root.render(null))
    expect(call.call.signal.aborted).toBe(true)
    call.call.resolve('late')
    await expect(settled).resolves.toEqual({ state: 'cancelled' })
  })
})
