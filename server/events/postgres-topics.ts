import { sql } from 'kysely'
import type pg from 'pg'
import { loadPg } from '#server/db/pg'
import type { Logger } from '#server/logger'
import type { DB } from '#server/db/database'
import { MemoryTopics, type TopicListener, type Topics } from './topics'

/** Waits before listening again after the connection broke (the server restarting). */
const RECONNECT_MS = 1000

export interface PostgresTopicsOptions {
  url: string
  db: DB
  logger: Logger
  /** The one channel every process listens on for these events; a payload names its topic. */
  channel: string
  /** What the events are, for the log ('an account event'). */
  label: string
}

/**
 * Events across every server process on one PostgreSQL database: `publish` sends a NOTIFY, and
 * each process (the publisher too) hands what it hears to its own listeners. So a password change
 * handled by one process ends a stream another process holds, within the notification's round
 * trip. One dedicated connection per process and channel listens; when it breaks, it is opened
 * again. A payload must stay under PostgreSQL's 8000 bytes: publish signals, not documents.
 */
export class PostgresTopics<E> implements Topics<E> {
  private readonly local = new MemoryTopics<E>()
  private client: pg.Client | undefined
  private closed = false
  private reconnectTimer: NodeJS.Timeout | undefined

  constructor(private readonly options: PostgresTopicsOptions) {}

  /** Starts listening; resolves once the LISTEN is in place, so no event published after it is missed. */
  async start(): Promise<void> {
    const client = new (loadPg().Client)({ connectionString: this.options.url })
    client.on('notification', (message) => this.deliver(message.payload))
    client.on('error', (error) => this.lost(client, error))
    client.on('end', () => this.lost(client, new Error('connection ended')))
    await client.connect()
    await client.query(`listen ${this.options.channel}`)
    this.client = client
  }

  publish(topic: string, event: E): void {
    const payload = JSON.stringify({ topic, event })
    sql`select pg_notify(${this.options.channel}, ${payload})`.execute(this.options.db).catch((error: unknown) => {
      this.options.logger.error(`realtime: ${this.options.label} could not be sent`, error)
    })
  }

  subscribe(topic: string, listener: TopicListener<E>): () => void {
    return this.local.subscribe(topic, listener)
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
      const { topic, event } = JSON.parse(payload) as { topic: string; event: E }
      this.local.publish(topic, event)
    } catch (error) {
      this.options.logger.error(`realtime: an unreadable ${this.options.label} was ignored`, error)
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
