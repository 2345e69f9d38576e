import { Writable } from 'node:stream'
import Router, { type RouterMiddleware } from '@koa/router'
import { koaBody } from 'koa-body'
import { type ImportPreview, PREVIEW_EXTENSIONS, previewFileFieldsSchema, previewTextSchema } from '#shared/api/imports'
import { fieldErrors } from '#shared/api/validation'
import { IMPORT_LIMITS } from '#shared/limits'
import { importMessages } from '#shared/messages'
import type { Deps } from '#server/deps'
import type { Authenticated } from '#server/access/auth'
import { requireVerifiedUser } from '#server/access/auth'
import { invalidInput, payloadTooLarge, unsupportedMediaType } from '#server/http/errors'
import { rateLimit } from '#server/http/rate-limit'
import { route } from '#server/http/route'
import { previewImport } from './imports.service'
import type { ParseJob } from './parse-job'

/** The path that takes multipart bodies (server/http/body.ts lets it through). */
export const PREVIEW_PATH = '/api/imports/preview'

type Preview = Authenticated & { job: ParseJob }

const TEXT_EXTENSIONS = new Set(['csv', 'tsv', 'txt', 'json'])
const unsupportedFile = () => {
  const message = `Only ${PREVIEW_EXTENSIONS.map((extension) => `.${extension}`).join(', ')} files are supported`
  return invalidInput({ file: message }, message)
}

function extensionOf(name: string): (typeof PREVIEW_EXTENSIONS)[number] | null {
  const extension = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase()
  return (PREVIEW_EXTENSIONS as readonly string[]).includes(extension ?? '') ? (extension as (typeof PREVIEW_EXTENSIONS)[number]) : null
}

/**
 * The upload, read into memory (never to a temp file) by formidable through koa-body, with its own
 * limits: one file of at most the package limit (IMPORT_MAX_PACKAGE_MB), two small text fields.
 */
function readMultipart(deps: Deps): RouterMiddleware<Preview> {
  return async (ctx, next) => {
    const chunks: Buffer[] = []
    const parse = koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        maxFiles: 1,
        maxFileSize: deps.config.imports.maxPackageBytes,
        maxTotalFileSize: deps.config.imports.maxPackageBytes,
        maxFields: 4,
        maxFieldsSize: 4 * 1024,
        allowEmptyFiles: false,
        fileWriteStreamHandler: () =>
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk)
              callback()
            },
          }),
      },
      onError: (error, ctx) => {
        // The rest of the upload is never read: the client must not send its next request on this connection.
        ctx.set('Connection', 'close')
        const code = (error as { httpCode?: number }).httpCode
        if (code === 413) throw payloadTooLarge(importMessages.uploadTooLarge(Math.round(deps.config.imports.maxPackageBytes / (1024 * 1024))))
        throw invalidInput({ file: importMessages.noFile }, importMessages.uploadUnreadable)
      },
    })
    await parse(ctx, async () => {})
    const files = ctx.request.files ?? {}
    const file = files.file
    if (!file || Array.isArray(file) || Object.keys(files).length !== 1) throw invalidInput({ file: importMessages.noFile }, importMessages.noFile)
    const name = file.originalFilename ?? ''
    const extension = extensionOf(name)
    if (!extension) throw unsupportedFile()
    const bytes = new Uint8Array(Buffer.concat(chunks))
    if (TEXT_EXTENSIONS.has(extension) && bytes.length > IMPORT_LIMITS.fileBytes) throw payloadTooLarge(importMessages.tooLarge)
    const fields = previewFileFieldsSchema.safeParse(ctx.request.body ?? {})
    if (!fields.success) throw invalidInput(fieldErrors(fields.error))
    const { maxEntries, maxUncompressedBytes, maxNotes } = deps.config.imports
    ctx.state.job = { kind: 'file', name, extension, bytes, separators: fields.data, limits: { maxEntries, maxUncompressedBytes, maxNotes } }
    await next()
  }
}

/** Pasted text as JSON `{ text, termSeparator, rowSeparator }`. */
const readPastedText: RouterMiddleware<Preview> = async (ctx, next) => {
  const result = previewTextSchema.safeParse(ctx.request.body ?? {})
  if (!result.success) throw invalidInput(fieldErrors(result.error))
  const { text, termSeparator, rowSeparator } = result.data
  ctx.state.job = { kind: 'pasted', text, separators: { termSeparator, rowSeparator } }
  await next()
}

/** POST /api/imports/preview (api.md "Import preview and more formats"): a package's pictures are stored for the caller. */
export function importsRoutes(deps: Deps): Router {
  const router = new Router()
  const multipart = readMultipart(deps)
  route<Preview>(
    router,
    {
      method: 'POST',
      path: PREVIEW_PATH,
      auth: 'verified',
      summary: 'What a file or pasted text would import, before anything is saved',
      description:
        'multipart/form-data with a `file` (.apkg, .colpkg, .csv, .tsv, .txt, .json; at most IMPORT_MAX_PACKAGE_MB, default 100 MB; ' +
        'text formats at most 5 MB) and optional `termSeparator`, `rowSeparator`; or JSON `{ text, termSeparator, rowSeparator }` for pasted text. ' +
        'Separators: tab, comma, semicolon, newline or literal text. Answers `{ format, sets: [{ title, tags, total, cards: [{ term, definition, ' +
        'termImage, definitionImage }] }], problems: [{ line, message }] }` with every card of every set (a set over 500 cards is split or cut ' +
        'by the client before POST /api/sets/import). Packages are parsed on a worker thread with a time limit (IMPORT_TIMEOUT_SECONDS) and ' +
        'limits on unpacked size, files and notes (IMPORT_MAX_UNPACKED_MB, IMPORT_MAX_ENTRIES, IMPORT_MAX_NOTES); a refused or broken file is a 400 ' +
        'with its reason. Rate-limited like the import.',
      body: previewTextSchema,
      validator: async (ctx, next) => {
        if (ctx.is('multipart/form-data')) return multipart(ctx, next)
        if (ctx.is('application/json') || !ctx.request.length) return readPastedText(ctx, next)
        throw unsupportedMediaType()
      },
      responses: { 200: { description: 'The preview: format, sets with all their cards, problems with their line or note number' } },
    },
    requireVerifiedUser<Preview>(deps),
    rateLimit(deps.rateLimitStore, deps.clock, {
      name: 'import-preview',
      max: deps.config.rateLimits.import,
      windowSeconds: deps.config.rateLimits.windowSeconds,
    }),
    async (ctx) => {
      const preview: ImportPreview = await previewImport(deps, ctx.state.auth, ctx.state.job)
      ctx.body = preview
    },
  )
  return router
}
