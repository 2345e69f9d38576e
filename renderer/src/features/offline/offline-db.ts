import type { DBSchema, IDBPDatabase } from 'idb'
import type { Flashcard, StudySet } from '#shared/api/sets'
import type { ProgressItem } from '#shared/api/study'
import type { QueuedItem, QueueStore } from './answer-queue'

/** A set kept on the device for studying offline, with its cards and the owner's progress. */
export interface CachedSet {
  setId: string
  owner: string
  set: StudySet
  cards: Flashcard[]
  progress: ProgressItem[] | null
  /** The owner's starred card ids on the set, when known. */
  starred?: string[]
  /** Last opened (ms since the epoch): the 20 most recent stay. */
  openedAt: number
  /** Marked "Available offline": kept whatever else is opened. */
  pinned: boolean
}

interface OfflineSchema extends DBSchema {
  sets: { key: string; value: CachedSet }
  queue: { key: number; value: QueuedItem }
  meta: { key: string; value: string }
}

export const OFFLINE_DB_NAME = 'cardwise-offline'

let opening: Promise<IDBPDatabase<OfflineSchema>> | null = null

/** The offline database; idb loads only when offline data is first used (the landing page's budget). */
export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opening ??= import('idb').then(({ openDB }) =>
    openDB<OfflineSchema>(OFFLINE_DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('sets', { keyPath: 'setId' })
        db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true })
        db.createObjectStore('meta')
      },
    }),
  )
  opening.catch(() => {
    opening = null
  })
  return opening
}

/** The queue's store in IndexedDB: survives closing the tab. */
export const idbQueueStore: QueueStore = {
  async add(item) {
    const { seq: _omit, ...rest } = item
    await (await offlineDb()).add('queue', rest as QueuedItem)
  },
  async list(owner) {
    const all = await (await offlineDb()).getAll('queue')
    return all.filter((item) => item.owner === owner).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
  },
  async update(item) {
    await (await offlineDb()).put('queue', item)
  },
  async remove(seq) {
    await (await offlineDb()).delete('queue', seq)
  },
}

/** How many sets opened recently are kept besides the ones marked "Available offline". */
export const RECENT_SETS_KEPT = 20

export async function readCachedSet(owner: string, setId: string): Promise<CachedSet | undefined> {
  const entry = await (await offlineDb()).get('sets', setId)
  return entry && entry.owner === owner ? entry : undefined
}

/** What the student's own records of a kept set hold: their progress, their stars, "Available offline". */
export type SetRecords = Partial<Pick<CachedSet, 'progress' | 'starred' | 'pinned'>>

/** Records read before their set was kept (the set page reads them at once): they join the set when it is kept. */
const recordsAhead = new Map<string, SetRecords>()

let lastOpenedAt = 0

/** Now, and always later than the last set kept (two sets kept in the same millisecond stay in order). */
function openedNow(): number {
  lastOpenedAt = Math.max(Date.now(), lastOpenedAt + 1)
  return lastOpenedAt
}

/**
 * Keeps a set as just read from the server. A shorter read (Match reads its first 50 cards) does
 * not replace a fuller copy of the same set; the student's records (writeCachedRecords) stay.
 */
export async function writeCachedSet(owner: string, set: StudySet, cards: Flashcard[]): Promise<void> {
  const db = await offlineDb()
  const tx = db.transaction('sets', 'readwrite')
  const old = await tx.store.get(set.id)
  const previous = old && old.owner === owner ? old : undefined
  const fuller = cards.length >= set.cardCount || !previous || cards.length >= previous.cards.length
  const ahead = recordsAhead.get(`${owner}/${set.id}`) ?? {}
  recordsAhead.delete(`${owner}/${set.id}`)
  await tx.store.put({
    setId: set.id,
    owner,
    set,
    cards: fuller ? cards : (previous?.cards ?? []),
    progress: ahead.progress ?? previous?.progress ?? null,
    starred: ahead.starred ?? previous?.starred,
    openedAt: openedNow(),
    pinned: ahead.pinned ?? previous?.pinned ?? false,
  })
  // Only the most recent sets stay, and every set marked "Available offline".
  const recent = (await tx.store.getAll()).filter((entry) => !entry.pinned).sort((a, b) => b.openedAt - a.openedAt)
  for (const stale of recent.slice(RECENT_SETS_KEPT)) await tx.store.delete(stale.setId)
  await tx.done
}

/** A kept set and all its cards as just read again (offline-refresh.ts): its place among recent sets, its mark and records stay. */
export async function replaceCachedCards(owner: string, set: StudySet, cards: Flashcard[]): Promise<void> {
  const tx = (await offlineDb()).transaction('sets', 'readwrite')
  const entry = await tx.store.get(set.id)
  if (entry && entry.owner === owner) await tx.store.put({ ...entry, set, cards })
  await tx.done
}

/** Changes a kept set's progress in one read-and-write (answers sent one after the other never overwrite each other). */
export async function updateCachedProgress(owner: string, setId: string, change: (progress: ProgressItem[] | null) => ProgressItem[] | null): Promise<void> {
  const tx = (await offlineDb()).transaction('sets', 'readwrite')
  const entry = await tx.store.get(setId)
  if (entry && entry.owner === owner) await tx.store.put({ ...entry, progress: change(entry.progress) })
  await tx.done
}

/** Removes a kept set (the server no longer shows it to the owner). */
export async function forgetCachedSet(owner: string, setId: string): Promise<void> {
  const tx = (await offlineDb()).transaction('sets', 'readwrite')
  const entry = await tx.store.get(setId)
  if (entry && entry.owner === owner) await tx.store.delete(setId)
  await tx.done
}

/** Keeps the owner's progress, stars or "Available offline" on a kept set (or for it, until it is kept). */
export async function writeCachedRecords(owner: string, setId: string, records: SetRecords): Promise<void> {
  // One read-and-write transaction: writes to the same set (its progress and its stars arriving
  // together, the set itself being kept) queue up instead of overwriting each other.
  const tx = (await offlineDb()).transaction('sets', 'readwrite')
  const entry = await tx.store.get(setId)
  if (entry && entry.owner === owner) await tx.store.put({ ...entry, ...records })
  else recordsAhead.set(`${owner}/${setId}`, { ...recordsAhead.get(`${owner}/${setId}`), ...records })
  await tx.done
}

/** Every set kept for `owner`. */
export async function listCachedSets(owner: string): Promise<CachedSet[]> {
  return (await (await offlineDb()).getAll('sets')).filter((entry) => entry.owner === owner)
}

const OWNER_KEY = 'owner'

/** Whose data the device holds (the user id), if anyone's. */
export async function readOwner(): Promise<string | undefined> {
  return (await offlineDb()).get('meta', OWNER_KEY)
}

export async function writeOwner(owner: string): Promise<void> {
  await (await offlineDb()).put('meta', owner, OWNER_KEY)
}

/** The owner's refused answers not yet read (refused-answers.ts), as stored. */
export async function readRefusedRecord(owner: string): Promise<string | undefined> {
  return (await offlineDb()).get('meta', `refused:${owner}`)
}

export async function writeRefusedRecord(owner: string, value: string | undefined): Promise<void> {
  const db = await offlineDb()
  if (value === undefined) await db.delete('meta', `refused:${owner}`)
  else await db.put('meta', value, `refused:${owner}`)
}

/** Forgets every set, queued answer and the owner: nothing private outlives a session. */
export async function clearOfflineDb(): Promise<void> {
  recordsAhead.clear()
  const db = await offlineDb()
  const tx = db.transaction(['sets', 'queue', 'meta'], 'readwrite')
  await Promise.all([tx.objectStore('sets').clear(), tx.objectStore('queue').clear(), tx.objectStore('meta').clear(), tx.done])
}
