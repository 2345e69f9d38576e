import type { ClassProgressItem } from '#shared/api/classes'
import type { MessageId } from '@/lib/i18n'

/** The columns of the class progress table, each sortable. */
export type ProgressColumn = 'username' | 'setTitle' | 'studied' | 'mastered' | 'learning' | 'needsReview' | 'dueToday' | 'lastStudied' | 'finishedByDue'

export type SortDirection = 'ascending' | 'descending'

export interface ProgressSort {
  column: ProgressColumn
  direction: SortDirection
}

/** The columns of the class progress table, each sortable, with its header's catalog key. */
export const PROGRESS_COLUMNS: ReadonlyArray<{ column: ProgressColumn; label: MessageId }> = [
  { column: 'username', label: 'classes.progress.student' },
  { column: 'setTitle', label: 'classes.progress.set' },
  { column: 'studied', label: 'classes.progress.studied' },
  { column: 'mastered', label: 'classes.status.mastered' },
  { column: 'learning', label: 'classes.status.learning' },
  { column: 'needsReview', label: 'classes.status.needsReview' },
  { column: 'dueToday', label: 'classes.progress.dueToday' },
  { column: 'lastStudied', label: 'classes.progress.lastStudied' },
  { column: 'finishedByDue', label: 'classes.progress.doneByDue' },
]

/** No due date first, then not done, then done. */
const doneRank = (done: boolean | null) => (done === null ? 0 : done ? 2 : 1)

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/** Compares two rows on one column, ascending; a set never studied comes before any date. */
function compareOn(column: ProgressColumn, a: ClassProgressItem, b: ClassProgressItem): number {
  switch (column) {
    case 'username':
    case 'setTitle':
      return collator.compare(a[column], b[column])
    case 'finishedByDue':
      return doneRank(a.finishedByDue) - doneRank(b.finishedByDue)
    case 'lastStudied':
      return (a.lastStudied ? Date.parse(a.lastStudied) : -Infinity) - (b.lastStudied ? Date.parse(b.lastStudied) : -Infinity) || 0
    default:
      return a[column] - b[column]
  }
}

/**
 * The rows sorted on the chosen column; ties keep a stable reading order (student, then set), so
 * the table does not shuffle equal rows between clicks.
 */
export function sortProgress(items: readonly ClassProgressItem[], sort: ProgressSort): ClassProgressItem[] {
  const sign = sort.direction === 'ascending' ? 1 : -1
  return [...items].sort((a, b) => sign * compareOn(sort.column, a, b) || compareOn('username', a, b) || compareOn('setTitle', a, b))
}

/** A click on a column's header: the same column flips its direction, another starts ascending. */
export function nextSort(current: ProgressSort, column: ProgressColumn): ProgressSort {
  if (current.column === column) return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
  return { column, direction: 'ascending' }
}
