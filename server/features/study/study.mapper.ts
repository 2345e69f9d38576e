import type { CardProgress, LearningSession } from '#shared/api/study'
import { cardProgress } from '#shared/study/mastery'
import type { LearningSessionRow } from './study.repo'

export function toLearningSession(row: LearningSessionRow): LearningSession {
  return {
    id: row.id,
    status: row.status,
    startTime: row.start_time,
    endTime: row.end_time,
    totalCards: row.total_cards,
    correctCount: row.correct_count,
    incorrectCount: row.incorrect_count,
  }
}

export function toCardProgress(row: {
  flashcard_id: string
  prompt: string
  correct_count: number
  incorrect_count: number
  last_reviewed: string
}): CardProgress {
  return cardProgress(row.flashcard_id, row.correct_count, row.incorrect_count, row.last_reviewed, row.prompt)
}
