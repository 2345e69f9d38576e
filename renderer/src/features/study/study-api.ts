import type { Flashcard, StudySet } from '@shared/api/sets'
import type {
  AnswerInput,
  BestMatchTime,
  LearningSession,
  MatchResultInput,
  ProgressResponse,
  UpdateSessionInput,
} from '@shared/api/study'
import { api } from '@/lib/api'
import { notifyAnswered } from '@/lib/answer-events'
import { authStore } from '@/features/auth'
import { isNetworkFailure, queueAnswer, readOfflineSet, rememberProgress, rememberSet } from '@/features/offline'
import { cardPages, mergeCards, setsApi } from '@/features/sets'

const setPath = (id: string) => `/sets/${encodeURIComponent(id)}`

/**
 * Answers and Match results go through the offline queue (features/offline): stored with a client
 * id and the time they were given, sent in order when the network allows, each once. Without
 * IndexedDB they are sent straight away.
 */
async function sendThroughQueue(kind: 'answer' | 'match', setId: string, body: object): Promise<void> {
  try {
    await queueAnswer(kind, setId, { ...body })
  } catch {
    await api.post<void>(`${setPath(setId)}/${kind === 'answer' ? 'answers' : 'match-results'}`, body)
    if (kind === 'answer') notifyAnswered()
  }
}

/**
 * Records one answer of any mode (POST /api/sets/:id/answers) for the student's review log; the
 * server maps its question and outcome to an FSRS rating (shared/study/ratings.ts). Resolves once
 * the answer is kept on the device (or sent, where nothing can be kept).
 */
export const recordAnswer = (setId: string, input: AnswerInput): Promise<void> => sendThroughQueue('answer', setId, input)

/** The student's progress on a set: from the network (kept for offline), else the kept copy. */
async function readProgress(setId: string, signal?: AbortSignal): Promise<ProgressResponse> {
  try {
    const answer = await api.get<ProgressResponse>(`${setPath(setId)}/progress`, { signal })
    void rememberProgress(setId, answer.items)
    return answer
  } catch (error) {
    const kept = isNetworkFailure(error) ? await readOfflineSet(setId) : undefined
    if (kept?.progress) return { items: kept.progress }
    throw error
  }
}

/** The study-record calls (documented in GET /api/openapi.json). Each needs a signed-in caller. */
export const studyApi = {
  progress: readProgress,
  answer: recordAnswer,
  createSession: (setId: string, totalCards: number) =>
    api.post<LearningSession>(`${setPath(setId)}/learning-sessions`, { totalCards }),
  updateSession: (sessionId: string, input: UpdateSessionInput) =>
    api.patch<LearningSession>(`/learning-sessions/${encodeURIComponent(sessionId)}`, input),
  matchResult: (setId: string, input: MatchResultInput) => sendThroughQueue('match', setId, input),
  bestMatchTime: (setId: string, signal?: AbortSignal) => api.get<BestMatchTime>(`${setPath(setId)}/match-results/best`, { signal }),
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
 * A set and its cards for a study mode: from the network when it answers (and kept on the device
 * for studying offline), else the copy kept on the device (features/offline).
 */
export async function loadStudySet(
  setId: string,
  options: { pageSize: number; limit?: number },
  signal?: AbortSignal,
): Promise<LoadedStudySet> {
  try {
    const loaded = await loadStudySetOnline(setId, options, signal)
    void rememberSet(loaded.set, loaded.cards)
    return loaded
  } catch (error) {
    const kept = isNetworkFailure(error) ? await readOfflineSet(setId) : undefined
    if (!kept) throw error
    return { set: kept.set, cards: kept.cards.slice(0, options.limit ?? Number.POSITIVE_INFINITY) }
  }
}

/**
 * A set and its cards in position order, read `pageSize` at a time until the set's cardCount is
 * reached, a short page arrives, or `limit` cards are in hand (docs/study-rules.md: Learn and Write
 * read pages of 100; Match reads its first 50).
 */
async function loadStudySetOnline(
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
