import type { AuthResponse, RealtimeEvent, User, UserResponse } from '#shared/api/users'
import { REALTIME_CONNECT_TIMEOUT_MS, REALTIME_RECONNECT_INTERVALS_MS, SESSION_CHECK_INTERVAL_MS } from '#shared/limits'
import { sessionMessages } from '#shared/messages'

/** Why the session-invalidated modal appears (docs/content-rules.md). */
export type InvalidationReason = 'expired' | 'credentialsChanged' | 'noLongerValid' | 'deleted' | 'periodicCheckFailed'

export const invalidationMessages: Record<InvalidationReason, string> = {
  expired: sessionMessages.expired,
  credentialsChanged: sessionMessages.credentialsChanged,
  noLongerValid: sessionMessages.noLongerValid,
  deleted: sessionMessages.deleted,
  periodicCheckFailed: sessionMessages.periodicCheckFailed,
}

/** The part of EventSource the monitor uses, so tests can hand it a fake. */
export interface EventStream {
  readonly readyState: number
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void
  onerror: ((event: Event) => void) | null
  close(): void
}

const CLOSED = 2

export interface SessionMonitorDeps {
  token(): string | null
  refresh(token: string): Promise<AuthResponse>
  fetchMe(token: string): Promise<UserResponse>
  openStream(token: string): EventStream
  onRefreshed(auth: AuthResponse): void
  onUserUpdated(user: User): void
  onInvalidated(reason: InvalidationReason): void
  now(): number
  /** Resolves once an account change made on this device has its answer (own-changes.ts). */
  ownChangeSettled?(): Promise<unknown>
}

/** Seconds-since-epoch expiry of a JWT, read without checking it (the server checks). */
export function tokenExpiryMs(token: string): number | undefined {
  try {
    const payload = token.split('.')[1]
    if (!payload) return undefined
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    return typeof json.exp === 'number' ? json.exp * 1000 : undefined
  } catch {
    return undefined
  }
}

const isUnauthenticated = (error: unknown) => (error as { status?: number }).status === 401

/**
 * Watches a signed-in session: refreshes the token on start, listens to the account's realtime
 * stream, checks the session every 2 minutes and when the token expires, and reports once why
 * the session ended. Network failures are not invalidations: the app keeps working offline.
 */
export class SessionMonitor {
  private stream: EventStream | undefined
  private reconnectAttempt = 0
  private timers = new Set<ReturnType<typeof setTimeout>>()
  private periodic: ReturnType<typeof setInterval> | undefined
  private stopped = false

  constructor(private readonly deps: SessionMonitorDeps) {}

  start(): void {
    const token = this.deps.token()
    if (!token) return
    if (this.hasExpired(token)) return this.invalidate('expired')
    this.scheduleExpiry(token)
    void this.refresh('noLongerValid')
    this.connect()
    this.periodic = setInterval(() => void this.check(), SESSION_CHECK_INTERVAL_MS)
  }

  stop(): void {
    this.stopped = true
    this.stream?.close()
    this.stream = undefined
    if (this.periodic) clearInterval(this.periodic)
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }

  private invalidate(reason: InvalidationReason): void {
    if (this.stopped) return
    this.stop()
    this.deps.onInvalidated(reason)
  }

  private hasExpired(token: string): boolean {
    const expiry = tokenExpiryMs(token)
    return expiry !== undefined && expiry <= this.deps.now()
  }

  private later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      action()
    }, ms)
    this.timers.add(timer)
  }

  private scheduleExpiry(token: string): void {
    const expiry = tokenExpiryMs(token)
    // Timers cannot wait longer than about 24.8 days; the periodic check covers the rest.
    if (expiry !== undefined) this.later(Math.min(expiry - this.deps.now(), 2 ** 31 - 1), () => this.onExpiryTimer())
  }

  private onExpiryTimer(): void {
    const token = this.deps.token()
    if (!token || this.hasExpired(token)) this.invalidate('expired')
    else this.scheduleExpiry(token)
  }

  /** Refreshes the token; a 401 ends the session for `reason`. Returns whether the session is alive. */
  private async refresh(reason: InvalidationReason): Promise<boolean> {
    const token = this.deps.token()
    if (!token) return false
    try {
      const auth = await this.deps.refresh(token)
      if (this.stopped) return false
      this.deps.onRefreshed(auth)
      this.scheduleExpiry(auth.token)
      return true
    } catch (error) {
      if (isUnauthenticated(error)) this.invalidate(reason)
      return !isUnauthenticated(error)
    }
  }

  private async check(): Promise<void> {
    const token = this.deps.token()
    if (!token || this.stopped) return
    if (this.hasExpired(token)) return this.invalidate('expired')
    try {
      const { user } = await this.deps.fetchMe(token)
      if (!this.stopped) this.deps.onUserUpdated(user)
    } catch (error) {
      if (isUnauthenticated(error)) this.invalidate('periodicCheckFailed')
    }
  }

  /**
   * After an account change made on this device settles, goes on with `next` only while this page
   * still holds a session: a page that signed out (its account deleted or its email changed here)
   * ends quietly. A new token (a password changed here) passes the refresh in `next`.
   */
  private async afterOwnChange(next: () => Promise<unknown>): Promise<void> {
    await this.deps.ownChangeSettled?.()
    if (this.stopped) return
    if (!this.deps.token()) return this.stop()
    await next()
  }

  private connect(): void {
    const token = this.deps.token()
    if (!token || this.stopped) return
    const stream = this.deps.openStream(token)
    this.stream = stream
    let ready = false
    stream.addEventListener('ready', () => {
      ready = true
      this.reconnectAttempt = 0
    })
    // A connection that does not open in time (a proxy holding it, a stalled network) is given up and tried again.
    this.later(REALTIME_CONNECT_TIMEOUT_MS, () => {
      if (ready || this.stopped || this.stream !== stream) return
      stream.close()
      this.reconnect()
    })
    stream.addEventListener('user.updated', (event) => {
      const data = JSON.parse(event.data) as Extract<RealtimeEvent, { type: 'user.updated' }>['data']
      if (data.tokenKeyChanged) return void this.afterOwnChange(() => this.refresh('credentialsChanged'))
      if (data.user) this.deps.onUserUpdated(data.user)
      void this.refresh('noLongerValid')
    })
    stream.addEventListener('user.deleted', () => void this.afterOwnChange(async () => this.invalidate('deleted')))
    stream.onerror = () => {
      // EventSource retries dropped connections itself; it gives up (CLOSED) when the server refuses.
      if (stream.readyState !== CLOSED || this.stopped || this.stream !== stream) return
      stream.close()
      this.reconnect()
    }
  }

  /** Connects again after the next reconnect interval, if the session is still good. */
  private reconnect(): void {
    this.stream = undefined
    void this.refresh('noLongerValid').then((alive) => {
      if (!alive || this.stopped) return
      const delays = REALTIME_RECONNECT_INTERVALS_MS
      const delay = delays[Math.min(this.reconnectAttempt, delays.length - 1)] ?? 2000
      this.reconnectAttempt += 1
      this.later(delay, () => this.connect())
    })
  }
}
