import type { CardMemoryView } from '#shared/api/memory'
import type { Flashcard } from '#shared/api/sets'
import type { CardProgress, CardStatus } from '#shared/api/study'
import { cardProgress, progressPerCard } from '#shared/study/mastery'
import { type MessageId, translate } from '@/lib/i18n'

/**
 * The Terms list's sort and filter (docs/study-rules.md: sort by mastery, attempts or alphabetically;
 * filter by all, mastered, learning, needs_review) as pure functions over the cards and the
 * student's progress. A card never answered counts as 0% mastered with 0 attempts, so the spec's
 * rule puts it under needs_review.
 */
export type TermsSort = 'position' | 'mastery' | 'attempts' | 'alphabetical' | 'due' | 'weakest'
export type TermsFilter = 'all' | CardStatus

/** The sorts and filters offered, each with its label's catalog key. */
export const TERMS_SORTS: ReadonlyArray<{ value: TermsSort; label: MessageId }> = [
  { value: 'position', label: 'terms.sort.position' },
  { value: 'mastery', label: 'terms.sort.mastery' },
  { value: 'attempts', label: 'terms.sort.attempts' },
  { value: 'alphabetical', label: 'terms.sort.alphabetical' },
  { value: 'due', label: 'terms.sort.due' },
  { value: 'weakest', label: 'terms.sort.weakest' },
]

export const TERMS_FILTERS: ReadonlyArray<{ value: TermsFilter; label: MessageId }> = [
  { value: 'all', label: 'terms.filter.all' },
  { value: 'mastered', label: 'terms.filter.mastered' },
  { value: 'learning', label: 'terms.filter.learning' },
  { value: 'needs_review', label: 'terms.filter.needsReview' },
]

const STATUS_LABELS: Record<CardStatus, MessageId> = {
  mastered: 'terms.status.mastered',
  learning: 'terms.status.learning',
  needs_review: 'terms.status.needsReview',
}

/**
 * The badge of a card in the Terms list: its status, except a card never answered, which is 'Not
 * studied' in a quiet tone rather than a red 'Needs review' (it still counts under that filter).
 */
export function statusBadge(progress: Pick<CardProgress, 'status' | 'attempts'>): { label: string; tone: CardStatus | 'not_studied' } {
  if (progress.attempts === 0) return { label: translate('terms.status.notStudied'), tone: 'not_studied' }
  return { label: translate(STATUS_LABELS[progress.status]), tone: progress.status }
}

export interface TermRow {
  card: Flashcard
  progress: CardProgress
  /** The student's memory of the card (predicted recall, next review), or null before any answer. */
  memory: CardMemoryView | null
}

/** A progress item as GET /progress answers it: counts and, once answered in any mode, memory. */
export type CardProgressWithMemory = CardProgress & { memory?: CardMemoryView | null }

/** Each card with its progress; cards not answered yet get zero counts and no memory. */
export function termRows(cards: readonly Flashcard[], progress: readonly CardProgressWithMemory[]): TermRow[] {
  const byCard = new Map(progressPerCard(progress).map((item) => [item.cardId, item]))
  return cards.map((card) => {
    const item = byCard.get(card.id)
    const { memory = null, ...counts }: CardProgressWithMemory = item ?? cardProgress(card.id, 0, 0, '')
    return { card, progress: counts, memory }
  })
}

/** Cards with no memory yet go after those with one, in either memory sort. */
const byMemory = (value: (memory: CardMemoryView) => number) => (a: TermRow, b: TermRow) => {
  if (a.memory && b.memory) return value(a.memory) - value(b.memory) || byPosition(a, b)
  if (a.memory) return -1
  if (b.memory) return 1
  return byPosition(a, b)
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/** Ties always fall back to the set's own order, so the list never jumps between renders. */
const byPosition = (a: TermRow, b: TermRow) => a.card.position - b.card.position

const COMPARE: Record<TermsSort, (a: TermRow, b: TermRow) => number> = {
  position: byPosition,
  mastery: (a, b) => a.progress.masteryRate - b.progress.masteryRate || byPosition(a, b),
  attempts: (a, b) => b.progress.attempts - a.progress.attempts || byPosition(a, b),
  alphabetical: (a, b) => collator.compare(a.card.term, b.card.term) || byPosition(a, b),
  due: byMemory((memory) => Date.parse(memory.due)),
  weakest: byMemory((memory) => memory.retrievability),
}

export function arrangeTerms(rows: readonly TermRow[], sort: TermsSort, filter: TermsFilter): TermRow[] {
  const kept = filter === 'all' ? [...rows] : rows.filter((row) => row.progress.status === filter)
  return kept.sort(COMPARE[sort])
}

/** True when the list needs every card of the set (the first page alone would mislead). */
export function needsAllCards(sort: TermsSort, filter: TermsFilter): boolean {
  return sort !== 'position' || filter !== 'all'
}
