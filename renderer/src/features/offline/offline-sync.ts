import type { DueItem } from '#shared/api/memory'
import { MAX_PAGE_SIZE, OFFLINE_REFRESH_MS } from '#shared/limits'
import type { Flashcard, StudySet } from '#shared/api/sets'
import type { AnswerInput, MatchResultInput, ProgressItem } from '#shared/api/study'
import { ApiError, api } from '@/lib/api'
import { notifyAnswered } from '@/lib/answer-events'
import { connectivity } from '@/lib/connectivity'
import { listPages } from '@/lib/list-pages'
import { authStore } from '@/features/auth'
import { type AnswerQueue, type QueuedItem, type QueuedKind, type QueueStore, type SendResult, createAnswerQueue, memoryQueueStore } from './answer-queue'
import { newClientId } from './client-id'
import {
  type CachedSet,
  clearOfflineDb,
  forgetCachedSet,
  idbQueueStore,
  listCachedSets,
  readCachedSet,
  readOwner,
  readRefusedRecord,
  replaceCachedCards,
  type SetRecords,
  updateCachedProgress,
  writeCachedRecords,
  writeCachedSet,
  writeOwner,
  writeRefusedRecord,
} from './offline-db'
import type { RefusedAnswers } from './refused-answers'

/**
 * What the header shows: offline or not (the app's one connectivity state), how many answers wait
 * to be sent, and the answers the server refused that the student has not yet been told of.
 */
export interface OfflineStatus {
  offline: boolean
  waiting: number
  refused: RefusedAnswers[]
}

let status: OfflineStatus = { offline: connectivity.isOffline(), waiting: 0, refused: [] }
const listeners = new Set<() => void>()

function setStatus(next: Partial<OfflineStatus>): void {
  status = { ...status, ...next }
  for (const listener of listeners) listener()
}

connectivity.subscribe(() => {
  const offline = connectivity.isOffline()
  setStatus({ offline })
  // Back online: send what waits at once, whatever the backoff of the last failure said, then
  // bring the kept sets up to date (their progress then counts the answers just sent).
  if (offline) return
  const askedAt = Date.now()
  void flushAnswers({ ignoreBackoff: true }).then(() => refreshKeptSets(askedAt))
})

export const offlineStatusStore = {
  get: (): OfflineStatus => status,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

const currentOwner = (): string | undefined => authStore.get()?.user.id

/** Sends one answer or Match result (POST /api/sets/:id/answers or /match-results); a recorded answer is announced. */
async function postItem(item: Omit<QueuedItem, 'attempts' | 'notBefore' | 'seq'>): Promise<void> {
  const params = { id: item.setId }
  // The queue keeps each body as it was given (with its client id and time): the contracts' types.
  if (item.kind === 'match') {
    await api('POST /api/sets/:id/match-results', { params, body: item.body as MatchResultInput })
    return
  }
  const answer = await api('POST /api/sets/:id/answers', { params, body: item.body as AnswerInput })
  // The answer carries the due counts after it: the header shows them without asking again.
  notifyAnswered(answer.summary)
  // ...and the card prompt's progress after it: the kept copy's (offline Review's) stays current.
  // (offline-refresh.ts loads only then: the landing page's budget has no room for it.)
  const { withAnswerRecord } = await import('./offline-refresh')
  await updateCachedProgress(item.owner, item.setId, (progress) => withAnswerRecord(progress, answer)).catch(() => undefined)
}

async function sendQueued(item: QueuedItem): Promise<SendResult> {
  try {
    await postItem(item)
    return { ok: true }
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, failure: { status: error.status, retryAfterSeconds: error.retryAfterSeconds } }
    return { ok: false, failure: { status: 0 } }
  }
}

let store: QueueStore | undefined

/** Where queued answers wait: IndexedDB, or memory for this tab where it is missing (some private windows). */
function queueStore(): QueueStore {
  store ??= typeof indexedDB === 'undefined' ? memoryQueueStore() : idbQueueStore
  return store
}

let timer: ReturnType<typeof setTimeout> | undefined
let queue: AnswerQueue | null = null

function theQueue(): AnswerQueue {
  queue ??= createAnswerQueue({
    store: queueStore(),
    send: sendQueued,
    schedule(ms) {
      clearTimeout(timer)
      timer = setTimeout(() => void flushAnswers(), ms)
    },
    onChange: () => void refreshWaiting(),
    onRefused: noteRefused,
  })
  return queue
}

/** An answer the server will never take: kept on record, by set, until the student dismisses the notice. */
async function noteRefused(item: QueuedItem): Promise<void> {
  const title = (await readCachedSet(item.owner, item.setId).catch(() => undefined))?.set.title ?? null
  const { addRefused, parseRefused } = await import('./refused-answers')
  const refused = addRefused(parseRefused(await readRefusedRecord(item.owner)), item.setId, title)
  if (item.owner === currentOwner()) setStatus({ refused })
  await writeRefusedRecord(item.owner, JSON.stringify(refused))
}

/** The student has read the notice of refused answers. */
export async function dismissRefused(): Promise<void> {
  const owner = currentOwner()
  setStatus({ refused: [] })
  if (owner) await writeRefusedRecord(owner, undefined).catch(() => undefined)
}

async function refreshWaiting(): Promise<void> {
  const owner = currentOwner()
  try {
    setStatus({ waiting: owner ? await theQueue().count(owner) : 0 })
  } catch {
    // No database: nothing is waiting that could be counted.
  }
}

/** Sends the signed-in student's waiting answers now (a failure waits its backoff). */
export async function flushAnswers({ ignoreBackoff = false } = {}): Promise<void> {
  const owner = currentOwner()
  if (!owner) return
  try {
    await theQueue().flush(owner, { ignoreBackoff })
  } catch {
    // The database failed: the answers stay where they are for the next try.
  }
  await refreshWaiting()
}

/**
 * Queues an answer (or a Match result) of the signed-in student with a client id and the real
 * time it was given, then tries to send the queue. Resolves once the answer is stored; where it
 * cannot be stored (the database fails) it is sent at once, and a failed send rejects. A
 * visitor's answers are not kept.
 */
export async function queueAnswer(kind: QueuedKind, setId: string, body: object): Promise<void> {
  startOfflineSync()
  const owner = currentOwner()
  if (!owner) return
  const item = { owner, kind, setId, body: { ...body, clientId: newClientId(), answeredAt: new Date().toISOString() } }
  try {
    await theQueue().enqueue(item)
  } catch {
    return postItem(item)
  }
  void flushAnswers()
}

/** Keeps a set just read from the server for studying offline, pictures and recordings included (best effort). */
export async function rememberSet(set: StudySet, cards: Flashcard[]): Promise<void> {
  const owner = currentOwner()
  if (!owner) return
  try {
    await writeCachedSet(owner, set, cards)
    await keepPictures(cards)
  } catch {
    // A full or missing database only means the set is not kept.
  }
}

/** The cache the service worker serves pictures from (vite.config.ts, runtimeCaching). */
const PICTURE_CACHE = 'cardwise-media'

/** Puts the cards' pictures and recordings not yet kept into the media cache, one at a time. */
async function keepPictures(cards: Flashcard[]): Promise<void> {
  if (typeof caches === 'undefined') return
  // Recordings too: they are served from the same cache (the same /api/media/ URLs).
  const urls = new Set(
    cards
      .flatMap((card) => [card.termImage?.url, card.definitionImage?.url, card.termAudio?.url, card.definitionAudio?.url])
      .filter((url) => url !== undefined),
  )
  if (urls.size === 0) return
  const cache = await caches.open(PICTURE_CACHE)
  for (const url of urls) {
    if (currentOwner() === undefined) return
    if (!(await cache.match(url))) await cache.add(url).catch(() => undefined)
  }
}

/** Forgets every kept set, queued answer and picture. */
async function clearDevice(): Promise<void> {
  await Promise.allSettled([clearOfflineDb(), typeof caches === 'undefined' ? undefined : caches.delete(PICTURE_CACHE)])
}

export async function rememberProgress(setId: string, progress: ProgressItem[]): Promise<void> {
  await rememberRecords(setId, { progress })
}

/** Keeps the student's starred card ids of a set for studying its starred cards offline. */
export async function rememberStarred(setId: string, starred: readonly string[]): Promise<void> {
  await rememberRecords(setId, { starred: [...starred] })
}

async function rememberRecords(setId: string, records: SetRecords): Promise<void> {
  const owner = currentOwner()
  if (!owner) return
  try {
    await writeCachedRecords(owner, setId, records)
  } catch {
    // A full or missing database only means the records are not kept.
  }
}

/** The signed-in student's kept copy of a set, if any. */
export async function readOfflineSet(setId: string): Promise<CachedSet | undefined> {
  const owner = currentOwner()
  if (!owner) return undefined
  try {
    return await readCachedSet(owner, setId)
  } catch {
    return undefined
  }
}

/** The signed-in student's sets kept on the device: the ones marked "Available offline" first, then the most recently opened. */
export async function readKeptSets(): Promise<StudySet[] | undefined> {
  const owner = currentOwner()
  if (!owner) return undefined
  try {
    const kept = await listCachedSets(owner)
    return kept.sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.openedAt - a.openedAt).map((entry) => ({ ...entry.set, cardCount: entry.cards.length }))
  } catch {
    return undefined
  }
}

/** The cards due for review among the signed-in student's kept sets (Review with no network). */
export async function readOfflineDue(setId?: string): Promise<DueItem[] | undefined> {
  const owner = currentOwner()
  if (!owner) return undefined
  try {
    // Loaded here, by Review, not with the header's offline badge on every page (the landing page's budget).
    const { dueFromKeptSets } = await import('./offline-due')
    return dueFromKeptSets(await listCachedSets(owner), await queueStore().list(owner), Date.now(), setId)
  } catch {
    return undefined
  }
}

/** The cards with an answer of the signed-in student still waiting to be sent. */
export async function readWaitingCardIds(): Promise<Set<string>> {
  const owner = currentOwner()
  try {
    const waiting = owner ? await queueStore().list(owner) : []
    const { waitingCardIds } = await import('./offline-due')
    return waitingCardIds(waiting)
  } catch {
    return new Set()
  }
}

export async function markAvailableOffline(setId: string, pinned: boolean): Promise<void> {
  const owner = currentOwner()
  if (owner) await writeCachedRecords(owner, setId, { pinned })
}

/** Every card of a set, in position order, in pages of the largest size the API gives. */
async function readAllCards(setId: string): Promise<Flashcard[]> {
  const cards: Flashcard[] = []
  const readPage = (page: number) => api('GET /api/sets/:id/cards', { params: { id: setId }, query: { page, perPage: MAX_PAGE_SIZE, sort: 'position' } })
  for await (const answer of listPages(readPage)) cards.push(...answer.items)
  return cards
}

let refreshing: Promise<void> | null = null
let refreshAgain = false
/** When the latest refresh was asked for (the event that asked, not the call once answers were sent). */
let refreshAskedAt = 0

/**
 * Brings the signed-in student's kept sets up to date with the server (offline-refresh.ts): on
 * start, when the network returns and every OFFLINE_REFRESH_MS while the app is open. One round at
 * a time; asked again meanwhile, one more round follows. A set read from the server after the
 * refresh was asked for (`askedAt`, the event's time) is already as new as it asks, and is not
 * read again (`keptBefore`).
 */
export function refreshKeptSets(askedAt = Date.now()): Promise<void> {
  refreshAskedAt = Math.max(refreshAskedAt, askedAt)
  if (refreshing) {
    refreshAgain = true
    return refreshing
  }
  refreshing = (async () => {
    do {
      refreshAgain = false
      const owner = currentOwner()
      if (!owner || connectivity.isOffline()) return
      try {
        const { keptBefore, refreshKept } = await import('./offline-refresh')
        await refreshKept(keptBefore(await listCachedSets(owner), refreshAskedAt), {
          fetchSet: (id) => api('GET /api/sets/:id', { params: { id } }),
          fetchCards: readAllCards,
          fetchProgress: async (id) => (await api('GET /api/sets/:id/progress', { params: { id } })).items,
          replaceCards: (set, cards) => replaceCachedCards(owner, set, cards).then(() => keepPictures(cards)),
          replaceProgress: (id, progress) => writeCachedRecords(owner, id, { progress }),
          forget: (id) => forgetCachedSet(owner, id),
          // 404: deleted, or no longer readable by this student (the server says the same for both).
          isGone: (error) => error instanceof ApiError && (error.status === 404 || error.status === 403),
        })
      } catch {
        // No database, or the session ended: the next round tries again.
      }
    } while (refreshAgain)
  })().finally(() => {
    refreshing = null
  })
  return refreshing
}

/** How long logging out waits for the queue before the data is cleared anyway. */
const SEND_BEFORE_SIGN_OUT_MS = 5_000

let lastOwner: string | undefined
let lastToken: string | undefined

/** Follows sign-in and sign-out: another user's data never stays, a new session resumes sending. */
async function onAuthChange(): Promise<void> {
  const askedAt = Date.now()
  const auth = authStore.get()
  const owner = auth?.user.id
  const token = auth?.token
  const ownerChanged = owner !== lastOwner
  const tokenChanged = token !== lastToken
  const hadOwner = lastOwner !== undefined
  lastOwner = owner
  lastToken = token
  if (!ownerChanged && !tokenChanged) return
  try {
    if (!owner) {
      // Signed out here, or before this page loaded (the data's owner is still on record).
      if (hadOwner || (await readOwner()) !== undefined) await clearDevice()
      setStatus({ waiting: 0, refused: [] })
      return
    }
    if (ownerChanged) {
      const stored = await readOwner()
      if (stored !== undefined && stored !== owner) await clearDevice()
      await writeOwner(owner)
      const record = await readRefusedRecord(owner)
      setStatus({ refused: record ? (await import('./refused-answers')).parseRefused(record) : [] })
    }
  } catch {
    // No database: nothing was kept to clear.
  }
  theQueue().resume()
  await flushAnswers({ ignoreBackoff: true })
  await refreshKeptSets(askedAt)
}

let started = false

/** Starts following the network and the session (once; the header starts it on every page). */
export function startOfflineSync(): void {
  if (started || typeof window === 'undefined') return
  started = true
  lastOwner = undefined
  lastToken = undefined
  authStore.subscribe(() => void onAuthChange())
  // While the app stays open and online, the kept sets are brought up to date now and then (not while the tab is hidden).
  setInterval(() => {
    if (document.visibilityState === 'visible') void refreshKeptSets()
  }, OFFLINE_REFRESH_MS)
  authStore.onBeforeSignOut(() =>
    Promise.race([flushAnswers({ ignoreBackoff: true }), new Promise<void>((resolve) => setTimeout(resolve, SEND_BEFORE_SIGN_OUT_MS))]),
  )
  void onAuthChange()
}
