import { describe, expect, it } from 'vitest'
import { type QueuedItem, type SendResult, backoffMs, createAnswerQueue, memoryQueueStore } from './answer-queue'
import { CLIENT_ID_PATTERN, newClientId } from './client-id'

/** A fake server: records the client ids it took, answers each send from a script (ok by default). */
function harness(script: Array<SendResult | 'ok'> = []) {
  const store = memoryQueueStore()
  const received: string[] = []
  const sent: string[] = []
  const scheduled: number[] = []
  let time = 1_000_000
  const queue = createAnswerQueue({
    store,
    now: () => time,
    schedule: (ms) => scheduled.push(ms),
    send: async (item: QueuedItem) => {
      sent.push(item.body.clientId)
      const next = script.shift() ?? 'ok'
      if (next === 'ok') {
        // The server's rule: the same client id is taken once.
        if (!received.includes(item.body.clientId)) received.push(item.body.clientId)
        return { ok: true }
      }
      return next
    },
  })
  const add = (owner: string, id: string) => queue.enqueue({ owner, kind: 'answer', setId: 's1', body: { clientId: id, cardId: id } })
  return { store, queue, received, sent, scheduled, add, advance: (ms: number) => (time += ms) }
}

const fail = (status: number, retryAfterSeconds?: number): SendResult => ({ ok: false, failure: { status, retryAfterSeconds } })

describe('answer queue', () => {
  it('sends the answers in the order they were given, each once, and empties the queue', async () => {
    const h = harness()
    for (const id of ['a', 'b', 'c']) await h.add('u1', id)
    expect(await h.queue.flush('u1')).toBe('empty')
    expect(h.received).toEqual(['a', 'b', 'c'])
    expect(h.sent).toEqual(['a', 'b', 'c'])
    expect(await h.queue.count('u1')).toBe(0)
  })

  it('keeps the order across a failure: nothing after a failed answer is sent before it', async () => {
    const h = harness(['ok', fail(0)])
    for (const id of ['a', 'b', 'c']) await h.add('u1', id)
    expect(await h.queue.flush('u1')).toBe('waiting')
    expect(h.sent).toEqual(['a', 'b'])
    h.advance(backoffMs(1))
    expect(await h.queue.flush('u1')).toBe('empty')
    expect(h.sent).toEqual(['a', 'b', 'b', 'c'])
    expect(h.received).toEqual(['a', 'b', 'c'])
  })

  it('waits longer after each failure (1 s, 2 s, 4 s ... at most a minute) and not before its time', async () => {
    const h = harness([fail(503), fail(0), fail(500)])
    await h.add('u1', 'a')
    await h.queue.flush('u1')
    expect(h.scheduled).toEqual([1000])
    // Too early: not sent again.
    expect(await h.queue.flush('u1')).toBe('waiting')
    expect(h.sent).toEqual(['a'])
    h.advance(1000)
    await h.queue.flush('u1')
    h.advance(2000)
    await h.queue.flush('u1')
    expect(h.scheduled).toEqual([1000, 1000, 2000, 4000])
    h.advance(4000)
    expect(await h.queue.flush('u1')).toBe('empty')
    expect(h.received).toEqual(['a'])
    expect([backoffMs(1), backoffMs(2), backoffMs(3), backoffMs(20)]).toEqual([1000, 2000, 4000, 60_000])
  })

  it('honours Retry-After on 429 and retries 408', async () => {
    const h = harness([fail(429, 30), fail(408)])
    await h.add('u1', 'a')
    await h.queue.flush('u1')
    expect(h.scheduled).toEqual([30_000])
    h.advance(30_000)
    await h.queue.flush('u1')
    h.advance(2000)
    expect(await h.queue.flush('u1')).toBe('empty')
    expect(h.received).toEqual(['a'])
  })

  it('drops an answer the server refuses (4xx) instead of retrying it forever, and goes on', async () => {
    const h = harness([fail(400), fail(404)])
    for (const id of ['bad', 'gone', 'good']) await h.add('u1', id)
    expect(await h.queue.flush('u1')).toBe('empty')
    expect(h.sent).toEqual(['bad', 'gone', 'good'])
    expect(h.received).toEqual(['good'])
    expect(await h.queue.count('u1')).toBe(0)
  })

  it('tells of each refused answer (its set and the status) before dropping it, and loses nothing else', async () => {
    const store = memoryQueueStore()
    const refused: Array<[string, string, number]> = []
    const script: SendResult[] = [{ ok: true }, fail(404), fail(0), { ok: true }, fail(403), { ok: true }]
    const queue = createAnswerQueue({
      store,
      send: async () => script.shift() ?? { ok: true },
      onRefused: (item, failure) => {
        refused.push([item.setId, item.body.clientId, failure.status])
        // Told while the answer is still queued: a crash here loses nothing.
        expect(store.items.map((entry) => entry.body.clientId)).toContain(item.body.clientId)
      },
    })
    const order: Array<[setId: string, clientId: string]> = [
      ['s1', 'a'],
      ['gone', 'b'],
      ['s1', 'c'],
      ['hidden', 'd'],
      ['s1', 'e'],
    ]
    for (const [setId, id] of order) await queue.enqueue({ owner: 'u1', kind: 'answer', setId, body: { clientId: id } })
    expect(await queue.flush('u1')).toBe('waiting')
    expect(await queue.flush('u1', { ignoreBackoff: true })).toBe('empty')
    expect(refused).toEqual([
      ['gone', 'b', 404],
      ['hidden', 'd', 403],
    ])
    expect(await queue.count('u1')).toBe(0)
  })

  it('goes on when telling of a refused answer fails', async () => {
    const store = memoryQueueStore()
    const sent: string[] = []
    const queue = createAnswerQueue({
      store,
      send: async (item) => (sent.push(item.body.clientId), item.body.clientId === 'bad' ? fail(404) : { ok: true }),
      onRefused: async () => {
        throw new Error('no database')
      },
    })
    for (const id of ['bad', 'good']) await queue.enqueue({ owner: 'u1', kind: 'answer', setId: 's', body: { clientId: id } })
    expect(await queue.flush('u1')).toBe('empty')
    expect(sent).toEqual(['bad', 'good'])
  })

  it('a resend of an answer the server already took (its answer was lost) is counted once', async () => {
    const store = memoryQueueStore()
    const received = new Map<string, number>()
    let loseAnswer = true
    const queue = createAnswerQueue({
      store,
      send: async (item) => {
        received.set(item.body.clientId, 1) // the server keeps one answer per client id
        if (loseAnswer) {
          loseAnswer = false
          return { ok: false, failure: { status: 0 } }
        }
        return { ok: true }
      },
    })
    await queue.enqueue({ owner: 'u1', kind: 'answer', setId: 's', body: { clientId: 'x' } })
    await queue.flush('u1')
    expect(await queue.flush('u1', { ignoreBackoff: true })).toBe('empty')
    expect([...received.entries()]).toEqual([['x', 1]])
  })

  it('pauses on 401 with the answers kept, and resumes after signing in again', async () => {
    const h = harness([fail(401)])
    for (const id of ['a', 'b']) await h.add('u1', id)
    expect(await h.queue.flush('u1')).toBe('paused')
    expect(await h.queue.flush('u1', { ignoreBackoff: true })).toBe('paused')
    expect(await h.queue.count('u1')).toBe(2)
    h.queue.resume()
    expect(await h.queue.flush('u1')).toBe('empty')
    expect(h.received).toEqual(['a', 'b'])
  })

  it("sends only the owner's answers", async () => {
    const h = harness()
    await h.add('u1', 'mine')
    await h.add('u2', 'theirs')
    await h.queue.flush('u1')
    expect(h.received).toEqual(['mine'])
    expect(await h.queue.count('u2')).toBe(1)
  })

  it('runs one flush at a time', async () => {
    const h = harness()
    for (const id of ['a', 'b']) await h.add('u1', id)
    await Promise.all([h.queue.flush('u1'), h.queue.flush('u1')])
    expect(h.sent).toEqual(['a', 'b'])
  })
})

describe('client ids', () => {
  it('use randomUUID where it exists and getRandomValues on a plain-HTTP address', () => {
    const withUuid = newClientId({ randomUUID: () => '123e4567-e89b-42d3-a456-426614174000', getRandomValues: crypto.getRandomValues.bind(crypto) })
    expect(withUuid).toBe('123e4567-e89b-42d3-a456-426614174000')
    const without = newClientId({ getRandomValues: crypto.getRandomValues.bind(crypto) })
    expect(without).toMatch(CLIENT_ID_PATTERN)
    expect(without).toHaveLength(32)
    expect(newClientId({ getRandomValues: crypto.getRandomValues.bind(crypto) })).not.toBe(without)
  })
})
