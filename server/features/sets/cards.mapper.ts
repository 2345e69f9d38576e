import type { Flashcard } from '#shared/api/sets'
import { toCardImage } from '#server/features/media/media.service'
import type { FlashcardWithImages } from './cards.repo'

export function toFlashcard(row: FlashcardWithImages): Flashcard {
  return {
    id: row.id,
    term: row.term,
    definition: row.definition,
    position: row.position,
    created: row.created,
    termImage: toCardImage(row.term_image_id, row.term_image_width, row.term_image_height),
    definitionImage: toCardImage(row.definition_image_id, row.definition_image_width, row.definition_image_height),
  }
}
