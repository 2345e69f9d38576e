import { z } from 'zod'
import { TEXT_ENCODINGS, type TextEncodingName } from '#shared/import/encodings'
import { createImportSetSchema } from '#shared/import/import-schema'
import type { StripMarkup } from './sets'

import type * as Z from 'zod'
import type * as R from './responses'
import { IMPORT_LIMITS, MAX_PASTED_TEXT } from '#shared/limits'

/** The answer of POST /api/imports/preview (zod schema in ./responses.ts). */
export type ImportPreview = Z.output<typeof R.importPreviewSchema>
export type PreviewFormat = ImportPreview['format']
export type PreviewSet = Z.output<typeof R.previewSetSchema>
export type PreviewCard = PreviewSet['cards'][number]
export type PreviewProblem = Z.output<typeof R.previewProblemSchema>
/** With `setId` (issue 27): `add` (no card of the set has its guid), `update` (one has, with other content), `same` (one has, with this content). */
export type PreviewAction = NonNullable<PreviewCard['action']>
/** One of the caller's sets holding some of the previewed cards' guids: the dialog offers to update it. */
export type PreviewMatchingSet = NonNullable<ImportPreview['matchingSets']>[number]
/** POST /api/sets/:id/cards/import (issue 27): what an import into an existing set did, by `guid`. */
export type ImportIntoSetResult = Z.output<(typeof R.responseSchemas)['ImportIntoSetResult']>
/** GET /api/imports/limits: what the server refuses in an import (issue 27). */
export type ImportLimits = Z.output<typeof R.importLimitsSchema>

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

/** `setId` (issue 27): one of the caller's sets, to compare the file's cards with. */
const SET_ID_MESSAGE = 'setId must be the id of one of your sets.'
export { TEXT_ENCODINGS, type TextEncodingName } from '#shared/import/encodings'
/** The encodings a text file may be read in (shared/import/encodings.ts). */
const textEncodingSchema = z.enum(Object.keys(TEXT_ENCODINGS) as [TextEncodingName, ...TextEncodingName[]], {
  error: `The encoding must be one of ${Object.keys(TEXT_ENCODINGS).join(', ')}.`,
})
/** "Fields contain HTML" as a form field or a JSON value: on, off, or absent (then detected). */
const htmlSwitch = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
  error: 'html must be true or false.',
})

/** The JSON body: text pasted from Quizlet's export (or any term/definition list). */
export const previewTextSchema = z.object({
  text: z
    .string({ error: 'Paste the text to import.' })
    .max(MAX_PASTED_TEXT, 'The pasted text is too long (at most 1,000,000 characters).')
    .refine((value) => value.trim().length > 0, 'Paste the text to import.'),
  termSeparator: separator.optional().default('tab'),
  rowSeparator: separator.optional().default('newline'),
  setId: z.string({ error: SET_ID_MESSAGE }).min(1, SET_ID_MESSAGE).max(64, SET_ID_MESSAGE).optional(),
  /** Whether the fields are HTML; detected when absent. */
  html: htmlSwitch.optional(),
})
export type PreviewTextInput = z.input<typeof previewTextSchema>

/** The optional form fields beside `file` in the multipart body. */
export const previewFileFieldsSchema = z.object({
  termSeparator: separator.optional(),
  rowSeparator: separator.optional(),
  setId: z.string({ error: SET_ID_MESSAGE }).min(1, SET_ID_MESSAGE).max(64, SET_ID_MESSAGE).optional(),
  /** The encoding to read a text file in; detected when absent. */
  encoding: textEncodingSchema.optional(),
  /** Whether a text file's fields are HTML (as Anki reads them); detected when absent. */
  html: htmlSwitch.optional(),
})

/**
 * A previewed set over 500 cards, as the student chose: `split` gives sets of at most 500
 * titled "Title (1 of 3)" (the title cut so the suffix fits in 45 characters), `first` keeps the
 * first 500. Sets within the limit come back as they are.
 */
export function splitForImport(set: PreviewSet, choice: 'split' | 'first'): PreviewSet[] {
  if (set.cards.length <= IMPORT_LIMITS.cards) return [set]
  if (choice === 'first') {
    const cards = set.cards.slice(0, IMPORT_LIMITS.cards)
    return [{ ...set, cards, total: cards.length }]
  }
  const parts = Math.ceil(set.cards.length / IMPORT_LIMITS.cards)
  return Array.from({ length: parts }, (_, index) => {
    const suffix = ` (${index + 1} of ${parts})`
    const cards = set.cards.slice(index * IMPORT_LIMITS.cards, (index + 1) * IMPORT_LIMITS.cards)
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
