import type { Flashcard, StudySet } from '#shared/api/sets'
import type { AnswerRecord } from '#shared/api/memory'
import type { ProgressItem } from '#shared/api/study'
import type { CachedSet } from './offline-db'

/**
 * Brings the sets kept on the device up to date in the background (issue 31), so a kept copy studied
 * offline has the cards added, changed or removed on the server meanwhile, and the student's memory
 * state as the server has it (offline Review does not ask again a card reviewed online elsewhere).
 *
 * Each kept set costs one read of the set itself; its cards are read again only when the set's
 * `updated` time (moved by every card added, changed, moved or removed) or its card count differs
 * from the copy's. The progress is read every time (answers do not move `updated`). A set the
 * server no longer shows the student (deleted, made private) leaves the device. A network failure
 * stops the round: the rest wait for the next one.
 *
 * Pure logic over the calls below (the app's are the typed client and the offline database).
 */
export interface RefreshDeps {
  fetchSet: (setId: string) => Promise<StudySet>
  fetchCards: (setId: string) => Promise<Flashcard[]>
  fetchProgress: (setId: string) => Promise<ProgressItem[]>
  /** The set and its cards as read now (the copy's place among recent sets and its mark stay). */
  replaceCards: (set: StudySet, cards: Flashcard[]) => Promise<void>
  replaceProgress: (setId: string, progress: ProgressItem[]) => Promise<void>
  forget: (setId: string) => Promise<void>
  /** Whether a failed call means the set is gone for this student (404, 403), not the network. */
  isGone: (error: unknown) => boolean
}

export interface RefreshReport {
  /** Sets whose cards were read again. */
  cardsRead: string[]
  /** Sets the server no longer shows the student, removed from the device. */
  forgotten: string[]
  /** Whether the round stopped early (the network failed). */
  stopped: boolean
}

/** Whether the kept copy's cards may differ from the set's on the server. */
export function cardsStale(kept: Pick<CachedSet, 'set' | 'cards'>, fresh: Pick<StudySet, 'updated' | 'cardCount'>): boolean {
  return kept.set.updated !== fresh.updated || kept.set.cardCount !== fresh.cardCount || kept.cards.length < fresh.cardCount
}

/**
 * The kept copies a refresh asked for at `askedAt` has to read: a copy kept from a server read made
 * after that (a set just opened, `openedAt`) is already up to date.
 */
export function keptBefore<T extends Pick<CachedSet, 'openedAt'>>(kept: readonly T[], askedAt: number): T[] {
  return kept.filter((copy) => copy.openedAt < askedAt)
}

export async function refreshKept(kept: readonly CachedSet[], deps: RefreshDeps): Promise<RefreshReport> {
  const report: RefreshReport = { cardsRead: [], forgotten: [], stopped: false }
  for (const copy of kept) {
    try {
      const fresh = await deps.fetchSet(copy.setId)
      if (cardsStale(copy, fresh)) {
        await deps.replaceCards(fresh, await deps.fetchCards(copy.setId))
        report.cardsRead.push(copy.setId)
      }
      await deps.replaceProgress(copy.setId, await deps.fetchProgress(copy.setId))
    } catch (error) {
      if (!deps.isGone(error)) {
        report.stopped = true
        return report
      }
      await deps.forget(copy.setId)
      report.forgotten.push(copy.setId)
    }
  }
  return report
}

/**
 * The kept progress after an answer the server took (its answer carries the card prompt's counts and
 * memory): the copy stays current with no extra request. An answer that counts toward no mastery
 * (Flashcards) changes only the memory of an item already there.
 */
export function withAnswerRecord(progress: readonly ProgressItem[] | null, record: AnswerRecord): ProgressItem[] | null {
  if (progress === null) return null
  const at = progress.findIndex((item) => item.cardId === record.cardId && item.prompt === record.prompt)
  const known = progress[at]
  const next = record.progress ? { ...record.progress, memory: record.memory } : known ? { ...known, memory: record.memory } : undefined
  if (!next) return [...progress]
  return at < 0 ? [...progress, next] : progress.map((item, index) => (index === at ? next : item))
}
