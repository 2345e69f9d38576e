import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SET_LIMITS } from '#shared/limits'
import { cardMessages, textMessages } from '#shared/messages'
import { keepingFormulas } from '#shared/text/formulas'
import { containsProfanity } from '#shared/text/profanity'
import { clozeNumbers } from '#shared/cards/cloze'
import { CARD_KINDS, type CardKind } from '#shared/cards/prompts'
import { mediaIdSchema } from './media'

import type * as Z from 'zod'
import type * as R from './responses'

/** The API shapes of study sets and cards (zod schemas in ./responses.ts, shown by GET /api/openapi.json). */
export type StudySet = Z.output<typeof R.studySetSchema>
export type Flashcard = Z.output<typeof R.flashcardSchema>
/** `{ items, page, perPage, totalItems, totalPages }` of every paged list. */
export type ListResponse<T> = { items: T[]; page: number; perPage: number; totalItems: number; totalPages: number }
export type TagsResponse = Z.output<(typeof R.responseSchemas)['Tags']>

// The field messages live with the others (shared/messages.ts).
export { textMessages } from '#shared/messages'

/** Removes markup from user text. The server passes a real sanitiser; the browser may pass its own. */
export type StripMarkup = (text: string) => string

interface TextRule {
  label: string
  max: number
  required: boolean
}

/** A saved text field: markup stripped, trimmed, required or not, within its limit, and clean. */
export function textField(strip: StripMarkup, { label, max, required }: TextRule) {
  return z
    .string({ error: textMessages.empty(label) })
    .transform((value) => strip(value).trim())
    .pipe(
      z
        .string()
        .refine((value) => !required || value.length > 0, textMessages.empty(label))
        .refine((value) => value.length <= max, textMessages.tooLong(label, max))
        .refine((value) => !containsProfanity(value), textMessages.profane(label)),
    )
}

/**
 * Cleans, splits, upper-cases and de-duplicates tags; each at most 10 characters. Markup is
 * stripped from the whole string before it is split: a comma inside a tag's attribute must not
 * cut the markup in two, and an encoded comma ('&#44;') becomes a separator like any other.
 */
function tagsField(strip: StripMarkup) {
  return z
    .string({ error: textMessages.tagsNotText })
    .transform((value) => [
      ...new Set(
        strip(value)
          .split(',')
          .map((tag) => tag.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string())
        .refine((tags) => tags.every((tag) => tag.length <= SET_LIMITS.tag), textMessages.tooLong('Tag', SET_LIMITS.tag))
        .refine((tags) => tags.length <= SET_LIMITS.tagsPerSet, textMessages.tooManyTags)
        .refine((tags) => !tags.some(containsProfanity), textMessages.profane('Tag')),
    )
    .transform((tags) => tags.join(','))
}

/**
 * A language for read-aloud: a BCP 47 tag (`en`, `ja`, `pt-BR`, `zh-Hant`), or null for none.
 * Only the tag's shape is checked; whether the browser has a voice for it is the browser's call.
 */
export const languageSchema = z
  .string({ error: textMessages.languageTag })
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/, textMessages.languageTag)
  .max(35, textMessages.languageTag)
  .nullable()

/** The request schemas of the set and card routes, built around a markup stripper. */
export function createSetSchemas(strip: StripMarkup) {
  const title = textField(strip, { label: 'Title', max: SET_LIMITS.title, required: true })
  const description = textField(strip, { label: 'Description', max: SET_LIMITS.description, required: false })
  const tags = tagsField(strip)
  // A side may be a picture alone: its text is required only without one (checked per card below).
  // Formulas in a side (`\(...\)`, `\[...\]`) are kept verbatim, the text around them stripped.
  const sideText = keepingFormulas(strip)
  const term = textField(sideText, { label: 'Term', max: SET_LIMITS.term, required: false })
  const definition = textField(sideText, { label: 'Definition', max: SET_LIMITS.definition, required: false })
  const image = mediaIdSchema.nullable()
  const kind = z.enum(CARD_KINDS, { error: cardMessages.kind })
  const reverse = z.boolean({ error: cardMessages.reverseNotBoolean })

  return {
    createSet: z.object({
      title,
      description: description.optional().default(''),
      tags: tags.optional().default(''),
      isPublic: z.boolean({ error: textMessages.isPublicNotBoolean }).optional().default(false),
      termLanguage: languageSchema.optional().default(null),
      definitionLanguage: languageSchema.optional().default(null),
    }),
    updateSet: z.object({
      title: title.optional(),
      description: description.optional(),
      tags: tags.optional(),
      isPublic: z.boolean({ error: textMessages.isPublicNotBoolean }).optional(),
      termLanguage: languageSchema.optional(),
      definitionLanguage: languageSchema.optional(),
    }),
    createCard: z
      .object({
        term: term.optional().default(''),
        definition: definition.optional().default(''),
        termImage: image.optional().default(null),
        definitionImage: image.optional().default(null),
        termAudio: image.optional().default(null),
        definitionAudio: image.optional().default(null),
        kind: kind.optional().default('basic'),
        reverse: reverse.optional().default(false),
      })
      .superRefine((card, ctx) => {
        for (const issue of cardProblems(card)) ctx.addIssue(issue)
      }),
    // Whether a side ends up empty depends on what is saved: the server checks the merged card.
    updateCard: z.object({
      term: term.optional(),
      definition: definition.optional(),
      termImage: image.optional(),
      definitionImage: image.optional(),
      termAudio: image.optional(),
      definitionAudio: image.optional(),
      kind: kind.optional(),
      reverse: reverse.optional(),
    }),
  }
}

/** A side with neither text nor a picture: the spec's "cannot be empty" message on its text field. */
export function emptySides(card: {
  term: string
  definition: string
  termImage: string | null
  definitionImage: string | null
  /** A side may be only a recording (issue 27: an Anki note whose side is a `[sound:]`). */
  termAudio?: string | null
  definitionAudio?: string | null
}) {
  const issues: { code: 'custom'; path: string[]; message: string }[] = []
  if (card.term === '' && card.termImage === null && !card.termAudio) issues.push({ code: 'custom', path: ['term'], message: textMessages.empty('Term') })
  if (card.definition === '' && card.definitionImage === null && !card.definitionAudio) {
    issues.push({ code: 'custom', path: ['definition'], message: textMessages.empty('Definition') })
  }
  return issues
}

type CardFields = Parameters<typeof emptySides>[0] & { kind?: CardKind; reverse?: boolean }

/**
 * Everything wrong with a card as it would be saved: an empty side (a cloze card's definition may be empty: it is
 * extra text), a cloze term without a deletion, reverse on a cloze card.
 */
export function cardProblems(card: CardFields) {
  const cloze = card.kind === 'cloze'
  const issues = emptySides(card).filter((issue) => !(cloze && issue.path[0] === 'definition'))
  if (cloze && card.term !== '' && clozeNumbers(card.term).length === 0) {
    issues.push({ code: 'custom', path: ['term'], message: cardMessages.clozeWithoutDeletion })
  }
  if (cloze && card.reverse === true) issues.push({ code: 'custom', path: ['reverse'], message: cardMessages.reverseOnCloze })
  return issues
}

export type SetSchemas = ReturnType<typeof createSetSchemas>
export type CreateSetInput = z.input<SetSchemas['createSet']>
export type UpdateSetInput = z.input<SetSchemas['updateSet']>
export type CreateCardInput = z.input<SetSchemas['createCard']>
export type UpdateCardInput = z.input<SetSchemas['updateCard']>

const pageNumber = (fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : Number(value)))
    .pipe(z.number({ error: 'Must be a whole number.' }).int('Must be a whole number.').min(1, 'Must be at least 1.').max(max, `Must be at most ${max}.`))

/** `?page=1&perPage=30` of every list. */
export const pageQuerySchema = z.object({
  page: pageNumber(1, 1_000_000),
  perPage: pageNumber(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
})

/** The query of the set lists: search in title or description, and tags joined with AND. */
export const setListQuerySchema = pageQuerySchema.extend({
  search: z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? '')
    .pipe(z.string().max(200, 'Search must be at most 200 characters.')),
  tag: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => [...new Set((value === undefined ? [] : [value].flat()).map((tag) => tag.trim().toUpperCase()).filter(Boolean))])
    .pipe(z.array(z.string().max(SET_LIMITS.tag, textMessages.tooLong('Tag', SET_LIMITS.tag))).max(SET_LIMITS.tagsPerSet)),
})
export type SetListQuery = z.output<typeof setListQuerySchema>

export const cardListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(['position', '-position'], { error: 'Sort must be position or -position.' }).optional().default('position'),
})
export type CardListQuery = z.output<typeof cardListQuerySchema>

export const tagsQuerySchema = z.object({
  scope: z.enum(['public', 'mine'], { error: 'Scope must be public or mine.' }).optional().default('public'),
})

/** GET /api/sets/:id/export: the file's format (JSON by default). */
export const exportQuerySchema = z.object({
  format: z.enum(['json', 'csv', 'txt', 'apkg'], { error: 'Format must be json, csv, txt or apkg.' }).optional().default('json'),
})
