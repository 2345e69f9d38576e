import type { TestApp } from './test-app'

export interface ServerSentEvent {
  event: string
  data: string
}

export interface EventStream {
  status: number
  headers: Headers
  /** Every event received so far (comments and `retry:` lines are left out). */
  events: ServerSentEvent[]
  /**
   * Waits for the first event of this type (and, with `matches`, whose data passes it); fails
   * after `timeoutMs` or if the stream ends first.
   */
  next(type: string, timeoutMs?: number, matches?: (data: any) => boolean): Promise<ServerSentEvent>
  /** Resolves once the server has ended the stream; fails after `timeoutMs`. */
  ended(timeoutMs?: number): Promise<void>
  /** Cancels the request from the client side; safe to call more than once. */
  close(): Promise<void>
}

function parseEventBlock(block: string): ServerSentEvent | undefined {
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue
    const [field, ...rest] = line.split(':')
    const value = rest.join(':').replace(/^ /, '')
    if (field === 'event') event = value
    else if (field === 'data') data.push(value)
  }
  return data.length > 0 ? { event, data: data.join('\n') } : undefined
}

/**
 * Opens GET /api/realtime with fetch and reads it in the background. Always `close()` it (an
 * `afterEach` does), so no test waits on a stream that never ends.
 */
export async function openEventStream(app: TestApp, query: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return openEventStreamAt(`${app.url}/api/realtime${query}`, headers)
}

/** Opens any event stream of the app (a game's, for one) by its full URL, and reads it as above. */
export async function openEventStreamAt(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const abort = new AbortController()
  const response = await fetch(url, { headers, signal: abort.signal })
  const events: ServerSentEvent[] = []
  let done = false
  // A promise that settles at the next change (data arrived, or the stream ended).
  let wakeUp = () => {}
  let wake = { promise: new Promise<void>((resolve) => (wakeUp = resolve)) }
  const notify = () => {
    const settle = wakeUp
    wake = { promise: new Promise<void>((resolve) => (wakeUp = resolve)) }
    settle()
  }

  const pump = (async () => {
    if (!response.body) return
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { done: finished, value } = await reader.read()
        if (finished) break
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n')
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const event = parseEventBlock(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
          if (event) events.push(event)
        }
        notify()
      }
    } catch {
      // Aborted by close(), or the connection was cut: either way the stream is over.
    } finally {
      done = true
      notify()
    }
  })()

  /** Sleeps until something arrives, the stream ends, or `ms` pass. */
  async function untilChange(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    await Promise.race([wake.promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))])
    clearTimeout(timer)
  }

  async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = check()
      if (found !== undefined) return found
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out waiting for ${what}; events: ${JSON.stringify(events)}`)
      await untilChange(left)
    }
  }

  return {
    status: response.status,
    headers: response.headers,
    events,
    async next(type, timeoutMs = 3000, matches) {
      return waitFor(
        () => {
          const event = events.find((candidate) => candidate.event === type && (!matches || matches(JSON.parse(candidate.data))))
          if (!event && done) throw new Error(`the stream ended without a "${type}" event; events: ${JSON.stringify(events)}`)
          return event
        },
        `a "${type}" event`,
        timeoutMs,
      )
    },
    async ended(timeoutMs = 3000) {
      await waitFor(() => (done ? true : undefined), 'the end of the stream', timeoutMs)
    },
    async close() {
      abort.abort()
      await pump
    },
  }
}
