import type { RealtimeEvent } from '#shared/api/users'

/** What the server tells an account's open streams: the public events plus one internal signal. */
export type AccountEvent = RealtimeEvent | { type: 'session.ended'; data: { sessionId: string } }

export type AccountEventListener = (event: AccountEvent) => void

/**
 * Fan-out of account events to that account's open realtime streams. In memory for one process;
 * several processes would implement this over PostgreSQL LISTEN/NOTIFY or Redis pub/sub.
 */
export interface AccountEvents {
  publish(userId: string, event: AccountEvent): void
  subscribe(userId: string, listener: AccountEventListener): () => void
}

export class MemoryAccountEvents implements AccountEvents {
  private readonly listeners = new Map<string, Set<AccountEventListener>>()

  publish(userId: string, event: AccountEvent): void {
    for (const listener of [...(this.listeners.get(userId) ?? [])]) listener(event)
  }

  subscribe(userId: string, listener: AccountEventListener): () => void {
    let set = this.listeners.get(userId)
    if (!set) this.listeners.set(userId, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(userId)
    }
  }

  /** Open subscriptions, for tests and diagnostics. */
  get size(): number {
    let total = 0
    for (const set of this.listeners.values()) total += set.size
    return total
  }
}
