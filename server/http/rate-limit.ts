import type { Middleware } from 'koa'
import type { Clock } from '#server/clock'
import type { DB } from '#server/db/database'
import { rateLimited } from './errors'

/**
 * Counts hits per key in fixed windows. The in-memory store serves one process (SQLite); several
 * server processes share the database's store (PostgreSQL), whose `hit` is one upsert.
 */
export interface RateLimitStore {
  /** Records one hit and returns the hits so far in the current window and when it ends (ms). */
  hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }>
  /** Takes back one hit of the current window, e.g. an attempt that turned out not to count. */
  release(key: string, nowMs: number): Promise<void>
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAtMs: number }>()
  private nextSweepMs = 0

  async hit(key: string, windowMs: number, nowMs: number) {
    this.sweep(nowMs, windowMs)
    let window = this.windows.get(key)
    if (!window || window.resetAtMs <= nowMs) {
      window = { count: 0, resetAtMs: nowMs + windowMs }
      this.windows.set(key, window)
    }
    window.count += 1
    return { count: window.count, resetAtMs: window.resetAtMs }
  }

  async release(key: string, nowMs: number) {
    const window = this.windows.get(key)
    if (window && window.resetAtMs > nowMs && window.count > 0) window.count -= 1
  }

  /** Drops ended windows now and then, so memory stays bounded by the clients of one window. */
  private sweep(nowMs: number, windowMs: number) {
    if (nowMs < this.nextSweepMs) return
    this.nextSweepMs = nowMs + windowMs
    for (const [key, window] of this.windows) if (window.resetAtMs <= nowMs) this.windows.delete(key)
  }
}

/**
 * The counters in the rate_limits table (migration 0006), shared by every process on the database.
 * A hit is one atomic upsert: a window that has ended starts again at 1, otherwise it counts up,
 * so concurrent hits from several processes never lose a count.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  private nextSweepMs = 0

  constructor(private readonly db: DB) {}

  async hit(key: string, windowMs: number, nowMs: number) {
    await this.sweep(nowMs, windowMs)
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, reset_at_ms: nowMs + windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const ended = eb('rate_limits.reset_at_ms', '<=', nowMs)
          return {
            count: eb
              .case()
              .when(ended)
              .then(1)
              .else(eb('rate_limits.count', '+', 1))
              .end(),
            reset_at_ms: eb
              .case()
              .when(ended)
              .then(nowMs + windowMs)
              .else(eb.ref('rate_limits.reset_at_ms'))
              .end(),
          }
        }),
      )
      .returning(['count', 'reset_at_ms'])
      .executeTakeFirstOrThrow()
    return { count: Number(row.count), resetAtMs: Number(row.reset_at_ms) }
  }

  async release(key: string, nowMs: number) {
    await this.db
      .updateTable('rate_limits')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('reset_at_ms', '>', nowMs)
      .where('count', '>', 0)
      .execute()
  }

  /** Deletes ended windows now and then (once a window per process), so the table stays small. */
  private async sweep(nowMs: number, windowMs: number) {
    if (nowMs < this.nextSweepMs) return
    this.nextSweepMs = nowMs + windowMs
    await this.db.deleteFrom('rate_limits').where('reset_at_ms', '<=', nowMs).execute()
  }
}

export interface RateLimitRule {
  /** Names the limited action; hits of different actions never add up. */
  name: string
  /** Hits allowed per window and client address; 0 means no limit. */
  max: number
  windowSeconds: number
}

/** Whole seconds until a window ends, at least 1: the value of Retry-After. */
export function retryAfterSeconds(resetAtMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000))
}

/** Answers 429 `rate_limited` with Retry-After once a client address used up its hits. */
export function rateLimit(store: RateLimitStore, clock: Clock, rule: RateLimitRule): Middleware {
  return async (ctx, next) => {
    if (rule.max > 0) {
      const nowMs = clock.now().getTime()
      const { count, resetAtMs } = await store.hit(`${rule.name}:${ctx.ip}`, rule.windowSeconds * 1000, nowMs)
      if (count > rule.max) throw rateLimited(retryAfterSeconds(resetAtMs, nowMs))
    }
    await next()
  }
}
