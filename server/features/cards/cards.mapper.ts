import type { Flashcard } from '../../../shared/api/sets'
import type { FlashcardRow } from './cards.repo'

export function toFlashcard(row: FlashcardRow): Flashcard {
  return { id: row.id, term: row.term, definition: row.definition, position: row.position, created: row.created }
}
