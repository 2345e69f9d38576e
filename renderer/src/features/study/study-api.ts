import type { BestMatchTime } from '#shared/api/study'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { type AnswerWith, splitPromptItemId } from '#shared/study/prompts'
import type { AnswerInput, MatchResultInput, ProgressResponse, UpdateSessionInput } from '#shared/api/study'
import { api, isNetworkFailure } from '@/lib/api'
import { authStore } from '@/features/auth'
import { queueAnswer, readOfflineSet, rememberProgress, rememberSet } from '@/features/offline'
import { cardPages, mergeCards, setsApi } from '@/features/sets'
import { onlyStarred, readStars } from '@/features/stars'
import { loadCompositeOnline, ownSetOf, parseComposite } from './composite'

const at = (id: string) => ({ params: { id } })

/**
 * Records one answer of any mode (POST /api/sets/:id/answers) for the student's review log; the
 * server maps its question and outcome to an FSRS rating (shared/study/ratings.ts). Resolves once
 * the answer is kept on the device for the offline queue (features/offline), which sends it once,
 * in order, with a client id and the time it was given (or sent, where nothing can be kept).
 */
export function recordAnswer(setId: string, input: AnswerInput): Promise<void> {
  // A mode asks study items (shared/study/prompts.ts): an item's id names its card and the prompt asked.
  const { cardId, prompt } = splitPromptItemId(input.cardId)
  // A folder or sets studied together: the answer goes to the card's own set (./composite.ts).
  const own = ownSetOf(setId, cardId)
  return own ? queueAnswer('answer', own, { ...input, cardId, prompt: input.prompt ?? prompt }) : Promise.resolve()
}

/** For a folder or sets studied together, the records of one set (a learning session, a Match game) are not kept. */
const notKept = () => Promise.reject(new Error('Several sets studied as one keep no records of their own.'))

/** The student's progress on a set: from the network (kept for offline), else the kept copy. */
async function readProgress(setId: string, signal?: AbortSignal): Promise<ProgressResponse> {
  if (parseComposite(setId)) return { items: [] }
  try {
    const answer = await api('GET /api/sets/:id/progress', { ...at(setId), signal })
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
    parseComposite(setId) ? notKept() : api('POST /api/sets/:id/learning-sessions', { ...at(setId), body: { totalCards } }),
  updateSession: (sessionId: string, input: UpdateSessionInput) => api('PATCH /api/learning-sessions/:sid', { params: { sid: sessionId }, body: input }),
  matchResult: (setId: string, input: MatchResultInput) => (parseComposite(setId) ? notKept() : queueAnswer('match', setId, input)),
  bestMatchTime: (setId: string, signal?: AbortSignal) =>
    parseComposite(setId) ? Promise.resolve<BestMatchTime>({ bestTime: null }) : api('GET /api/sets/:id/match-results/best', { ...at(setId), signal }),
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

/**
 * The one way a mode records an answer: through the offline outbox (recordAnswer), for a signed-in
 * student only, and never holding up study (saveQuietly). Resolves once kept, or at once when not.
 */
export async function recordStudyAnswer(setId: string, answer: AnswerInput): Promise<void> {
  await saveQuietly(() => recordAnswer(setId, answer))
}

export interface LoadedStudySet {
  set: StudySet
  cards: Flashcard[]
  /** True when the cards are only the student's starred ones (`?starred=1`, see stars/stars.ts). */
  starredOnly?: boolean
  /** "Answer with" for the session, where a card is asked in reverse (see useStudyCards). */
  answerWith?: { value: AnswerWith; onChange: (value: AnswerWith) => void }
}

export interface StudySetOptions {
  pageSize: number
  limit?: number
  /** Only the signed-in student's starred cards (read first); the limit counts starred cards. */
  starredOnly?: boolean
}

/**
 * A set and its cards for a study mode: from the network when it answers (and kept on the device
 * for studying offline), else the copy kept on the device (features/offline). With `starredOnly`
 * (for a signed-in student) only the starred cards, in the set's order.
 */
export async function loadStudySet(setId: string, options: StudySetOptions, signal?: AbortSignal): Promise<LoadedStudySet> {
  const composite = parseComposite(setId)
  if (composite) return loadCompositeOnline(setId, composite, options.pageSize, options.limit ?? Number.POSITIVE_INFINITY, signal)
  const starred = options.starredOnly && authStore.get() ? await readStars(setId, signal) : undefined
  const only = starred ? { starredOnly: true } : {}
  const limit = options.limit ?? Number.POSITIVE_INFINITY
  try {
    const loaded = await loadStudySetOnline(setId, { pageSize: options.pageSize, limit, starred }, signal)
    // Only a whole set (or its first `limit` cards) is kept on the device, never the starred ones alone.
    if (!starred) void rememberSet(loaded.set, loaded.cards)
    return { ...loaded, ...only }
  } catch (error) {
    const kept = isNetworkFailure(error) ? await readOfflineSet(setId) : undefined
    if (!kept) throw error
    const cards = starred ? onlyStarred(kept.cards, starred) : kept.cards
    return { set: kept.set, cards: cards.slice(0, limit), ...only }
  }
}

/**
 * A set and its cards in position order, read `pageSize` at a time until the set's cardCount is
 * reached, a short page arrives, or `limit` cards are in hand (docs/study-rules.md: Learn and Write
 * read pages of 100; Match reads its first 50). With `starred`, only those cards are kept, and the
 * reading stops once every starred card is in hand.
 */
async function loadStudySetOnline(
  setId: string,
  { pageSize, limit, starred }: { pageSize: number; limit: number; starred?: ReadonlySet<string> },
  signal?: AbortSignal,
): Promise<LoadedStudySet> {
  const set = await setsApi.get(setId, signal)
  const wanted = Math.min(starred ? starred.size : set.cardCount, limit)
  let cards: Flashcard[] = []
  if (wanted > 0) {
    for await (const answer of cardPages(setId, pageSize, signal)) {
      cards = mergeCards(cards, starred ? onlyStarred(answer.items, starred) : answer.items)
      if (cards.length >= wanted) break
    }
  }
  return { set, cards: cards.slice(0, limit) }
}
