/**
 * The queue of answers given while offline (or not yet confirmed by the server), sent in order,
 * each exactly once: every answer carries a client id, and the server answers the same id sent
 * again with 200 and changes nothing, so a send whose answer was lost is simply sent again.
 *
 * Pure logic over a QueueStore (IndexedDB in the app, memory in the tests) and a send function.
 */

/** What a queued item is sent to: a study answer or a Match result. */
export type QueuedKind = 'answer' | 'match'

export interface QueuedItem {
  /** Insertion order (IndexedDB's auto-increment key); absent until stored. */
  seq?: number
  /** The user who gave the answer: sent only with their session, cleared when they leave. */
  owner: string
  kind: QueuedKind
  setId: string
  body: Record<string, unknown> & { clientId: string }
  attempts: number
  /** Not sent again before this time (ms since the epoch): the backoff after a failed send. */
  notBefore: number
}

export interface QueueStore {
  add(item: QueuedItem): Promise<void>
  /** The owner's items in insertion order. */
  list(owner: string): Promise<QueuedItem[]>
  update(item: QueuedItem): Promise<void>
  remove(seq: number): Promise<void>
}

/** What a failed send looked like: an HTTP status (0 when no answer arrived) and a Retry-After. */
export interface SendFailure {
  status: number
  retryAfterSeconds?: number
}

export type SendResult = { ok: true } | { ok: false; failure: SendFailure }

export const BACKOFF_BASE_MS = 1_000
export const BACKOFF_MAX_MS = 60_000

/** 1 s, 2 s, 4 s ... up to a minute after the nth failed attempt. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
}

/** Worth sending again: no answer, a timeout, rate limiting or a server error. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500
}

export type FlushOutcome = 'empty' | 'waiting' | 'paused'

export interface AnswerQueueOptions {
  store: QueueStore
  send: (item: QueuedItem) => Promise<SendResult>
  now?: () => number
  /** Asks for another flush after `ms` (the app sets a timer; the tests step time themselves). */
  schedule?: (ms: number) => void
  /** Told after every change of the queue (the header's "N answers waiting to sync"). */
  onChange?: () => void
  /** Told of an answer the server refused for good (4xx), before it leaves the queue: the student is shown it. */
  onRefused?: (item: QueuedItem, failure: SendFailure) => Promise<void> | void
}

export function createAnswerQueue({
  store,
  send,
  now = Date.now,
  schedule = () => undefined,
  onChange = () => undefined,
  onRefused = () => undefined,
}: AnswerQueueOptions) {
  let paused = false
  let running: Promise<FlushOutcome> | null = null

  async function runFlush(owner: string, ignoreBackoff: boolean): Promise<FlushOutcome> {
    for (;;) {
      if (paused) return 'paused'
      const [head] = await store.list(owner)
      if (!head || head.seq === undefined) return 'empty'
      const wait = head.notBefore - now()
      if (wait > 0 && !ignoreBackoff) {
        schedule(wait)
        return 'waiting'
      }
      const result = await send(head)
      if (result.ok) {
        await store.remove(head.seq)
        onChange()
        continue
      }
      const { status, retryAfterSeconds } = result.failure
      if (status === 401) {
        // The session ended: keep the answers and wait for the same student to sign in again.
        paused = true
        return 'paused'
      }
      if (!isRetryable(status)) {
        // The server will never take this one (a deleted set or card, an answer too old): the
        // student is told, then it leaves the queue so the answers after it go through.
        try {
          await onRefused(head, result.failure)
        } catch {
          // Telling failed (no database): the answer still cannot be sent; the rest must not wait on it.
        }
        await store.remove(head.seq)
        onChange()
        continue
      }
      const attempts = head.attempts + 1
      const delay = Math.max(backoffMs(attempts), (retryAfterSeconds ?? 0) * 1000)
      await store.update({ ...head, attempts, notBefore: now() + delay })
      schedule(delay)
      return 'waiting'
    }
  }

  return {
    /** Stores an answer at the end of the queue. */
    async enqueue(item: Omit<QueuedItem, 'attempts' | 'notBefore' | 'seq'>): Promise<void> {
      await store.add({ ...item, attempts: 0, notBefore: 0 })
      onChange()
    },
    /**
     * Sends the owner's answers in order until the queue is empty, a send fails (then waits its
     * backoff) or the session ends. One flush at a time; `ignoreBackoff` when the network just came back.
     */
    flush(owner: string, { ignoreBackoff = false } = {}): Promise<FlushOutcome> {
      if (running) return running
      running = runFlush(owner, ignoreBackoff).finally(() => {
        running = null
      })
      return running
    },
    /** Sending resumes after a new sign-in. */
    resume(): void {
      paused = false
    },
    isPaused: () => paused,
    count: async (owner: string) => (await store.list(owner)).length,
  }
}

export type AnswerQueue = ReturnType<typeof createAnswerQueue>

/** A QueueStore in memory: the tests' store, and the app's when IndexedDB is unavailable. */
export function memoryQueueStore(): QueueStore & { items: QueuedItem[] } {
  let next = 1
  const items: QueuedItem[] = []
  return {
    items,
    async add(item) {
      items.push({ ...item, seq: next++ })
    },
    async list(owner) {
      return items.filter((item) => item.owner === owner).map((item) => ({ ...item }))
    },
    async update(item) {
      const index = items.findIndex((entry) => entry.seq === item.seq)
      if (index >= 0) items[index] = { ...item }
    },
    async remove(seq) {
      const index = items.findIndex((entry) => entry.seq === seq)
      if (index >= 0) items.splice(index, 1)
    },
  }
}
