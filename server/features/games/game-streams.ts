import type { Writable } from 'node:stream'
import type { GameSignal } from '#server/events/game-events'
import { clockTimer } from '#server/clock'
import type { Deps } from '#server/deps'
import { frame } from '#server/http/event-stream'
import { type GameView, loadGameView, stateEvent } from './game-view'

/** How often the streams of a game hear the count of answers so far, at most. */
const ANSWERED_EVERY_MS = 100

interface Room {
  streams: Set<Writable>
  unsubscribe: () => void
  /** The newest answer count not yet written, and the timer that writes it. */
  answered?: { index: number; count: number }
  answeredTimer?: NodeJS.Timeout
  /** A read of the game is running; `again` asks for one more once it is done (the state moved meanwhile). */
  loading: boolean
  again: boolean
}

/**
 * The game streams this process holds, and the timers that close questions. Per game, one
 * subscription to the game's signals (deps.gameEvents: in memory, or PostgreSQL across processes):
 * on `changed` the game is read once from the database and its state event written to every
 * stream of the game here; `answered` is written as it comes. Every process holding a stream of a
 * game, and the one that opened the question, sets a timer for its end: whichever fires first
 * closes it (the change is written once, see games.service.ts `closeQuestion`).
 */
export class GameHub {
  private readonly rooms = new Map<string, Room>()
  private readonly timers = new Map<string, { index: number; cancel: () => void }>()

  constructor(
    private readonly deps: Deps,
    private readonly timeUp: (gameId: string, index: number) => Promise<void>,
  ) {
    deps.shutdown.addEventListener('abort', () => this.closeAll())
  }

  /** Adds a stream to the game's room (it gets the current state first); returns its removal. */
  async join(gameId: string, stream: Writable, view: GameView): Promise<() => void> {
    let room = this.rooms.get(gameId)
    if (!room) {
      const created: Room = { streams: new Set(), loading: false, again: false, unsubscribe: () => {} }
      created.unsubscribe = this.deps.gameEvents.subscribe(gameId, (signal) => this.onSignal(gameId, created, signal))
      this.rooms.set(gameId, created)
      room = created
    }
    room.streams.add(stream)
    const event = stateEvent(view)
    stream.write(frame(event.type, event.data))
    this.watchClock(gameId, view)
    const joined = room
    return () => {
      joined.streams.delete(stream)
      if (joined.streams.size === 0 && this.rooms.get(gameId) === joined) {
        clearTimeout(joined.answeredTimer)
        joined.unsubscribe()
        this.rooms.delete(gameId)
      }
    }
  }

  /** Tells every process (this one too) that the game moved. */
  changed(gameId: string): void {
    this.deps.gameEvents.publish(gameId, { type: 'changed' })
  }

  answered(gameId: string, index: number, count: number): void {
    this.deps.gameEvents.publish(gameId, { type: 'answered', index, count })
  }

  /** Closes the question when its time is up, unless a timer for it is set already. */
  scheduleClose(gameId: string, index: number, endsAt: string): void {
    const current = this.timers.get(gameId)
    if (current?.index === index) return
    current?.cancel()
    const delay = new Date(endsAt).getTime() - this.deps.clock.now().getTime()
    const cancel = clockTimer(this.deps.clock, delay, () => {
      this.timers.delete(gameId)
      this.timeUp(gameId, index).catch((error: unknown) => this.deps.logger.error('games: a question could not be closed', error))
    })
    this.timers.set(gameId, { index, cancel })
  }

  /** Open streams in this process, for tests and diagnostics. */
  get streamCount(): number {
    let total = 0
    for (const room of this.rooms.values()) total += room.streams.size
    return total
  }

  private watchClock(gameId: string, view: GameView) {
    if (view.status === 'question' && view.question) this.scheduleClose(gameId, view.question.index, view.question.endsAt)
  }

  private onSignal(gameId: string, room: Room, signal: GameSignal) {
    if (signal.type === 'answered') {
      // Counts come with every answer (60 in the same second): the streams get the newest one
      // every ANSWERED_EVERY_MS instead of 60 frames each.
      const newest = room.answered
      if (!newest || signal.index > newest.index || (signal.index === newest.index && signal.count > newest.count)) room.answered = signal
      room.answeredTimer ??= setTimeout(() => this.flushAnswered(room), ANSWERED_EVERY_MS)
      return
    }
    void this.refresh(gameId, room)
  }

  private flushAnswered(room: Room) {
    room.answeredTimer = undefined
    const newest = room.answered
    room.answered = undefined
    if (!newest) return
    const text = frame('answered', { index: newest.index, count: newest.count })
    for (const stream of room.streams) stream.write(text)
  }

  private async refresh(gameId: string, room: Room): Promise<void> {
    if (room.loading) {
      room.again = true
      return
    }
    room.loading = true
    try {
      do {
        room.again = false
        const view = await loadGameView(this.deps.db, gameId)
        if (!view) {
          for (const stream of room.streams) stream.end()
          return
        }
        const event = stateEvent(view)
        const text = frame(event.type, event.data)
        for (const stream of room.streams) stream.write(text)
        this.watchClock(gameId, view)
        if (view.status === 'ended') for (const stream of room.streams) stream.end()
      } while (room.again)
    } catch (error) {
      this.deps.logger.error('games: the game could not be read for its streams', error)
    } finally {
      room.loading = false
    }
  }

  private closeAll() {
    for (const { cancel } of this.timers.values()) cancel()
    this.timers.clear()
    for (const room of this.rooms.values()) {
      clearTimeout(room.answeredTimer)
      for (const stream of room.streams) stream.end()
    }
  }
}
