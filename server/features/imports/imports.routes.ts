import { Readable, Writable } from 'node:stream'
import Router, { type RouterMiddleware } from '@koa/router'
import { koaBody } from 'koa-body'
import { type ImportLimits, PREVIEW_EXTENSIONS, previewFileFieldsSchema, previewTextSchema } from '#shared/api/imports'
import { fieldErrors } from '#shared/api/validation'
import { IMPORT_LIMITS } from '#shared/limits'
import { importMessages } from '#shared/messages'
import type { Deps } from '#server/deps'
import type { Authenticated } from '#server/access/auth'
import { requireVerifiedUser } from '#server/access/auth'
import { invalidInput, payloadTooLarge, unsupportedMediaType } from '#server/http/errors'
import { rateLimit } from '#server/http/rate-limit'
import { importContracts } from '#shared/api/contracts/misc'
import { route } from '#server/http/route'
import { previewImport } from './imports.service'
import type { ParseJob } from './parse-job'

/** The path that takes multipart bodies (server/http/body.ts lets it through). */
export const PREVIEW_PATH = '/api/imports/preview'

type Preview = Authenticated & { job: ParseJob; setId?: string }

const TEXT_EXTENSIONS = new Set(['csv', 'tsv', 'txt', 'json'])
const unsupportedFile = () => {
  const message = importMessages.unsupportedFile(PREVIEW_EXTENSIONS.map((extension) => `.${extension}`).join(', '))
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
        maxFields: 8,
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
    // Its own buffer (a copy, never a slice of a shared pool): handed to the import worker without another copy.
    const bytes = new Uint8Array(Buffer.concat(chunks))
    if (TEXT_EXTENSIONS.has(extension) && bytes.length > IMPORT_LIMITS.fileBytes) throw payloadTooLarge(importMessages.tooLarge)
    const fields = previewFileFieldsSchema.safeParse(ctx.request.body ?? {})
    if (!fields.success) throw invalidInput(fieldErrors(fields.error))
    const { maxEntries, maxUncompressedBytes, maxNotes } = deps.config.imports
    const { setId, encoding, html, ...separators } = fields.data
    ctx.state.job = { kind: 'file', name, extension, bytes, separators, limits: { maxEntries, maxUncompressedBytes, maxNotes }, encoding, html }
    if (setId !== undefined) ctx.state.setId = setId
    await next()
  }
}

/** Pasted text as JSON `{ text, termSeparator, rowSeparator }`. */
const readPastedText: RouterMiddleware<Preview> = async (ctx, next) => {
  const result = previewTextSchema.safeParse(ctx.request.body ?? {})
  if (!result.success) throw invalidInput(fieldErrors(result.error))
  const { text, termSeparator, rowSeparator, setId, html } = result.data
  ctx.state.job = { kind: 'pasted', text, separators: { termSeparator, rowSeparator }, html }
  if (setId !== undefined) ctx.state.setId = setId
  await next()
}

/** The limits the preview and the import enforce, as GET /api/imports/limits serves them. */
export function importLimits(deps: Pick<Deps, 'config'>): ImportLimits {
  const { imports } = deps.config
  return {
    packageBytes: imports.maxPackageBytes,
    textFileBytes: IMPORT_LIMITS.fileBytes,
    unpackedBytes: imports.maxUncompressedBytes,
    files: imports.maxEntries,
    notes: imports.maxNotes,
    cardsPerSet: IMPORT_LIMITS.cards,
    mediaQuotaBytes: deps.config.mediaQuotaBytes,
    audioSeconds: Math.round(deps.config.mediaMaxAudioMs / 1000),
    timeoutSeconds: Math.round(imports.timeoutMs / 1000),
  }
}

/** POST /api/imports/preview (api.md "Import preview and more formats"): a file's pictures and sounds are kept as the caller's drafts (issue 27). */
export function importsRoutes(deps: Deps): Router {
  const router = new Router()
  const multipart = readMultipart(deps)
  route(
    router,
    {
      contract: importContracts.limits,
      auth: 'none',
      summary: 'What the server refuses in an import: package and text file sizes, files and notes in a package, the media quota',
      description: 'The import dialog shows these (IMPORT_MAX_PACKAGE_MB and the other IMPORT_* and MEDIA_* settings) instead of numbers of its own.',
      responses: { 200: { description: 'The limits, in bytes, counts and seconds' } },
    },
    async (ctx) => {
      ctx.body = importLimits(deps)
    },
  )
  route(
    router,
    {
      contract: importContracts.preview,
      auth: 'verified',
      summary: 'What a file or pasted text would import, before anything is saved',
      description:
        'multipart/form-data with a `file` (.apkg, .colpkg, .csv, .tsv, .txt, .json; at most IMPORT_MAX_PACKAGE_MB, default 100 MB; ' +
        'text formats at most 5 MB) and optional `termSeparator`, `rowSeparator`, `encoding` (a text file: utf-8, utf-16le, utf-16be, shift_jis, gb18030, euc-kr, ' +
        'windows-1252; detected when absent) and `html` (true or false: the fields are HTML, read as Anki shows them; detected when absent); or JSON ' +
        '`{ text, termSeparator, rowSeparator, html }` for pasted text. ' +
        'Separators: tab, comma, semicolon, newline or literal text. Answers `{ format, sets: [{ title, tags, total, cards: [{ term, definition, ' +
        'termImage, definitionImage, termAudio, definitionAudio, kind, reverse }] }], problems: [{ line, message }], encoding, html }` with every card of every set ' +
        '(a set over 500 cards is split or cut by the client before POST /api/sets/import). ' +
        "Each card has its `guid` (the Anki note's, a text file's guid column, a JSON export's) or null; " +
        "`matchingSets` lists the caller's sets already holding some of those guids. With an optional `setId` (a form field, or in the JSON body; " +
        "one of the caller's sets, anyone else's is 404) each card also has `action`: `add`, `update` or `same` as POST /api/sets/:id/cards/import " +
        'would treat it, and `actions` counts them. ' +
        "Pictures and sounds are the caller's drafts until POST /api/sets/import names them, removed after a day otherwise. Packages are parsed on a worker thread with a time limit (IMPORT_TIMEOUT_SECONDS) and " +
        'limits on unpacked size, files and notes (IMPORT_MAX_UNPACKED_MB, IMPORT_MAX_ENTRIES, IMPORT_MAX_NOTES); a refused or broken file is a 400 ' +
        'with its reason. Rate-limited like the import.',
      validator: async (ctx, next) => {
        // Either reader leaves the parse job (not an input) in the state.
        const reading = ctx as unknown as Parameters<RouterMiddleware<Preview>>[0]
        if (ctx.is('multipart/form-data')) return multipart(reading, next)
        if (ctx.is('application/json') || !ctx.request.length) return readPastedText(reading, next)
        throw unsupportedMediaType()
      },
      responses: { 200: { description: 'The preview: format, sets with all their cards, problems with their line or note number' } },
    },
    requireVerifiedUser(deps),
    rateLimit(deps.rateLimitStore, deps.clock, {
      name: 'import-preview',
      max: deps.config.rateLimits.import,
      windowSeconds: deps.config.rateLimits.windowSeconds,
    }),
    async (ctx) => {
      const { job, setId } = ctx.state as unknown as Preview
      // The preview's JSON as the worker wrote it (an ImportPreview): sent as is, not parsed and written again here.
      const parts = await previewImport(deps, ctx.state.auth, job, setId)
      ctx.type = 'application/json'
      ctx.length = parts.reduce((sum, part) => sum + part.byteLength, 0)
      ctx.body = Readable.from(parts.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength)))
    },
  )
  return router
}
