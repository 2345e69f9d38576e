import { z } from 'zod'
import { importImageSchema } from '#shared/api/media'
import { type StripMarkup, textMessages } from '#shared/api/sets'
import { containsProfanity, maskProfanity } from '#shared/text/profanity'
import { cutText, IMPORT_LIMITS, importMessages } from './parse-import'

/** A card's text as saved: markup stripped, trimmed, profanity masked, cut to its limit. */
function cleanCardText(strip: StripMarkup, text: string, max: number): string {
  // Masked before the cut (so a cut cannot leave half a profane word readable) and after it (so
  // a cut cannot turn a clean word into a profane one).
  return maskProfanity(cutText(maskProfanity(strip(text).trim()), max)).trim()
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
  // A card object without a term or a definition is dropped below, like one whose text is empty
  // (docs/content-rules.md, 'Import'), not a reason to refuse the file. A side may also be a
  // picture (a media id the caller uploaded, or a data: URL), which counts as its content.
  const card = z.object(
    {
      term: cardText('Term').optional().default(''),
      definition: cardText('Definition').optional().default(''),
      termImage: importImageSchema.nullable().optional().default(null),
      definitionImage: importImageSchema.nullable().optional().default(null),
    },
    { error: 'Each flashcard must be an object with a term and a definition.' },
  )

  return z.object({
    title,
    description: description.optional().default(''),
    cards: z
      .array(card, { error: importMessages.noValidCards })
      .max(IMPORT_LIMITS.cards, importMessages.tooManyCards)
      .transform((cards) =>
        cards
          .map((item) => ({
            term: cleanCardText(strip, item.term, IMPORT_LIMITS.term),
            definition: cleanCardText(strip, item.definition, IMPORT_LIMITS.definition),
            termImage: item.termImage,
            definitionImage: item.definitionImage,
          }))
          .filter((item) => (item.term !== '' || item.termImage !== null) && (item.definition !== '' || item.definitionImage !== null)),
      )
      .pipe(
        z
          .array(z.object({ term: z.string(), definition: z.string(), termImage: z.string().nullable(), definitionImage: z.string().nullable() }))
          .min(1, importMessages.noValidCards),
      ),
  })
}

export type ImportSetSchema = ReturnType<typeof createImportSetSchema>
/** The request body of POST /api/sets/import. */
export type ImportSetInput = z.input<ImportSetSchema>
export type ImportSetData = z.output<ImportSetSchema>
