import type { Logger } from '#server/logger'
import type { DB } from '#server/db/database'
import type { AccountEvent } from './account-events'
import { PostgresTopics } from './postgres-topics'

/** The one channel every process listens on; a payload names the account. */
export const ACCOUNT_EVENTS_CHANNEL = 'cardwise_account_events'

/** Account events across every server process on one PostgreSQL database (./postgres-topics.ts). */
export class PostgresAccountEvents extends PostgresTopics<AccountEvent> {
  constructor(options: { url: string; db: DB; logger: Logger }) {
    super({ ...options, channel: ACCOUNT_EVENTS_CHANNEL, label: 'an account event' })
  }
}
