import { z } from 'zod'

import type * as Z from 'zod'
import type * as R from './responses'
import { AUDIO_DATA_URL, DATA_URL } from './media-kinds'

export * from './media-kinds'

/** 201 of POST /api/media. */
export type MediaUpload = Z.output<typeof R.mediaUploadSchema>
/** A card side's picture, as in `card.termImage` and `card.definitionImage`. */
export type CardImage = Z.output<typeof R.cardImageSchema>
/** 201 of POST /api/media for a recording. */
export type AudioUpload = Z.output<typeof R.audioUploadSchema>
/** A card side's recording, as in `card.termAudio` and `card.definitionAudio`. */
export type CardAudio = Z.output<typeof R.cardAudioSchema>

/** Pictures on cards (api.md, "Additions for the next capabilities" > Pictures). */

/** A media id in a card body: one the caller uploaded, or null to remove the picture. */
export const mediaIdSchema = z
  .string({ error: 'A picture must be given by its id (from POST /api/media) or null.' })
  .regex(/^[a-z0-9]{1,64}$/, 'A picture must be given by its id (from POST /api/media) or null.')

/**
 * A picture in POST /api/sets/import: a media id, or a `data:` URL (a JSON export carries its
 * pictures that way; the server decodes, re-encodes and stores it).
 */
export const importImageSchema = z
  .string({ error: 'A picture must be a media id or a data: URL.' })
  .max(12_000_000, 'This picture is too large.')
  .refine((value) => /^[a-z0-9]{1,64}$/.test(value) || DATA_URL.test(value), 'A picture must be a media id or a data:image/...;base64 URL.')

/** A recording in an import: a media id the caller stored, or a data: URL (a JSON export's). */
export const importAudioSchema = z
  .string({ error: 'A recording must be a media id or a data: URL.' })
  .max(12_000_000, 'This recording is too large.')
  .refine((value) => /^[a-z0-9]{1,64}$/.test(value) || AUDIO_DATA_URL.test(value), 'A recording must be a media id or a data:audio/...;base64 URL.')
