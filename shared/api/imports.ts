import { z } from 'zod'
import { createImportSetSchema } from '#shared/import/import-schema'
import type { StripMarkup } from './sets'

/**
 * POST /api/imports/preview (api.md, "Import preview and more formats"): what a file or pasted
 * text would import, before anything is saved. The renderer's import dialog shows it, lets the
 * student choose how to split sets over 500 cards (`splitForImport`), then sends each set to
 * POST /api/sets/import.
 */

/** The file types the preview reads, by extension. */
export const PREVIEW_EXTENSIONS = ['apkg', 'colpkg', 'csv', 'tsv', 'txt', 'json'] as const

export { NAMED_SEPARATORS, separatorText } from '#shared/import/separators'

/** Separators as Quizlet's export offers them (see shared/import/separators.ts), 1 to 10 characters. */
const separator = z.string({ error: 'A separator must be text.' }).min(1, 'A separator cannot be empty.').max(10, 'A separator can be at most 10 characters.')

/** Pasted text is capped like the JSON body (1 MB): about 5,000 full cards. */
export const MAX_PASTED_TEXT = 1_000_000

/** The JSON body: text pasted from Quizlet's export (or any term/definition list). */
export const previewTextSchema = z.object({
  text: z
    .string({ error: 'Paste the text to import.' })
    .max(MAX_PASTED_TEXT, 'The pasted text is too long (at most 1,000,000 characters).')
    .refine((value) => value.trim().length > 0, 'Paste the text to import.'),
  termSeparator: separator.optional().default('tab'),
  rowSeparator: separator.optional().default('newline'),
})
export type PreviewTextInput = z.input<typeof previewTextSchema>

/** The optional form fields beside `file` in the multipart body. */
export const previewFileFieldsSchema = z.object({
  termSeparator: separator.optional(),
  rowSeparator: separator.optional(),
})

export type PreviewFormat = 'apkg' | 'colpkg' | 'csv' | 'json' | 'text'

export interface PreviewCard {
  term: string
  definition: string
  /** A media id (the picture is already stored for the caller), or null. */
  termImage: string | null
  definitionImage: string | null
}

export interface PreviewSet {
  title: string
  /** Comma-separated, upper-cased, the set's tag rules already applied. */
  tags: string
  /** How many cards the set has (the same as cards.length: every card is returned). */
  total: number
  cards: PreviewCard[]
}

export interface PreviewProblem {
  /** The line (text files) or note (Anki packages) number, 1-based; null for the file as a whole. */
  line: number | null
  /** Ready to show, with its line or note: "line 14: no definition, skipped". */
  message: string
}

export interface ImportPreview {
  format: PreviewFormat
  sets: PreviewSet[]
  problems: PreviewProblem[]
}

/** Cards per set (spec section 9). */
export const MAX_CARDS_PER_SET = 500

/**
 * A previewed set over 500 cards, as the student chose: `split` gives sets of at most 500
 * titled "Title (1 of 3)" (the title cut so the suffix fits in 45 characters), `first` keeps the
 * first 500. Sets within the limit come back as they are.
 */
export function splitForImport(set: PreviewSet, choice: 'split' | 'first'): PreviewSet[] {
  if (set.cards.length <= MAX_CARDS_PER_SET) return [set]
  if (choice === 'first') {
    const cards = set.cards.slice(0, MAX_CARDS_PER_SET)
    return [{ ...set, cards, total: cards.length }]
  }
  const parts = Math.ceil(set.cards.length / MAX_CARDS_PER_SET)
  return Array.from({ length: parts }, (_, index) => {
    const suffix = ` (${index + 1} of ${parts})`
    const cards = set.cards.slice(index * MAX_CARDS_PER_SET, (index + 1) * MAX_CARDS_PER_SET)
    return { ...set, title: `${set.title.slice(0, 45 - suffix.length).trimEnd()}${suffix}`, cards, total: cards.length }
  })
}

/**
 * What the import dialog sends once the student confirms a preview: each chosen set as a
 * POST /api/sets/import body (the same schema the server checks each one with), at least one.
 */
export function createImportSelectionSchema(strip: StripMarkup) {
  return z.object({
    sets: z.array(createImportSetSchema(strip)).min(1, 'Choose at least one set to import.'),
  })
}
