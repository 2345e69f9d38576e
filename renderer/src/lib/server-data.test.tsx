// @vitest-environment jsdom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { reactRootPerTest } from './react-test-root'
import { refreshServerData, setServerData, useServerData } from './server-data'

/** A load whose answers the test gives by hand, counting the calls and the cancelled ones. */
function manualLoad<T>() {
  const calls: { signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }[] = []
  const load = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject })
    })
  return { load, calls }
}

const rendered = reactRootPerTest()

function Shown({ name, load }: { name: string | null; load: (signal: AbortSignal) => Promise<string> }) {
  const data = useServerData(name, load)
  return <p>{data.state === 'ready' ? data.data : data.state}</p>
}

const texts = () => [...rendered.container.querySelectorAll('p')].map((p) => p.textContent)

describe('useServerData', () => {
  it('loads a key once for every component showing it, and shows the answer in each', async () => {
    const { load, calls } = manualLoad<string>()
    act(() =>
      rendered.root.render(
        <>
          <Shown name="count" load={load} />
          <Shown name="count" load={load} />
        </>,
      ),
    )
    expect(texts()).toEqual(['loading', 'loading'])
    expect(calls).toHaveLength(1)
    await act(async () => calls[0]?.resolve('3 due'))
    expect(texts()).toEqual(['3 due', '3 due'])
  })

  it('loads nothing for a null key', () => {
    const { load, calls } = manualLoad<string>()
    act(() => rendered.root.render(<Shown name={null} load={load} />))
    expect(texts()).toEqual(['idle'])
    expect(calls).toHaveLength(0)
  })

  it('cancels the load when the last component showing it goes, and when a newer load of it starts', async () => {
    const { load, calls } = manualLoad<string>()
    act(() => rendered.root.render(<Shown name="a" load={load} />))
    act(() => refreshServerData('a'))
    expect(calls).toHaveLength(2)
    expect(calls[0]?.signal.aborted).toBe(true)
    // The older answer arriving late is not shown.
    await act(async () => calls[0]?.resolve('old'))
    expect(texts()).toEqual(['loading'])
    act(() => rendered.root.render(<Shown name="b" load={load} />))
    expect(calls[1]?.signal.aborted).toBe(true)
    expect(calls).toHaveLength(3)
  })

  it('keeps the data on show while it loads again, and shows a failure as failed', async () => {
    const { load, calls } = manualLoad<string>()
    act(() => rendered.root.render(<Shown name="k" load={load} />))
    await act(async () => calls[0]?.resolve('first'))
    act(() => refreshServerData('k'))
    expect(texts()).toEqual(['first'])
    await act(async () => calls[1]?.reject(new Error('no')))
    expect(texts()).toEqual(['failed'])
  })

  it('shows data set from elsewhere in place of a load (an answer that carried it)', async () => {
    const { load, calls } = manualLoad<string>()
    act(() => rendered.root.render(<Shown name="due" load={load} />))
    act(() => setServerData('due', '2 due'))
    expect(texts()).toEqual(['2 due'])
    expect(calls[0]?.signal.aborted).toBe(true)
    // Where nothing shows the key, setting it keeps nothing.
    act(() => setServerData('nobody', 'x'))
    act(() => rendered.root.render(<Shown name="nobody" load={load} />))
    expect(texts()).toEqual(['loading'])
  })
})
