import { useCallback, useEffect, useState } from 'react'

export type Loaded<T> = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; data: T }

/** Loads `load()` on mount and whenever `reload` is called; a newer load wins over an older one. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' })
  const [round, setRound] = useState(0)
  const reload = useCallback(() => setRound((value) => value + 1), [])
  useEffect(() => {
    const controller = new AbortController()
    load(controller.signal)
      .then((data) => setLoaded({ state: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed', error })
      })
    return () => controller.abort()
    // `load` is read anew on each round; `key` names what it loads.
  }, [key, round])
  return { loaded, reload, setLoaded }
}
