import { sql } from 'kysely'
import pg from 'pg'
import { type AccountEvent, type AccountEventListener, type AccountEvents, MemoryAccountEvents } from './account-events'
import type { Logger } from '#server/logger'
import type { DB } from '#server/db/database'

/** The one channel every process listens on; a payload names the account. */
export const ACCOUNT_EVENTS_CHANNEL = 'cardwise_account_events'

/** Waits before listening again after the connection broke (the server restarting). */
const RECONNECT_MS = 1000

/**
 * Account events across every server process on one PostgreSQL database: `publish` sends a
 * NOTIFY, and each process (the publisher too) hands what it hears to its own open streams. So a
 * password change handled by one process ends a stream another process holds, within the
 * notification's round trip. One dedicated connection per process listens; when it breaks, it is
 * opened again.
 */
export class PostgresAccountEvents implements AccountEvents {
  private readonly local = new MemoryAccountEvents()
  private client: pg.Client | undefined
  private closed = false
  private reconnectTimer: NodeJS.Timeout | undefined

  constructor(private readonly options: { url: string; db: DB; logger: Logger }) {}

  /** Starts listening; resolves once the LISTEN is in place, so no event published after it is missed. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url })
    client.on('notification', (message) => this.deliver(message.payload))
    client.on('error', (error) => this.lost(client, error))
    client.on('end', () => this.lost(client, new Error('connection ended')))
    await client.connect()
    await client.query(`listen ${ACCOUNT_EVENTS_CHANNEL}`)
    this.client = client
  }

  publish(userId: string, event: AccountEvent): void {
    const payload = JSON.stringify({ userId, event })
    sql`select pg_notify(${ACCOUNT_EVENTS_CHANNEL}, ${payload})`.execute(this.options.db).catch((error: unknown) => {
      this.options.logger.error('realtime: an account event could not be sent', error)
    })
  }

  subscribe(userId: string, listener: AccountEventListener): () => void {
    return this.local.subscribe(userId, listener)
  }

  /** Open subscriptions in this process. */
  get size(): number {
    return this.local.size
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.reconnectTimer)
    const client = this.client
    this.client = undefined
    await client?.end().catch(() => {})
  }

  private deliver(payload: string | undefined) {
    if (!payload) return
    try {
      const { userId, event } = JSON.parse(payload) as { userId: string; event: AccountEvent }
      this.local.publish(userId, event)
    } catch (error) {
      this.options.logger.error('realtime: an unreadable account event was ignored', error)
    }
  }

  private lost(client: pg.Client, error: Error) {
    if (this.closed || this.client !== client) return
    this.client = undefined
    this.options.logger.warn(`realtime: the event connection to the database broke (${error.message}); listening again`)
    client.end().catch(() => {})
    const retry = () => {
      if (this.closed) return
      this.start().catch(() => {
        this.reconnectTimer = setTimeout(retry, RECONNECT_MS)
        this.reconnectTimer.unref()
      })
    }
    this.reconnectTimer = setTimeout(retry, RECONNECT_MS)
    this.reconnectTimer.unref()
  }
}
