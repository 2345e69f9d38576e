import Router from '@koa/router'
import type { Context } from 'koa'
import { isAudioType, MEDIA_UPLOAD_TYPES } from '#shared/api/media'
import type { Deps } from '#server/deps'
import { optionalUser, requireVerifiedUser } from '#server/access/auth'
import { unsupportedMediaType } from '#server/http/errors'
import { mediaContracts } from '#shared/api/contracts/misc'
import { route } from '#server/http/route'
import * as media from './media.service'
import { mediaMessages } from '#shared/messages'

/** The upload route reads its own raw body: app.ts tells the JSON body parser to leave it alone. */
export const MEDIA_UPLOAD_PATH = '/api/media'

const YEAR_SECONDS = 365 * 24 * 3600

/** The request body as bytes, refused with 413 as soon as it passes the upload limit. */
async function readUploadBody(ctx: Context, deps: Deps): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length'))
  if (Number.isFinite(declared)) media.refuseOversize(deps, declared)
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    length += chunk.length
    media.refuseOversize(deps, length)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, length)
}

export function mediaRoutes(deps: Deps): Router {
  const router = new Router()

  route(
    router,
    {
      contract: mediaContracts.upload,
      auth: 'verified',
      summary: 'Upload a picture or a recording for a card side',
      description:
        'The body is the picture or recording itself. A picture (PNG, JPEG, WebP or GIF; the real type is read from the bytes) is checked, scaled to at most 1600 px on its long side, stripped of metadata and stored as WebP; 400 for a damaged or disguised file. A recording (audio/mpeg, audio/ogg, audio/wav, audio/webm, audio/mp4) must parse as the container its Content-Type names, with an audio track and no video (else 415); its length is read from the container (400 when it cannot be, or past MEDIA_MAX_AUDIO_SECONDS) and it is stored as sent, answering `{ id, url, type, durationMs, bytes }`. Both count toward the storage quota. 413 past MEDIA_MAX_UPLOAD_MB or the quota, 415 for another type.',
      rawBody: { contentTypes: MEDIA_UPLOAD_TYPES, description: 'The picture or recording file as bytes.' },
      responses: { 201: { description: 'The stored picture (MediaUpload) or recording (AudioUpload)' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      // A picture's declared type only has to be one of the four (the real one is read from the
      // bytes); a recording's names the container its bytes must be.
      const declared = (ctx.request.type || '').toLowerCase()
      if (!(MEDIA_UPLOAD_TYPES as readonly string[]).includes(declared)) throw unsupportedMediaType(mediaMessages.wrongContentType)
      const bytes = await readUploadBody(ctx, deps)
      ctx.status = 201
      ctx.body = isAudioType(declared)
        ? await media.storeAudio(deps, ctx.state.auth.user.id, bytes, declared)
        : await media.storeImage(deps, ctx.state.auth.user.id, bytes)
    },
  )

  route(
    router,
    {
      contract: mediaContracts.get,
      auth: 'none',
      summary: 'A picture or recording, to its uploader or anyone who may read a set whose cards show it',
      description:
        'An <img> cannot send the Authorization header, so the `cardwise_token` cookie is also read (a stale one is a visitor). Anyone else gets 404 `Image not found`. Public pictures are cached for a year; private ones revalidate by ETag.',
      responses: {
        200: { description: 'The picture or recording', contentTypes: ['image/webp', 'audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/webm', 'audio/mp4'] },
        304: { description: 'Not modified (If-None-Match matched the ETag).' },
      },
    },
    optionalUser(deps, { allowCookie: true }),
    async (ctx) => {
      const served = await media.readMedia(deps, ctx.params.id ?? '', ctx.state.auth)
      ctx.set('X-Content-Type-Options', 'nosniff')
      // A picture never changes under its id: one on a public set may sit in any cache for a year.
      // Any other stays out of shared caches and is revalidated on each view (a 304 by its ETag), so
      // a set made private or a signed-out browser stops showing it.
      ctx.set('Cache-Control', served.isPublic ? `public, max-age=${YEAR_SECONDS}, immutable` : 'private, no-cache')
      ctx.set('Content-Security-Policy', "default-src 'none'; sandbox")
      ctx.etag = served.etag
      ctx.type = served.type
      ctx.status = 200
      if (ctx.fresh) {
        ctx.status = 304
        return
      }
      ctx.body = served.data
    },
  )

  return router
}
