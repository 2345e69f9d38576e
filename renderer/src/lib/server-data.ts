import { useCallback, useSyncExternalStore } from 'react'

/**
 * The one way the renderer loads server data: `useServerData(key, load)`. Every component that
 * asks for the same key shares one load and one answer (two counters on a page make one request);
 * a newer load of a key cancels the older one (its AbortSignal), and the load is cancelled when
 * the last component using it goes. `refreshServerData(key)` loads a key again where it is shown
 * (keeping the data on show meanwhile), `setServerData(key, data)` puts an answer that arrived
 * another way (the due count in an answer's response) in place of a load.
 *
 * Why our own and not TanStack Query: the landing page's JavaScript budget (120 KB gzipped, and
 * the page already weighed 118 KB) has no room for its ~13 KB, and the header, on every page,
 * needs the loader. This is the part of it we use: shared keys, cancelling, refresh and set.
 */

/** Server data with a key: loading, failed or ready. */
export type Loaded<T> = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; data: T }

/** What `useServerData` gives: the data's state, how to load it again, and how to change what is shown. */
export type ServerData<T, S = Loaded<T>> = S & { loaded: S; reload: () => void; update: (change: (data: T) => T) => void }

type Load<T> = (signal: AbortSignal) => Promise<T>

interface Entry {
  snapshot: Loaded<unknown>
  load: Load<unknown>
  controller?: AbortController
  listeners: Set<() => void>
}

const IDLE = { state: 'idle' } as const
const LOADING: Loaded<never> = { state: 'loading' }
const entries = new Map<string, Entry>()

function publish(entry: Entry, snapshot: Loaded<unknown>): void {
  entry.snapshot = snapshot
  for (const listener of entry.listeners) listener()
}

function start(entry: Entry): void {
  entry.controller?.abort()
  const controller = new AbortController()
  entry.controller = controller
  // A refresh keeps the data on show; a first load (or one after a failure) shows loading.
  if (entry.snapshot.state !== 'ready') publish(entry, LOADING)
  entry.load(controller.signal).then(
    (data) => {
      if (entry.controller === controller) publish(entry, { state: 'ready', data })
    },
    (error: unknown) => {
      if (entry.controller === controller && !controller.signal.aborted) publish(entry, { state: 'failed', error })
    },
  )
}

function subscribe(key: string, load: Load<unknown>, listener: () => void): () => void {
  let entry = entries.get(key)
  if (!entry) {
    entry = { snapshot: LOADING, load, listeners: new Set() }
    entries.set(key, entry)
    start(entry)
  }
  const current = entry
  current.listeners.add(listener)
  return () => {
    current.listeners.delete(listener)
    if (current.listeners.size > 0) return
    current.controller?.abort()
    if (entries.get(key) === current) entries.delete(key)
  }
}

/**
 * The server data of `key`, loaded by `load` while a component shows it. A null key loads nothing
 * (`idle`: a visitor's count, say). `load` may change between renders: the latest one is used for
 * the next load of the key.
 */
export function useServerData<T>(key: string, load: Load<T>): ServerData<T>
export function useServerData<T>(key: string | null, load: Load<T>): ServerData<T, Loaded<T> | { state: 'idle' }>
export function useServerData<T>(key: string | null, load: Load<T>): ServerData<T, Loaded<T> | { state: 'idle' }> {
  const entry = key === null ? undefined : entries.get(key)
  if (entry) entry.load = load as Load<unknown>
  const snapshot = useSyncExternalStore(
    useCallback((listener: () => void) => (key === null ? () => {} : subscribe(key, load as Load<unknown>, listener)), [key]),
    () => (key === null ? IDLE : (entries.get(key)?.snapshot ?? LOADING)),
  ) as Loaded<T> | { state: 'idle' }
  const reload = useCallback(() => {
    if (key !== null) refreshServerData(key)
  }, [key])
  const update = useCallback(
    (change: (data: T) => T) => {
      const current = key === null ? undefined : entries.get(key)
      if (current?.snapshot.state === 'ready') publish(current, { state: 'ready', data: change(current.snapshot.data as T) })
    },
    [key],
  )
  return { ...snapshot, loaded: snapshot, reload, update }
}

/** Loads `key` again where it is shown (nothing happens where it is not). */
export function refreshServerData(key: string): void {
  const entry = entries.get(key)
  if (entry) start(entry)
}

/** Shows `data` as the answer of `key` where it is shown, cancelling a load under way. */
export function setServerData<T>(key: string, data: T): void {
  const entry = entries.get(key)
  if (!entry) return
  entry.controller?.abort()
  entry.controller = undefined
  publish(entry, { state: 'ready', data })
}
