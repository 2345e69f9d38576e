import { z } from 'zod'
import { importAudioSchema, importImageSchema } from '#shared/api/media'
import { cardProblems, type StripMarkup, textMessages } from '#shared/api/sets'
import { CARD_KINDS } from '#shared/cards/prompts'
import { cardMessages } from '#shared/messages'
import { keepingFormulas } from '#shared/text/formulas'
import { containsProfanity, maskProfanity } from '#shared/text/profanity'
import { cutText, IMPORT_LIMITS, importMessages } from './parse-import'

/** A card's guid in an import: Anki's own are 10 characters of base91; any printable text up to 100 characters is kept. */
export const guidSchema = z.string({ error: cardMessages.guid }).regex(/^[^\u0000-\u001f\u007f]{1,100}$/, cardMessages.guid)

/** A card's text as saved: markup stripped, trimmed, profanity masked, cut to its limit. */
export function cleanCardText(strip: StripMarkup, text: string, max: number): string {
  // Masked before the cut (so a cut cannot leave half a profane word readable) and after it (so
  // a cut cannot turn a clean word into a profane one).
  // Formulas are kept as written (shared/text/formulas.ts); the text around them is stripped.
  return maskProfanity(cutText(maskProfanity(keepingFormulas(strip)(text).trim()), max)).trim()
}

const cardText = (field: 'Term' | 'Definition') =>
  z.string({ error: `Each flashcard needs a ${field.toLowerCase()} as text.` }).max(100_000, `${field} is far too long.`)

/**
 * POST /api/sets/import (docs/content-rules.md, 'Import'): the title and description are checked
 * like a set's (profanity refused), with the import dialog's messages; each card is cleaned
 * (markup stripped, trimmed, cut to 120/300, profanity masked, not refused), and cards left
 * without a term or a definition are dropped. None left: 'No valid flashcards found in file'.
 */
export function createImportSetSchema(strip: StripMarkup) {
  const title = z
    .string({ error: importMessages.titleRequired })
    .transform((value) => strip(value).trim())
    .pipe(
      z
        .string()
        .min(1, importMessages.titleRequired)
        .max(IMPORT_LIMITS.title, importMessages.titleTooLong)
        .refine((value) => !containsProfanity(value), textMessages.profane('Title')),
    )
  const description = z
    .string({ error: 'Description must be text.' })
    .transform((value) => strip(value).trim())
    .pipe(
      z
        .string()
        .max(IMPORT_LIMITS.description, importMessages.descriptionTooLong)
        .refine((value) => !containsProfanity(value), textMessages.profane('Description')),
    )
  return z.object({
    title,
    description: description.optional().default(''),
    cards: importCardsSchema(strip),
  })
}

/**
 * The cards of an import: each cleaned (markup stripped, trimmed, cut to 120/300, profanity masked, not refused),
 * and cards left without a term or a definition dropped; none left: 'No valid flashcards found in file'.
 */
function importCardsSchema(strip: StripMarkup) {
  const card = importCardSchema()
  return z
    .array(card, { error: importMessages.noValidCards })
    .max(IMPORT_LIMITS.cards, importMessages.tooManyCards)
    .transform((cards) =>
      cards
        .map((item) => ({
          term: cleanCardText(strip, item.term, IMPORT_LIMITS.term),
          definition: cleanCardText(strip, item.definition, IMPORT_LIMITS.definition),
          termImage: item.termImage,
          definitionImage: item.definitionImage,
          termAudio: item.termAudio,
          definitionAudio: item.definitionAudio,
          kind: item.kind,
          // Only a basic card is asked in reverse.
          reverse: item.kind === 'basic' && item.reverse,
          ...(typeof item.guid === 'string' ? { guid: item.guid } : {}),
        }))
        // Dropped like a card without a definition: a cloze card whose deletions did not survive the cleaning or the cut.
        .filter((item) => cardProblems(item).length === 0),
    )
    .pipe(
      z
        .array(
          z.object({
            term: z.string(),
            definition: z.string(),
            termImage: z.string().nullable(),
            definitionImage: z.string().nullable(),
            termAudio: z.string().nullable(),
            definitionAudio: z.string().nullable(),
            kind: z.enum(CARD_KINDS),
            reverse: z.boolean(),
            guid: z.string().optional(),
          }),
        )
        .min(1, importMessages.noValidCards),
    )
}

/** One card object of an import, before cleaning. */
function importCardSchema() {
  // A card object without a term or a definition is dropped below, like one whose text is empty
  // (docs/content-rules.md, 'Import'), not a reason to refuse the file. A side may also be a
  // picture (a media id the caller uploaded, or a data: URL), which counts as its content.
  return z.object(
    {
      term: cardText('Term').optional().default(''),
      definition: cardText('Definition').optional().default(''),
      termImage: importImageSchema.nullable().optional().default(null),
      definitionImage: importImageSchema.nullable().optional().default(null),
      // A recording: a media id the caller stored (an Anki package's `[sound:]`, from its preview), or a JSON export's data: URL.
      termAudio: importAudioSchema.nullable().optional().default(null),
      definitionAudio: importAudioSchema.nullable().optional().default(null),
      kind: z.enum(CARD_KINDS, { error: cardMessages.kind }).optional().default('basic'),
      reverse: z.boolean({ error: cardMessages.reverseNotBoolean }).optional().default(false),
      // Stable identity (issue 27): an export's or an Anki note's guid, kept; a new one is made when absent.
      guid: guidSchema.nullable().optional(),
    },
    { error: 'Each flashcard must be an object with a term and a definition.' },
  )
}

/** POST /api/sets/:id/cards/import (issue 27): the cards of a newer file for one of the caller's sets, matched by `guid`. */
export function createImportCardsSchema(strip: StripMarkup) {
  return z.object({ cards: importCardsSchema(strip) })
}

export type ImportSetSchema = ReturnType<typeof createImportSetSchema>
/** The request body of POST /api/sets/import. */
export type ImportSetInput = z.input<ImportSetSchema>
export type ImportSetData = z.output<ImportSetSchema>
export type ImportCardsData = z.output<ReturnType<typeof createImportCardsSchema>>
