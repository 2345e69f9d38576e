import type { Flashcard } from '#shared/api/sets'
import { cardPrompts } from '#shared/cards/prompts'
import { toCardAudio, toCardImage } from '#server/features/media/media.service'
import type { FlashcardWithImages } from './cards.repo'

export function toFlashcard(row: FlashcardWithImages): Flashcard {
  const kind = row.kind
  const reverse = kind === 'basic' && row.reverse === 1
  return {
    id: row.id,
    term: row.term,
    definition: row.definition,
    position: row.position,
    created: row.created,
    termImage: toCardImage(row.term_image_id, row.term_image_width, row.term_image_height),
    definitionImage: toCardImage(row.definition_image_id, row.definition_image_width, row.definition_image_height),
    termAudio: toCardAudio(row.term_audio_id, row.term_audio_duration_ms),
    definitionAudio: toCardAudio(row.definition_audio_id, row.definition_audio_duration_ms),
    kind,
    reverse,
    prompts: cardPrompts({ kind, reverse, term: row.term }),
    guid: row.guid,
  }
}
