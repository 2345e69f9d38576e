import type { Logger } from '#server/logger'
import type { DB } from '#server/db/database'
import { PostgresTopics } from './postgres-topics'
import { MemoryTopics, type Topics } from './topics'

/**
 * What one process tells every process holding a game's streams (the topic is the game's id):
 * `changed` when the game's state moved (each process reads it once from the database and sends
 * it to its streams), `answered` with the count of answers to the current question.
 */
export type GameSignal = { type: 'changed' } | { type: 'answered'; index: number; count: number }

export type GameEvents = Topics<GameSignal>

export class MemoryGameEvents extends MemoryTopics<GameSignal> {}

export const GAME_EVENTS_CHANNEL = 'cardwise_game_events'

/** Game signals across every server process on one PostgreSQL database. */
export class PostgresGameEvents extends PostgresTopics<GameSignal> {
  constructor(options: { url: string; db: DB; logger: Logger }) {
    super({ ...options, channel: GAME_EVENTS_CHANNEL, label: 'a game event' })
  }
}
