/** A listener of one topic's events. */
export type TopicListener<E> = (event: E) => void

/**
 * Fan-out of events by topic (an account, a game) to the listeners of this process. The server
 * runs it in memory on one process (SQLite, the desktop app) and over PostgreSQL LISTEN/NOTIFY
 * across processes (./postgres-topics.ts).
 */
export interface Topics<E> {
  publish(topic: string, event: E): void
  subscribe(topic: string, listener: TopicListener<E>): () => void
}

export class MemoryTopics<E> implements Topics<E> {
  private readonly listeners = new Map<string, Set<TopicListener<E>>>()

  publish(topic: string, event: E): void {
    for (const listener of [...(this.listeners.get(topic) ?? [])]) listener(event)
  }

  subscribe(topic: string, listener: TopicListener<E>): () => void {
    let set = this.listeners.get(topic)
    if (!set) this.listeners.set(topic, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(topic)
    }
  }

  /** Open subscriptions, for tests and diagnostics. */
  get size(): number {
    let total = 0
    for (const set of this.listeners.values()) total += set.size
    return total
  }
}
