import type { AnswerResponse } from '@shared/api/memory'
import type { Flashcard, StudySet } from '@shared/api/sets'
import type {
  AnswerInput,
  LearningSession,
  MatchResultInput,
  ProgressResponse,
  UpdateSessionInput,
} from '@shared/api/study'
import { api } from '@/lib/api'
import { notifyAnswered } from '@/lib/answer-events'
import { authStore } from '@/features/auth'
import { cardPages, mergeCards, setsApi } from '@/features/sets'

const setPath = (id: string) => `/sets/${encodeURIComponent(id)}`

/**
 * Records one answer of any mode (POST /api/sets/:id/answers) for the student's review log; the
 * server maps its question and outcome to an FSRS rating (shared/study/ratings.ts).
 */
export async function recordAnswer(setId: string, input: AnswerInput): Promise<AnswerResponse> {
  const answer = await api.post<AnswerResponse>(`${setPath(setId)}/answers`, input)
  notifyAnswered()
  return answer
}

/** The study-record calls (documented in GET /api/openapi.json). Each needs a signed-in caller. */
export const studyApi = {
  progress: (setId: string, signal?: AbortSignal) => api.get<ProgressResponse>(`${setPath(setId)}/progress`, { signal }),
  answer: recordAnswer,
  createSession: (setId: string, totalCards: number) =>
    api.post<LearningSession>(`${setPath(setId)}/learning-sessions`, { totalCards }),
  updateSession: (sessionId: string, input: UpdateSessionInput) =>
    api.patch<LearningSession>(`/learning-sessions/${encodeURIComponent(sessionId)}`, input),
  matchResult: (setId: string, input: MatchResultInput) => api.post<void>(`${setPath(setId)}/match-results`, input),
}

/**
 * Study records are saved only for a signed-in student, and a failed save never interrupts study
 * (docs/study-rules.md: save failures are silently ignored). Resolves to undefined for a visitor or on
 * any failure.
 */
export async function saveQuietly<T>(save: () => Promise<T>): Promise<T | undefined> {
  if (!authStore.get()) return undefined
  try {
    return await save()
  } catch {
    return undefined
  }
}

export interface LoadedStudySet {
  set: StudySet
  cards: Flashcard[]
}

/**
 * A set and its cards in position order, read `pageSize` at a time until the set's cardCount is
 * reached, a short page arrives, or `limit` cards are in hand (docs/study-rules.md: Learn and Write
 * read pages of 100; Match reads its first 50).
 */
export async function loadStudySet(
  setId: string,
  { pageSize, limit = Number.POSITIVE_INFINITY }: { pageSize: number; limit?: number },
  signal?: AbortSignal,
): Promise<LoadedStudySet> {
  const set = await setsApi.get(setId, signal)
  const wanted = Math.min(set.cardCount, limit)
  let cards: Flashcard[] = []
  if (wanted > 0) {
    for await (const answer of cardPages(setId, pageSize, signal)) {
      cards = mergeCards(cards, answer.items)
      if (cards.length >= wanted) break
    }
  }
  return { set, cards: cards.slice(0, limit) }
}
