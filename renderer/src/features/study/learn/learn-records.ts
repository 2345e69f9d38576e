import { useEffect, useState } from 'react'
import type { UpdateSessionInput } from '#shared/api/study'
import { forgetPlace, keepPlace, readPlace } from '@/features/study/study-place'
import { recordStudyAnswer, saveQuietly, studyApi } from '@/features/study/study-api'
import type { LearnAnswer, LearnState } from './learn'

/**
 * Saves a signed-in student's play-through, without ever holding up study (saveQuietly: nothing
 * for a visitor, failures ignored): a learning session per play-through, each answer with the
 * session's counts (through the offline outbox, recordStudyAnswer), and the session's completion
 * at the end or on Restart.
 */
export function useLearnRecords(setId: string, state: LearnState) {
  const [records] = useState(() => new LearnRecords(setId))
  const { attempt, lastAnswer, correct, incorrect, phase } = state
  const total = state.cards.length
  useEffect(() => records.begin(attempt, total), [records, attempt, total])
  useEffect(() => {
    if (lastAnswer) records.answer(attempt, lastAnswer, { correctCount: correct, incorrectCount: incorrect })
  }, [records, attempt, lastAnswer, correct, incorrect])
  useEffect(() => {
    if (phase !== 'finished') return
    records.complete(attempt)
    // The play-through's session id was kept for a reload (see begin): a finished one needs it no more.
    forgetPlace('learn-session', setId)
  }, [records, attempt, phase, setId])
}

/**
 * The learning-session calls of one Learn page, sent one after the other so the session's counts
 * arrive in order. Each step runs once however often it is asked for (React runs effects twice in
 * development), keyed by play-through and answer number.
 */
class LearnRecords {
  private queue: Promise<unknown> = Promise.resolve()
  private readonly done = new Set<string>()
  /** Learning-session ids by play-through (none for a visitor or when creating failed). */
  private readonly sessions = new Map<number, string>()

  constructor(private readonly setId: string) {}

  /**
   * Opens the play-through's session; Restart first closes the one before (docs/study-rules.md).
   * A play-through resumed after a reload goes on with the session it had (kept in the tab).
   */
  begin(attempt: number, totalCards: number): void {
    if (!this.firstTime(`begin:${attempt}`)) return
    const kept = this.keptSession()
    if (kept?.attempt === attempt) {
      this.sessions.set(attempt, kept.id)
      return
    }
    if (attempt > 1) this.complete(attempt - 1)
    this.enqueue(async () => {
      const session = await saveQuietly(() => studyApi.createSession(this.setId, totalCards))
      if (!session) return
      this.sessions.set(attempt, session.id)
      keepPlace('learn-session', this.setId, { cards: [], attempt, id: session.id })
    })
  }

  private keptSession(): { attempt: number; id: string } | undefined {
    return readPlace<{ cards: []; attempt: number; id: string }>('learn-session', this.setId, [])
  }

  /**
   * `counts` are the play-through's answers so far, this one included. The answer names its
   * session, which the server counts it in: one request per answer (after the session exists).
   */
  answer(attempt: number, answer: LearnAnswer, counts: { correctCount: number; incorrectCount: number }): void {
    const number = counts.correctCount + counts.incorrectCount
    if (!this.firstTime(`answer:${attempt}:${number}`)) return
    this.enqueue(async () => {
      const sessionId = this.sessions.get(attempt)
      await recordStudyAnswer(this.setId, {
        cardId: answer.cardId,
        correct: answer.correct,
        mode: 'learn',
        question: answer.question,
        outcome: answer.outcome,
        ...(sessionId ? { sessionId } : {}),
      })
    })
  }

  complete(attempt: number): void {
    if (this.firstTime(`complete:${attempt}`)) this.enqueue(() => this.updateSession(attempt, { status: 'completed' }))
  }

  private async updateSession(attempt: number, input: UpdateSessionInput): Promise<void> {
    const id = this.sessions.get(attempt)
    if (id) await saveQuietly(() => studyApi.updateSession(id, input))
  }

  private firstTime(key: string): boolean {
    if (this.done.has(key)) return false
    this.done.add(key)
    return true
  }

  /** saveQuietly never rejects, so one failed call does not stop the ones after it. */
  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue.then(step)
  }
}
