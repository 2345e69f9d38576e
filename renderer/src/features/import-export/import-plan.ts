import { type ImportPreview, type PreviewCard, splitForImport } from '#shared/api/imports'
import type { ImportCard } from '#shared/import/parse-import'
import type { ImportSetInput } from './import-export-api'
import { IMPORT_LIMITS } from '#shared/limits'

/** How a set over 500 cards is imported: in sets of 500, or only its first 500 cards. */
export type SplitChoice = 'split' | 'first'

/** The student's choices over a preview, one entry per previewed set (by its index). */
export interface ImportChoices {
  titles: string[]
  /** False for a deck left out. */
  included: boolean[]
  split: SplitChoice[]
  /** One optional description for every set created. */
  description: string
}

/** A set to create, with the previewed set it comes from (for showing its errors). */
export interface PlannedSet extends ImportSetInput {
  source: number
  description: string
}

export function initialChoices(preview: ImportPreview): ImportChoices {
  return {
    titles: preview.sets.map((set) => set.title),
    included: preview.sets.map(() => true),
    split: preview.sets.map(() => 'split'),
    description: '',
  }
}

export function isOverLimit(total: number): boolean {
  return total > IMPORT_LIMITS.cards
}

/**
 * The sets the confirm step creates, in order: each included set with its edited title, a set
 * over 500 cards split into "Title (1 of 3)" parts or cut to its first 500. An empty title stays
 * empty in every part, so that 'Title is required' shows instead of a title made of the suffix.
 */
export function planImport(preview: ImportPreview, choices: ImportChoices): PlannedSet[] {
  return preview.sets.flatMap((set, source) => {
    if (choices.included[source] === false) return []
    const title = (choices.titles[source] ?? set.title).trim()
    const parts = splitForImport({ ...set, title }, choices.split[source] ?? 'split')
    return parts.map((part) => ({
      source,
      title: title === '' ? '' : part.title,
      description: choices.description,
      cards: importCards(part.cards),
    }))
  })
}

/** Previewed cards as the import route takes them: a picture or recording (a media id already stored for the student) only where there is one. */
export function importCards(
  cards: ReadonlyArray<
    Pick<PreviewCard, 'term' | 'definition'> &
      Partial<Pick<PreviewCard, 'termImage' | 'definitionImage' | 'termAudio' | 'definitionAudio' | 'kind' | 'reverse' | 'guid'>>
  >,
): ImportCard[] {
  return cards.map(({ term, definition, termImage, definitionImage, termAudio, definitionAudio, kind, reverse, guid }) => ({
    term,
    definition,
    ...(termImage ? { termImage } : {}),
    ...(definitionImage ? { definitionImage } : {}),
    ...(termAudio ? { termAudio } : {}),
    ...(definitionAudio ? { definitionAudio } : {}),
    ...(kind === 'cloze' ? { kind } : {}),
    ...(reverse ? { reverse } : {}),
    // Stable identity (issue 27): an Anki note's or an export's guid stays the card's.
    ...(guid ? { guid } : {}),
  }))
}
