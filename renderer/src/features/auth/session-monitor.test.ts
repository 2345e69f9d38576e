import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthResponse, User } from '#shared/api/users'
import { ownAccountChange, ownAccountChangeSettled } from './own-changes'
import { type EventStream, type InvalidationReason, invalidationMessages, SessionMonitor, tokenExpiryMs } from './session-monitor'

const user: User = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.org',
  verified: true,
  plan: { id: 'p', name: 'Free' },
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
}

/** A JWT-shaped token expiring at `expMs` (the monitor reads, never verifies, it). */
function tokenExpiringAt(expMs: number): string {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(expMs / 1000) }))
  return `header.${payload.replace(/=+$/, '')}.signature`
}

class FakeStream implements EventStream {
  readyState = 1
  onerror: ((event: Event) => void) | null = null
  closed = false
  private listeners = new Map<string, (event: MessageEvent<string>) => void>()
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener)
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>)
  }
  refuse() {
    this.readyState = 2
    this.onerror?.(new Event('error'))
  }
  close() {
    this.closed = true
  }
}

const unauthenticated = Object.assign(new Error('no'), { status: 401 })
const offline = Object.assign(new Error('offline'), { status: 0 })

function setup(
  options: {
    token?: string
    refresh?: (token: string) => Promise<AuthResponse>
    fetchMe?: () => Promise<{ user: User }>
    ownChangeSettled?: () => Promise<unknown>
  } = {},
) {
  let token: string | null = options.token ?? tokenExpiringAt(Date.now() + 3600_000)
  const streams: FakeStream[] = []
  const invalidated: InvalidationReason[] = []
  const updatedUsers: User[] = []
  const monitor = new SessionMonitor({
    token: () => token,
    refresh: options.refresh ?? (async () => ({ token: token ?? '', user })),
    fetchMe: options.fetchMe ?? (async () => ({ user })),
    openStream: () => {
      const stream = new FakeStream()
      streams.push(stream)
      return stream
    },
    onRefreshed: (auth) => {
      token = auth.token
    },
    onUserUpdated: (next) => updatedUsers.push(next),
    onInvalidated: (reason) => invalidated.push(reason),
    now: () => Date.now(),
    ownChangeSettled: options.ownChangeSettled,
  })
  /** What the page holds now (a new token, or none once it signed out). */
  const setToken = (next: string | null) => {
    token = next
  }
  return { monitor, streams, invalidated, updatedUsers, setToken }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('SessionMonitor', () => {
  it('maps each reason to the spec message', () => {
    expect(invalidationMessages).toEqual({
      expired: 'Your session has expired. Please log in again.',
      credentialsChanged: 'Your account credentials have been updated.',
      noLongerValid: 'Your session is no longer valid.',
      deleted: 'Your account has been deleted.',
      periodicCheckFailed: 'Your session has expired.',
    })
  })

  it('reads the expiry of a token', () => {
    expect(tokenExpiryMs(tokenExpiringAt(1_800_000_000_000))).toBe(1_800_000_000_000)
    expect(tokenExpiryMs('not a token')).toBeUndefined()
  })

  it('reports an already expired token without calling the server', () => {
    const refresh = vi.fn()
    const { monitor, invalidated, streams } = setup({ token: tokenExpiringAt(Date.now() - 1000), refresh })
    monitor.start()
    expect(invalidated).toEqual(['expired'])
    expect(refresh).not.toHaveBeenCalled()
    expect(streams).toHaveLength(0)
  })

  it('reports a refused refresh on start as no longer valid', async () => {
    const { monitor, invalidated } = setup({ refresh: async () => Promise.reject(unauthenticated) })
    monitor.start()
    await vi.runOnlyPendingTimersAsync()
    expect(invalidated).toEqual(['noLongerValid'])
  })

  it('keeps the session when the server cannot be reached (offline)', async () => {
    const { monitor, invalidated } = setup({ refresh: async () => Promise.reject(offline), fetchMe: async () => Promise.reject(offline) })
    monitor.start()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(invalidated).toEqual([])
    monitor.stop()
  })

  it('reports changed credentials from the realtime stream once the token is refused, once, and closes the stream', async () => {
    let tokenKeyRotated = false
    const { monitor, streams, invalidated } = setup({ refresh: async () => (tokenKeyRotated ? Promise.reject(unauthenticated) : { token: 't', user }) })
    monitor.start()
    await vi.advanceTimersByTimeAsync(0)
    tokenKeyRotated = true
    streams[0]?.emit('user.updated', { tokenKeyChanged: true })
    await vi.advanceTimersByTimeAsync(0)
    streams[0]?.emit('user.deleted', { id: 'u1' })
    await vi.advanceTimersByTimeAsync(0)
    expect(invalidated).toEqual(['credentialsChanged'])
    expect(streams[0]?.closed).toBe(true)
  })

  it('reports a deleted account', async () => {
    const { monitor, streams, invalidated } = setup()
    monitor.start()
    streams[0]?.emit('user.deleted', { id: 'u1' })
    await vi.advanceTimersByTimeAsync(0)
    expect(invalidated).toEqual(['deleted'])
  })

  it("waits for this device's own password change and keeps the session when the page holds the new token", async () => {
    let finishChange = () => undefined as void
    const change = ownAccountChange(() => new Promise<void>((resolve) => (finishChange = resolve)))
    const fresh = tokenExpiringAt(Date.now() + 7200_000)
    const refresh = vi.fn(async (token: string) => (token === fresh ? { token: fresh, user } : Promise.reject(unauthenticated)))
    const { monitor, streams, invalidated, setToken } = setup({ token: fresh, refresh, ownChangeSettled: ownAccountChangeSettled })
    monitor.start()
    await vi.advanceTimersByTimeAsync(0)
    // The server's event comes before the page has its answer (the old token is refused by now).
    setToken(tokenExpiringAt(Date.now() + 3600_000))
    streams[0]?.emit('user.updated', { tokenKeyChanged: true })
    await vi.advanceTimersByTimeAsync(0)
    expect(invalidated).toEqual([])
    setToken(fresh)
    finishChange()
    await change
    await vi.advanceTimersByTimeAsync(0)
    expect(invalidated).toEqual([])
    expect(refresh).toHaveBeenLastCalledWith(fresh)
    monitor.stop()
  })

  it('ends quietly when the page signed out during its own change (account deleted or email changed here)', async () => {
    const { monitor, streams, invalidated, setToken } = setup({ ownChangeSettled: ownAccountChangeSettled })
    monitor.start()
    await vi.advanceTimersByTimeAsync(0)
    await ownAccountChange(async () => {
      streams[0]?.emit('user.deleted', { id: 'u1' })
      await Promise.resolve()
      setToken(null)
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(invalidated).toEqual([])
    expect(streams[0]?.closed).toBe(true)
  })

  it('takes a changed user record from the stream and refreshes the token', async () => {
    const refresh = vi.fn(async () => ({ token: tokenExpiringAt(Date.now() + 7200_000), user }))
    const { monitor, streams, updatedUsers } = setup({ refresh })
    monitor.start()
    await vi.advanceTimersByTimeAsync(0)
    streams[0]?.emit('user.updated', { tokenKeyChanged: false, user: { ...user, verified: true } })
    await vi.advanceTimersByTimeAsync(0)
    expect(updatedUsers).toHaveLength(1)
    expect(refresh).toHaveBeenCalledTimes(2)
    monitor.stop()
  })

  it('checks the session every 2 minutes and reports a refused check', async () => {
    let refuse = false
    const fetchMe = vi.fn(async () => (refuse ? Promise.reject(unauthenticated) : { user }))
    const { monitor, invalidated } = setup({ fetchMe })
    monitor.start()
    await vi.advanceTimersByTimeAsync(119_999)
    expect(fetchMe).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMe).toHaveBeenCalledTimes(1)
    refuse = true
    await vi.advanceTimersByTimeAsync(120_000)
    expect(invalidated).toEqual(['periodicCheckFailed'])
  })

  it('reports expiry when the token runs out while the app is open', async () => {
    const token = tokenExpiringAt(Date.now() + 30_000)
    const { monitor, invalidated } = setup({ token, refresh: async () => ({ token, user }) })
    monitor.start()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(invalidated).toEqual(['expired'])
  })

  it('reconnects a refused stream when the session is still good, and stops when it is not', async () => {
    let sessionGood = true
    const { monitor, streams, invalidated } = setup({
      refresh: async () => (sessionGood ? { token: tokenExpiringAt(Date.now() + 3600_000), user } : Promise.reject(unauthenticated)),
    })
    monitor.start()
    await vi.advanceTimersByTimeAsync(0)
    streams[0]?.refuse()
    await vi.advanceTimersByTimeAsync(200)
    expect(streams).toHaveLength(2)
    sessionGood = false
    streams[1]?.refuse()
    await vi.advanceTimersByTimeAsync(0)
    expect(invalidated).toEqual(['noLongerValid'])
  })

  it('gives up a stream that has not opened after 15 s and connects again; an opened one stays', async () => {
    const { monitor, streams } = setup()
    monitor.start()
    await vi.advanceTimersByTimeAsync(14_999)
    expect(streams).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1 + 200)
    expect(streams[0]?.closed).toBe(true)
    expect(streams).toHaveLength(2)
    streams[1]?.emit('ready', {})
    await vi.advanceTimersByTimeAsync(60_000)
    expect(streams).toHaveLength(2)
    expect(streams[1]?.closed).toBe(false)
    monitor.stop()
  })

  it('does nothing after stop', async () => {
    const { monitor, streams, invalidated } = setup()
    monitor.start()
    monitor.stop()
    streams[0]?.emit('user.deleted', { id: 'u1' })
    await vi.advanceTimersByTimeAsync(300_000)
    expect(invalidated).toEqual([])
  })
})
