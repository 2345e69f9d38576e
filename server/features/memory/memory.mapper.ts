import type { State } from 'ts-fsrs'
import type { CardMemoryView } from '#shared/api/memory'
import type { CardMemoryRow } from './memory.repo'
import { type CardMemory, retrievability, type SchedulerSettings, STATE_NAMES } from './scheduler'

export function toCardMemory(row: CardMemoryRow): CardMemory {
  return {
    stability: row.stability,
    difficulty: row.difficulty,
    due: new Date(row.due),
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    lastReview: new Date(row.last_review),
    learningSteps: row.learning_steps,
    scheduledDays: row.scheduled_days,
  }
}

export function toCardMemoryRow(userId: string, cardId: string, prompt: string, setId: string, memory: CardMemory): CardMemoryRow {
  return {
    user_id: userId,
    flashcard_id: cardId,
    prompt,
    study_set_id: setId,
    stability: memory.stability,
    difficulty: memory.difficulty,
    due: memory.due.toISOString(),
    reps: memory.reps,
    lapses: memory.lapses,
    state: memory.state,
    last_review: (memory.lastReview ?? memory.due).toISOString(),
    learning_steps: memory.learningSteps,
    scheduled_days: memory.scheduledDays,
  }
}

/** The API's view of a card's memory, with the predicted recall at `now`. */
export function toMemoryView(memory: CardMemory, settings: SchedulerSettings, now: Date): CardMemoryView {
  return {
    due: memory.due.toISOString(),
    stability: memory.stability,
    difficulty: memory.difficulty,
    retrievability: retrievability(settings, memory, now),
    state: STATE_NAMES[memory.state],
    reps: memory.reps,
    lapses: memory.lapses,
    lastReview: (memory.lastReview ?? memory.due).toISOString(),
  }
}
