import type { RealtimeEvent } from '#shared/api/users'
import { MemoryTopics, type Topics, type TopicListener } from './topics'

/** What the server tells an account's open streams: the public events plus one internal signal. */
export type AccountEvent = RealtimeEvent | { type: 'session.ended'; data: { sessionId: string } }

export type AccountEventListener = TopicListener<AccountEvent>

/** Fan-out of account events (the topic is the user's id) to that account's open realtime streams. */
export type AccountEvents = Topics<AccountEvent>

/** Account events in memory, for one process. */
export class MemoryAccountEvents extends MemoryTopics<AccountEvent> {}
