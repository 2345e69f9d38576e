import { useEffect, useState } from 'react'

/**
 * The requests a user's action starts (an upload, a preview of a chosen file, an import), one at a
 * time: starting one cancels the one before it (its AbortSignal), and `useLatestCall` cancels the
 * one under way when the component goes (a dialog closed). Server data a view shows loads with
 * `useServerData` (server-data.ts) instead; this is for actions, which are not shared or kept.
 */

/** How a call ended: its answer, its failure, or cancelled (a newer call started, or `cancel()`). */
export type Settled<T> = { state: 'done'; value: T } | { state: 'failed'; error: unknown } | { state: 'cancelled' }

export interface LatestCall {
  /** Runs `call`, cancelling the call before it; a call cancelled meanwhile settles as `cancelled`, whatever it answered. */
  run<T>(call: (signal: AbortSignal) => Promise<T>): Promise<Settled<T>>
  /** Cancels the call under way, if any. */
  cancel(): void
}

export function createLatestCall(): LatestCall {
  let current: AbortController | null = null
  return {
    async run<T>(call: (signal: AbortSignal) => Promise<T>): Promise<Settled<T>> {
      current?.abort()
      const controller = new AbortController()
      current = controller
      try {
        const value = await call(controller.signal)
        return controller.signal.aborted ? { state: 'cancelled' } : { state: 'done', value }
      } catch (error) {
        return controller.signal.aborted ? { state: 'cancelled' } : { state: 'failed', error }
      } finally {
        if (current === controller) current = null
      }
    },
    cancel() {
      current?.abort()
      current = null
    },
  }
}

/** A component's LatestCall: the call under way is cancelled when the component unmounts. */
export function useLatestCall(): LatestCall {
  const [calls] = useState(createLatestCall)
  useEffect(() => () => calls.cancel(), [calls])
  return calls
}
