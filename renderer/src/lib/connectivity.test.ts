import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages } from '#shared/messages'
import { ApiError, api } from './api'
import { connectivity, createConnectivity } from './connectivity'

/** A connectivity state with a probe the test answers and timers the test fires. */
function harness(startOffline = false) {
  const timers: Array<{ run: () => void; ms: number }> = []
  const answers: Array<(up: boolean) => void> = []
  const state = createConnectivity({
    startOffline,
    backoffMs: [100, 200, 400],
    probe: () => new Promise<boolean>((resolve) => answers.push(resolve)),
    setTimer: (run, ms) => {
      const timer = { run, ms }
      timers.push(timer)
      return timer
    },
    clearTimer: (timer) => {
      const index = timers.indexOf(timer as (typeof timers)[number])
      if (index >= 0) timers.splice(index, 1)
    },
  })
  const fireTimer = () => {
    const timer = timers.shift()
    if (!timer) throw new Error('no timer is waiting')
    timer.run()
    return timer.ms
  }
  const answerProbe = async (up: boolean) => {
    const answer = answers.shift()
    if (!answer) throw new Error('no health check is under way')
    answer(up)
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { state, timers, answers, fireTimer, answerProbe }
}

describe('the connectivity state', () => {
  it('a network error marks the app offline, and a health check that answers ok marks it online', async () => {
    const { state, fireTimer, answerProbe } = harness()
    const changes = vi.fn()
    state.subscribe(changes)
    expect(state.isOffline()).toBe(false)
    state.reportNetworkFailure()
    expect(state.isOffline()).toBe(true)
    expect(fireTimer()).toBe(100)
    await answerProbe(true)
    expect(state.isOffline()).toBe(false)
    expect(changes).toHaveBeenCalledTimes(2)
  })

  it('checks the server with a backoff while it stays out of reach, the last delay repeating', async () => {
    const { state, timers, fireTimer, answerProbe } = harness()
    state.reportNetworkFailure()
    const delays: number[] = []
    for (let check = 0; check < 4; check++) {
      delays.push(fireTimer())
      await answerProbe(false)
      expect(state.isOffline()).toBe(true)
    }
    expect(delays).toEqual([100, 200, 400, 400])
    expect(timers).toHaveLength(1)
    // More failures meanwhile do not start a second countdown.
    state.reportNetworkFailure()
    expect(timers).toHaveLength(1)
  })

  it('any answer of the server, a 4xx or 5xx too, means it was reached: that is not offline', () => {
    const { state, timers } = harness(true)
    expect(state.isOffline()).toBe(true)
    state.reportAnswer()
    expect(state.isOffline()).toBe(false)
    expect(timers).toHaveLength(0)
  })

  it("the browser's offline event counts; its online event starts a check at once instead of being believed", async () => {
    const { state, answers, answerProbe } = harness()
    state.reportBrowserOffline()
    expect(state.isOffline()).toBe(true)
    state.checkNow()
    expect(answers).toHaveLength(1)
    await answerProbe(false)
    expect(state.isOffline()).toBe(true)
    state.checkNow()
    await answerProbe(true)
    expect(state.isOffline()).toBe(false)
  })

  it('a check that started before a newer answer does not overrule it', async () => {
    const { state, fireTimer, answerProbe } = harness()
    state.reportNetworkFailure()
    fireTimer()
    state.reportAnswer()
    await answerProbe(false)
    expect(state.isOffline()).toBe(false)
  })

  it('a page checks once at start: a failed check marks it offline and keeps checking', async () => {
    const { state, timers, answerProbe } = harness()
    state.checkNow()
    await answerProbe(false)
    expect(state.isOffline()).toBe(true)
    expect(timers).toHaveLength(1)
  })
})

describe('the API client reports to the connectivity state', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    connectivity.reportAnswer()
  })

  it('a request with no answer marks the app offline and says it needs a connection', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const failure = await api('GET /api/sets').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).code).toBe('network')
    expect((failure as ApiError).message).toBe(messages.offline)
    expect(connectivity.isOffline()).toBe(true)
  })

  it.each([400, 404, 500, 503])('an answer of %i is an error of the server, not a sign of being offline', async (status) => {
    connectivity.reportNetworkFailure()
    const body = JSON.stringify({ error: { status, code: 'internal', message: 'No.' } })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status })),
    )
    const failure = await api('GET /api/sets').catch((error: unknown) => error)
    expect((failure as ApiError).status).toBe(status)
    expect(connectivity.isOffline()).toBe(false)
  })

  it("the caller's own abort is an abort, not a network failure", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    )
    const controller = new AbortController()
    const pending = api('GET /api/sets', { signal: controller.signal }).catch((error: unknown) => error)
    controller.abort()
    expect(((await pending) as Error).name).toBe('AbortError')
    expect(connectivity.isOffline()).toBe(false)
  })

  it('a request that gets no answer in time counts as a network failure', async () => {
    vi.useFakeTimers()
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_url: string, init: RequestInit) =>
            new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'AbortError')))),
        ),
      )
      const pending = api('GET /api/sets').catch((error: unknown) => error)
      await vi.advanceTimersByTimeAsync(20_000)
      const failure = (await pending) as ApiError
      expect(failure.code).toBe('network')
      expect(connectivity.isOffline()).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
