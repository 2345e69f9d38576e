import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MediaUpload } from '#shared/api/media'
import { mediaMessages, messages as m } from '#shared/messages'
import { sweepUnattachedMedia } from '#server/features/media/media.service'
import {
  animatedGif,
  exifHasGps,
  gifHeaderWithHtml,
  gifImage,
  jpegImage,
  jpegWithGps,
  pngBomb,
  pngImage,
  pngWithZip,
  renamedText,
  solid,
  webpImage,
} from '#tests/support/images'
import { mp3Audio } from '#tests/support/audio'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { fetchMedia, mediaCount, mediaExists, sendUpload, upload } from './media-helpers'
import { apiError } from './scenarios'
import { allCards, cardShape, createSet, invalid } from './sets-helpers'
import { MEDIA_LIMITS } from '#shared/limits'

/**
 * Pictures on cards (api.md > Pictures): upload (each accepted type, each refusal), metadata
 * stripped, who may fetch a picture, cards with pictures, cleanup, the sweep, and the JSON
 * round trip. The permission matrix has the routes' rows; the fuzz test feeds them random bytes.
 */

let app: TestApp
let owner: Account
let other: Account
let unverifiedUser: Account

beforeAll(async () => {
  app = await startTestApp()
  owner = await createAccount(app, { username: 'picture_owner' })
  other = await createAccount(app, { username: 'picture_other' })
  unverifiedUser = await createAccount(app, { username: 'picture_newcomer', verified: false })
})
afterAll(() => app.close())

const uploadShape = (width: number, height: number) => ({
  id: expect.stringMatching(/^[a-z0-9]+$/),
  url: expect.stringMatching(/^\/api\/media\/[a-z0-9]+$/),
  type: 'image/webp',
  width,
  height,
  bytes: expect.any(Number),
})

/** A picture of its own colour each time, so uploads never deduplicate by accident. */
let colourCounter = 0
const freshPng = (width = 40, height = 30) => {
  colourCounter += 1
  const colour = `#${(colourCounter * 2_654_435).toString(16).padStart(6, '0').slice(-6)}`
  return solid(width, height, colour).png().toBuffer()
}

/** Random pixels: they do not compress, so the stored WebP is several kilobytes. */
const noisePng = (size: number) =>
  sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer()

describe('POST /api/media: each accepted type, read from the bytes', () => {
  const ACCEPTED = [
    { name: 'PNG', type: 'image/png', make: () => pngImage(64, 48), size: [64, 48] },
    { name: 'JPEG', type: 'image/jpeg', make: () => jpegImage(64, 48), size: [64, 48] },
    { name: 'WebP', type: 'image/webp', make: () => webpImage(64, 48), size: [64, 48] },
    { name: 'GIF', type: 'image/gif', make: () => gifImage(64, 48), size: [64, 48] },
    { name: 'animated GIF (first frame kept)', type: 'image/gif', make: animatedGif, size: [10, 30] },
    { name: 'a PNG sent as image/jpeg (the bytes decide)', type: 'image/jpeg', make: () => freshPng(20, 10), size: [20, 10] },
    { name: 'a large PNG, scaled to 1600 px', type: 'image/png', make: () => solid(2400, 1200).png().toBuffer(), size: [1600, 800] },
  ] as const

  it.each(ACCEPTED)('$name: 201, stored as WebP, served back to the uploader', async ({ type, make, size }) => {
    const response = await sendUpload(app, await make(), { token: owner.token, type })
    expect(response.status, response.text).toBe(201)
    expect(response.body).toEqual(uploadShape(size[0], size[1]))
    expect(response.body.url).toBe(`/api/media/${response.body.id}`)
    const served = await fetchMedia(app, response.body.id, { token: owner.token })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.bytes.length).toBe(response.body.bytes)
    const meta = await sharp(served.bytes).metadata()
    expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(['webp', size[0], size[1], 1])
  })

  it('the same picture twice is stored once (same id, no second row)', async () => {
    const bytes = await freshPng()
    const first = await upload(app, owner, bytes)
    const before = await mediaCount(app, owner.id)
    const second = await upload(app, owner, bytes)
    expect(second).toEqual(first)
    expect(await mediaCount(app, owner.id)).toBe(before)
    // Another user's copy is theirs: deduplication is per owner.
    const theirs = await upload(app, other, bytes)
    expect(theirs.id).not.toBe(first.id)
  })

  it('the stored bytes, downloaded and sent again, are the same picture', async () => {
    const first = await upload(app, owner, await freshPng())
    const served = await fetchMedia(app, first.id, { token: owner.token })
    expect(await upload(app, owner, served.bytes, 'image/webp')).toEqual(first)
  })

  it('ETag: a second fetch with If-None-Match is 304 without a body', async () => {
    const picture = await upload(app, owner, await freshPng())
    const first = await fetchMedia(app, picture.id, { token: owner.token })
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/)
    // fetch() would send Cache-Control: no-cache with If-None-Match (a forced reload) unless told otherwise.
    const again = await fetchMedia(app, picture.id, { token: owner.token, headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } })
    expect(again.status).toBe(304)
    expect(again.bytes.length).toBe(0)
  })
})

describe('POST /api/media: refusals, with the contract error body and nothing stored', () => {
  const notAnImage = apiError(415, 'unsupported_media_type', mediaMessages.notAnImage)
  const REFUSED = [
    { name: 'a renamed text file', make: async () => renamedText(), type: 'image/png', expected: notAnImage },
    { name: 'a GIF header followed by HTML and script', make: async () => gifHeaderWithHtml(), type: 'image/gif', expected: notAnImage },
    {
      name: 'a PNG with a zip appended (polyglot)',
      make: pngWithZip,
      type: 'image/png',
      expected: apiError(415, 'unsupported_media_type', mediaMessages.polyglot),
    },
    {
      name: 'a 20000 × 20000 PNG bomb',
      make: async () => pngBomb(),
      type: 'image/png',
      expected: apiError(400, 'invalid_input', mediaMessages.tooManyPixels(20_000, 20_000)),
    },
    { name: 'an empty body', make: async () => Buffer.alloc(0), type: 'image/png', expected: notAnImage },
    {
      name: 'a picture sent as text/plain',
      make: () => pngImage(),
      type: 'text/plain',
      expected: apiError(415, 'unsupported_media_type', mediaMessages.wrongContentType),
    },
    {
      name: 'a picture sent as JSON',
      make: () => pngImage(),
      type: 'application/json',
      expected: apiError(415, 'unsupported_media_type', mediaMessages.wrongContentType),
    },
    {
      name: 'an SVG',
      make: async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      type: 'image/svg+xml',
      expected: apiError(415, 'unsupported_media_type', mediaMessages.wrongContentType),
    },
    {
      name: 'a picture with no Content-Type',
      make: () => pngImage(),
      type: null,
      expected: apiError(415, 'unsupported_media_type', mediaMessages.wrongContentType),
    },
    {
      name: 'a file over the 10 MB limit',
      make: async () => Buffer.concat([await pngImage(), Buffer.alloc(10 * 1024 * 1024)]),
      type: 'image/png',
      expected: apiError(413, 'payload_too_large', mediaMessages.tooLarge(10 * 1024 * 1024)),
    },
  ] as const

  it.each(REFUSED)('$name: $expected.error.status $expected.error.code', async ({ make, type, expected }) => {
    const before = await mediaCount(app)
    const response = await sendUpload(app, await make(), { token: owner.token, type })
    expect(response.status, response.text).toBe(expected.error.status)
    expect(response.body).toEqual(expected)
    expect(await mediaCount(app)).toBe(before)
  })

  it.each([
    { name: 'a visitor', token: () => undefined, expected: apiError(401, 'unauthenticated', m.unauthenticated) },
    { name: 'an unverified user', token: () => unverifiedUser.token, expected: apiError(403, 'unverified', m.unverified) },
  ])('$name: $expected.error.status', async ({ token, expected }) => {
    const before = await mediaCount(app)
    const response = await sendUpload(app, await pngImage(), { token: token() })
    expect(response.body).toEqual(expected)
    expect(await mediaCount(app)).toBe(before)
  })
})

describe('limits set in the configuration', () => {
  let small: TestApp
  let user: Account
  beforeAll(async () => {
    small = await startTestApp({ mediaQuotaBytes: 600, mediaMaxUploadBytes: 64 * 1024 })
    user = await createAccount(small, { username: 'quota_user' })
  })
  afterAll(() => small.close())

  it('a full quota: 413 with its message; the same picture again still works; nothing stored', async () => {
    const first = await upload(small, user, await pngImage(16, 16))
    expect(first.bytes).toBeLessThan(600)
    // Noise does not compress: its WebP is far over what is left of 600 bytes.
    const noise = await noisePng(48)
    const refused = await sendUpload(small, noise, { token: user.token })
    expect(refused.body).toEqual(apiError(413, 'payload_too_large', mediaMessages.quotaFull(600)))
    expect(refused.body.error.message).toMatch(/storage is full/)
    expect(await mediaCount(small, user.id)).toBe(1)
    expect(await upload(small, user, await pngImage(16, 16))).toEqual(first)
  })

  it('an upload over MEDIA_MAX_UPLOAD_MB: 413 with the limit in the message', async () => {
    const response = await sendUpload(small, Buffer.concat([await pngImage(), Buffer.alloc(70 * 1024)]), { token: user.token })
    expect(response.body).toEqual(apiError(413, 'payload_too_large', mediaMessages.tooLarge(64 * 1024)))
    expect(response.body.error.message).toBe('This picture is larger than 64 KB. Scale it down or choose a smaller file.')
  })
})

describe('metadata is stripped', () => {
  it('a JPEG with GPS and camera EXIF in: none of it out', async () => {
    const input = await jpegWithGps()
    expect(exifHasGps((await sharp(input).metadata()).exif)).toBe(true)
    const stored = await upload(app, owner, input, 'image/jpeg')
    const served = await fetchMedia(app, stored.id, { token: owner.token })
    const meta = await sharp(served.bytes).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(meta.icc).toBeUndefined()
    expect(served.bytes.toString('latin1')).not.toMatch(/SpyCam|Secret Owner|GPS/)
  })
})

/** A set of `account`'s with one card whose term is `picture` (and whose text is `term`). */
async function setWithPicture(account: Account, isPublic: boolean, picture: MediaUpload, term = 'labelled') {
  const set = await createSet(app, account, { title: isPublic ? 'Public pictures' : 'Private pictures', isPublic })
  const card = await app.api('POST', `/api/sets/${set.id}/cards`, { token: account.token, body: { term, definition: 'a picture', termImage: picture.id } })
  expect(card.status, card.text).toBe(201)
  return { set, card: card.body }
}

describe('GET /api/media/:id: who may fetch a picture follows its set', () => {
  const pictures = {} as Record<'private' | 'public' | 'unattached', MediaUpload>
  beforeAll(async () => {
    pictures.private = await upload(app, owner, await freshPng())
    pictures.public = await upload(app, owner, await freshPng())
    pictures.unattached = await upload(app, owner, await freshPng())
    await setWithPicture(owner, false, pictures.private)
    await setWithPicture(owner, true, pictures.public)
  })

  const notFound = { status: 404 }
  const CALLERS = {
    visitor: () => ({}),
    unverified: () => ({ token: unverifiedUser.token }),
    other: () => ({ token: other.token }),
    owner: () => ({ token: owner.token }),
    'owner by cookie': () => ({ cookie: owner.token }),
    'a stale cookie': () => ({ cookie: 'not-a-token' }),
  } as const
  const ROWS: { picture: keyof typeof pictures; caller: keyof typeof CALLERS; status: number; cache?: string }[] = [
    { picture: 'private', caller: 'visitor', ...notFound },
    { picture: 'private', caller: 'unverified', ...notFound },
    { picture: 'private', caller: 'other', ...notFound },
    { picture: 'private', caller: 'a stale cookie', ...notFound },
    { picture: 'private', caller: 'owner', status: 200, cache: 'private, no-cache' },
    { picture: 'private', caller: 'owner by cookie', status: 200, cache: 'private, no-cache' },
    { picture: 'public', caller: 'visitor', status: 200, cache: 'public, max-age=31536000, immutable' },
    { picture: 'public', caller: 'other', status: 200, cache: 'public, max-age=31536000, immutable' },
    { picture: 'public', caller: 'unverified', status: 200, cache: 'public, max-age=31536000, immutable' },
    { picture: 'public', caller: 'owner', status: 200, cache: 'public, max-age=31536000, immutable' },
    { picture: 'unattached', caller: 'visitor', ...notFound },
    { picture: 'unattached', caller: 'other', ...notFound },
    { picture: 'unattached', caller: 'owner', status: 200, cache: 'private, no-cache' },
  ]

  it.each(ROWS)('$picture picture, $caller: $status', async ({ picture, caller, status, cache }) => {
    const response = await fetchMedia(app, pictures[picture].id, CALLERS[caller]())
    expect(response.status).toBe(status)
    if (status === 404) {
      expect(JSON.parse(response.bytes.toString())).toEqual(apiError(404, 'not_found', mediaMessages.notFound))
      return
    }
    expect(response.headers.get('cache-control')).toBe(cache)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.bytes.length).toBe(pictures[picture].bytes)
  })

  it('an unknown id and a set id are 404', async () => {
    expect((await fetchMedia(app, 'nosuchpicture', { token: owner.token })).status).toBe(404)
    const set = await createSet(app, owner, { title: 'Not a picture', isPublic: true })
    expect((await fetchMedia(app, set.id)).status).toBe(404)
  })

  it('a private set made public opens its pictures to everyone', async () => {
    const picture = await upload(app, owner, await freshPng())
    const { set } = await setWithPicture(owner, false, picture)
    expect((await fetchMedia(app, picture.id, { token: other.token })).status).toBe(404)
    expect((await app.api('PATCH', `/api/sets/${set.id}`, { token: owner.token, body: { isPublic: true } })).status).toBe(200)
    expect((await fetchMedia(app, picture.id, { token: other.token })).status).toBe(200)
  })
})

describe('cards with pictures', () => {
  const termEmpty = invalid({ term: 'Term cannot be empty.' })
  const definitionEmpty = invalid({ definition: 'Definition cannot be empty.' })

  it('POST: a picture instead of text, beside text, on both sides; the card carries { id, url, width, height }', async () => {
    const set = await createSet(app, owner, { title: 'Anatomy' })
    const femur = await upload(app, owner, await freshPng(50, 20))
    const tibia = await upload(app, owner, await freshPng(30, 60))
    const image = (picture: MediaUpload) => ({ id: picture.id, url: picture.url, width: picture.width, height: picture.height })
    const ROWS = [
      { body: { termImage: femur.id, definition: 'femur' }, expected: { term: '', definition: 'femur', termImage: image(femur), definitionImage: null } },
      {
        body: { term: 'tibia', definition: '', definitionImage: tibia.id },
        expected: { term: 'tibia', definition: '', termImage: null, definitionImage: image(tibia) },
      },
      {
        body: { term: 'both', definition: 'sides', termImage: femur.id, definitionImage: tibia.id },
        expected: { term: 'both', definition: 'sides', termImage: image(femur), definitionImage: image(tibia) },
      },
      {
        body: { term: 'no pictures', definition: 'at all', termImage: null },
        expected: { term: 'no pictures', definition: 'at all', termImage: null, definitionImage: null },
      },
    ]
    for (const [index, row] of ROWS.entries()) {
      const response = await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: row.body })
      expect(response.status, response.text).toBe(201)
      expect(response.body).toEqual(cardShape({ ...row.expected, position: index + 1 }))
    }
    const listed = await allCards(app, set.id, owner.token)
    expect(listed.map((card) => [card.termImage?.id ?? null, card.definitionImage?.id ?? null])).toEqual([
      [femur.id, null],
      [null, tibia.id],
      [femur.id, tibia.id],
      [null, null],
    ])
  })

  it('the review queue shows the pictures of due cards', async () => {
    const set = await createSet(app, owner, { title: 'Bones to review' })
    const femur = await upload(app, owner, await freshPng(40, 40))
    const created = await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { termImage: femur.id, definition: 'femur' } })
    expect(created.status, created.text).toBe(201)
    const answered = await app.api('POST', `/api/sets/${set.id}/answers`, {
      token: owner.token,
      body: { cardId: created.body.id, mode: 'learn', correct: false },
    })
    expect(answered.status, answered.text).toBe(201)
    app.clock.advance(2 * 86_400_000)
    const due = await app.api('GET', `/api/review/due?setId=${set.id}`, { token: owner.token })
    expect(due.status, due.text).toBe(200)
    expect(due.body.items.map((item: { card: unknown }) => item.card)).toEqual([created.body])
  })

  it("POST refusals: a side with neither text nor picture, someone else's picture, an id that is not one", async () => {
    const set = await createSet(app, owner, { title: 'Refusals' })
    const theirs = await upload(app, other, await freshPng())
    const mine = await upload(app, owner, await freshPng())
    const ROWS = [
      { body: { term: '', definition: 'x' }, expected: termEmpty },
      {
        body: { term: '  ', definition: '', definitionImage: null },
        expected: invalid({ term: 'Term cannot be empty.', definition: 'Definition cannot be empty.' }),
      },
      { body: { termImage: mine.id }, expected: definitionEmpty },
      { body: { term: 'a', definition: 'b', termImage: theirs.id }, expected: invalid({ termImage: mediaMessages.unknownImage }) },
      { body: { term: 'a', definition: 'b', definitionImage: 'nosuchpicture' }, expected: invalid({ definitionImage: mediaMessages.unknownImage }) },
      {
        body: { term: 'a', definition: 'b', termImage: '../etc/passwd' },
        expected: invalid({ termImage: 'A picture must be given by its id (from POST /api/media) or null.' }),
      },
    ]
    for (const row of ROWS) {
      const response = await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: row.body })
      expect(response.body, JSON.stringify(row.body)).toEqual(row.expected)
    }
    expect(await allCards(app, set.id, owner.token)).toEqual([])
  })

  it('PATCH: replace, remove, and refuse leaving a side empty; a replaced picture no card shows is deleted', async () => {
    const set = await createSet(app, owner, { title: 'Edits' })
    const first = await upload(app, owner, await freshPng())
    const second = await upload(app, owner, await freshPng())
    const created = await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { termImage: first.id, definition: 'd' } })
    const url = `/api/sets/${set.id}/cards/${created.body.id}`

    const emptied = await app.api('PATCH', url, { token: owner.token, body: { termImage: null } })
    expect(emptied.body).toEqual(termEmpty)
    expect(await mediaExists(app, first.id)).toBe(true)

    const replaced = await app.api('PATCH', url, { token: owner.token, body: { termImage: second.id } })
    expect(replaced.status, replaced.text).toBe(200)
    expect(replaced.body.termImage).toEqual({ id: second.id, url: second.url, width: second.width, height: second.height })
    expect(await mediaExists(app, first.id)).toBe(false)

    const textInstead = await app.api('PATCH', url, { token: owner.token, body: { term: 'now text', termImage: null } })
    expect(textInstead.body).toMatchObject({ term: 'now text', termImage: null })
    expect(await mediaExists(app, second.id)).toBe(false)

    const noTextNoPicture = await app.api('PATCH', url, { token: owner.token, body: { definition: '' } })
    expect(noTextNoPicture.body).toEqual(definitionEmpty)
  })
})

describe('Save a copy carries the pictures', () => {
  it("the copy owns its pictures (issue 27): same bytes, the copier's own rows; edits and deletes of one set leave the other whole", async () => {
    const picture = await upload(app, owner, await freshPng())
    const { set: original, card } = await setWithPicture(owner, true, picture, '')
    const copied = await app.api('POST', `/api/sets/${original.id}/copy`, { token: other.token })
    expect(copied.status, copied.text).toBe(201)
    const [copiedCard] = await allCards(app, copied.body.id, other.token)
    const copiedPicture = copiedCard?.termImage?.id ?? ''
    expect(copiedPicture).not.toBe(picture.id)
    expect(copiedCard).toEqual(
      cardShape({
        term: '',
        definition: 'a picture',
        position: 1,
        termImage: { ...card.termImage, id: copiedPicture, url: `/api/media/${copiedPicture}` },
        definitionImage: null,
      }),
    )
    expect(copiedCard?.id).not.toBe(card.id)
    const rows = await app.db
      .selectFrom('media')
      .select(['id', 'owner_id', 'sha256'])
      .where('id', 'in', [picture.id, copiedPicture])
      .orderBy('owner_id')
      .execute()
    expect(new Map(rows.map((row) => [row.id, row.owner_id]))).toEqual(
      new Map([
        [picture.id, owner.id],
        [copiedPicture, other.id],
      ]),
    )
    expect(rows[0]?.sha256).toBe(rows[1]?.sha256)

    // The original made private: the copier sees their own picture; the original's is no longer theirs to see.
    expect((await app.api('PATCH', `/api/sets/${original.id}`, { token: owner.token, body: { isPublic: false } })).status).toBe(200)
    const byCopier = await fetchMedia(app, copiedPicture, { token: other.token })
    expect(byCopier.status).toBe(200)
    expect(byCopier.bytes.equals((await fetchMedia(app, picture.id, { token: owner.token })).bytes)).toBe(true)
    expect((await fetchMedia(app, picture.id, { token: other.token })).status).toBe(404)

    // A second copy of the same set reuses the copier's row (deduplicated per owner).
    const again = await app.api('POST', `/api/sets/${original.id}/copy`, { token: owner.token })
    expect(again.status).toBe(201)
    expect((await allCards(app, again.body.id, owner.token))[0]?.termImage?.id).toBe(picture.id)

    // The original's card goes: the copy's picture stays; the copy's goes too: then its picture goes.
    expect((await app.api('DELETE', `/api/sets/${original.id}/cards/${card.id}`, { token: owner.token })).status).toBe(204)
    expect((await fetchMedia(app, copiedPicture, { token: other.token })).status).toBe(200)
    const url = `/api/sets/${copied.body.id}/cards/${copiedCard?.id}`
    expect((await app.api('PATCH', url, { token: other.token, body: { term: 'named now', termImage: null } })).status).toBe(200)
    expect(await mediaExists(app, copiedPicture)).toBe(false)
  })

  it("deleting the author's account leaves the copy's pictures and sounds", async () => {
    const author = await createAccount(app, { username: 'copied_author' })
    const picture = await upload(app, author, await freshPng())
    const sound = await upload(app, author, mp3Audio(1, 27), 'audio/mpeg')
    const set = await createSet(app, author, { title: 'Shared with sound', isPublic: true })
    const made = await app.api('POST', `/api/sets/${set.id}/cards`, {
      token: author.token,
      body: { term: 'listen', definition: 'look', definitionImage: picture.id, termAudio: sound.id },
    })
    expect(made.status, made.text).toBe(201)
    const copied = await app.api('POST', `/api/sets/${set.id}/copy`, { token: other.token })
    expect(copied.status, copied.text).toBe(201)
    const deleted = await app.api('DELETE', '/api/users/me', { token: author.token, body: { password: author.password } })
    expect(deleted.status, deleted.text).toBe(204)
    expect(await mediaCount(app, author.id)).toBe(0)

    const [kept] = await allCards(app, copied.body.id, other.token)
    expect(kept?.definitionImage?.id).toEqual(expect.any(String))
    expect(kept?.termAudio?.id).toEqual(expect.any(String))
    for (const id of [kept?.definitionImage?.id, kept?.termAudio?.id]) {
      const served = await fetchMedia(app, id ?? '', { token: other.token })
      expect(served.status).toBe(200)
      expect(served.bytes.length).toBeGreaterThan(0)
    }
  })
})

describe('cleanup: pictures no card shows any more are removed', () => {
  it('card delete: its picture goes, unless another card still shows it', async () => {
    const set = await createSet(app, owner, { title: 'Cleanup cards' })
    const shared = await upload(app, owner, await freshPng())
    const own = await upload(app, owner, await freshPng())
    const a = await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { termImage: shared.id, definitionImage: own.id } })
    const b = await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { termImage: shared.id, definition: 'b' } })
    expect((await app.api('DELETE', `/api/sets/${set.id}/cards/${a.body.id}`, { token: owner.token })).status).toBe(204)
    expect([await mediaExists(app, shared.id), await mediaExists(app, own.id)]).toEqual([true, false])
    expect((await app.api('DELETE', `/api/sets/${set.id}/cards/${b.body.id}`, { token: owner.token })).status).toBe(204)
    expect(await mediaExists(app, shared.id)).toBe(false)
  })

  it("set delete: the set's pictures go; a picture another set shows stays", async () => {
    const shared = await upload(app, owner, await freshPng())
    const own = await upload(app, owner, await freshPng())
    const doomed = await setWithPicture(owner, true, own)
    await app.api('POST', `/api/sets/${doomed.set.id}/cards`, { token: owner.token, body: { termImage: shared.id, definition: 'x' } })
    await setWithPicture(owner, false, shared)
    expect((await app.api('DELETE', `/api/sets/${doomed.set.id}`, { token: owner.token })).status).toBe(204)
    expect([await mediaExists(app, own.id), await mediaExists(app, shared.id)]).toEqual([false, true])
    expect((await fetchMedia(app, own.id)).status).toBe(404)
  })

  it('account delete: every picture of the account goes, attached or not', async () => {
    const leaving = await createAccount(app, { username: 'picture_leaver' })
    const attached = await upload(app, leaving, await freshPng())
    await upload(app, leaving, await freshPng())
    await setWithPicture(leaving, true, attached)
    expect(await mediaCount(app, leaving.id)).toBe(2)
    const deleted = await app.api('DELETE', '/api/users/me', { token: leaving.token, body: { password: leaving.password } })
    expect(deleted.status, deleted.text).toBe(204)
    expect(await mediaCount(app, leaving.id)).toBe(0)
    expect((await fetchMedia(app, attached.id)).status).toBe(404)
  })

  it('the sweep removes uploads never attached after 24 hours, and nothing else', async () => {
    const sweeper = await createAccount(app, { username: 'picture_sweeper' })
    const attached = await upload(app, sweeper, await freshPng())
    const pending = await upload(app, sweeper, await freshPng())
    await setWithPicture(sweeper, false, attached)
    app.clock.advance(23 * 3600 * 1000)
    const recent = await upload(app, sweeper, await freshPng())
    await sweepUnattachedMedia({ db: app.db, clock: app.clock })
    expect([await mediaExists(app, attached.id), await mediaExists(app, pending.id), await mediaExists(app, recent.id)]).toEqual([true, true, true])
    app.clock.advance(2 * 3600 * 1000)
    await sweepUnattachedMedia({ db: app.db, clock: app.clock })
    expect([await mediaExists(app, attached.id), await mediaExists(app, pending.id), await mediaExists(app, recent.id)]).toEqual([true, false, true])
    // Running it again (another process at the same time) is harmless.
    expect(await sweepUnattachedMedia({ db: app.db, clock: app.clock })).toBe(0)
  })
})

describe('import and export', () => {
  it('JSON export carries pictures as data URLs; importing it gives the same cards and pictures (deduplicated)', async () => {
    const set = await createSet(app, owner, { title: 'Round trip' })
    const femur = await upload(app, owner, await freshPng(40, 20))
    const skull = await upload(app, owner, await freshPng(20, 40))
    await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { termImage: femur.id, definition: 'femur' } })
    await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { term: 'skull', definition: 'top', definitionImage: skull.id } })
    await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { term: 'plain', definition: 'text' } })

    const exported = await app.api('GET', `/api/sets/${set.id}/export?format=json`, { token: owner.token })
    expect(exported.status).toBe(200)
    const cards = exported.body
    expect(cards).toEqual([
      { term: '', definition: 'femur', termImage: expect.stringMatching(/^data:image\/webp;base64,/), guid: expect.any(String) },
      { term: 'skull', definition: 'top', definitionImage: expect.stringMatching(/^data:image\/webp;base64,/), guid: expect.any(String) },
      { term: 'plain', definition: 'text', guid: expect.any(String) },
    ])

    const csv = await app.api('GET', `/api/sets/${set.id}/export?format=csv`, { token: owner.token })
    expect(csv.text).toBe('Term,Definition\r\n,femur\r\nskull,top\r\nplain,text\r\n')

    const before = await mediaCount(app, owner.id)
    const imported = await app.api('POST', '/api/sets/import', { token: owner.token, body: { title: 'Round trip again', cards } })
    expect(imported.status, imported.text).toBe(201)
    expect(imported.body.cardCount).toBe(3)
    const again = await allCards(app, imported.body.id, owner.token)
    expect(again.map((card) => [card.term, card.termImage?.id ?? null, card.definitionImage?.id ?? null])).toEqual([
      ['', femur.id, null],
      ['skull', null, skull.id],
      ['plain', null, null],
    ])
    expect(await mediaCount(app, owner.id)).toBe(before)

    // Someone else importing the same file gets their own copies.
    const theirs = await app.api('POST', '/api/sets/import', { token: other.token, body: { title: 'Borrowed', cards } })
    expect(theirs.status, theirs.text).toBe(201)
    const theirCards = await allCards(app, theirs.body.id, other.token)
    expect(theirCards[0]?.termImage).toMatchObject({ width: 40, height: 20 })
    expect(theirCards[0]?.termImage?.id).not.toBe(femur.id)
  })

  it('import: PNG and JPEG data URLs are re-encoded and stored; media ids of the caller are taken as they are', async () => {
    const png = `data:image/png;base64,${(await freshPng(33, 11)).toString('base64')}`
    const jpeg = `data:image/jpeg;base64,${(await jpegWithGps()).toString('base64')}`
    const uploaded = await upload(app, owner, await freshPng())
    const response = await app.api('POST', '/api/sets/import', {
      token: owner.token,
      body: {
        title: 'Pictures in',
        cards: [
          { term: '', definition: 'png', termImage: png },
          { term: 'jpeg', definition: '', definitionImage: jpeg },
          { term: 'id', definition: 'x', termImage: uploaded.id },
        ],
      },
    })
    expect(response.status, response.text).toBe(201)
    const cards = await allCards(app, response.body.id, owner.token)
    expect(cards[0]?.termImage).toMatchObject({ width: 33, height: 11 })
    expect(cards[1]?.definitionImage).toMatchObject({ width: 80, height: 40 })
    expect(cards[2]?.termImage?.id).toBe(uploaded.id)
    const served = await fetchMedia(app, cards[1]?.definitionImage?.id ?? '', { token: owner.token })
    expect((await sharp(served.bytes).metadata()).exif).toBeUndefined()
  })

  it.each([
    {
      name: 'a text file as a data URL',
      picture: () => `data:image/png;base64,${renamedText().toString('base64')}`,
      expected: apiError(415, 'unsupported_media_type', `Card 2, term picture: ${mediaMessages.notAnImage}`, { 'cards.1.termImage': mediaMessages.notAnImage }),
    },
    {
      name: 'a PNG bomb as a data URL',
      picture: () => `data:image/png;base64,${pngBomb().toString('base64')}`,
      expected: apiError(400, 'invalid_input', `Card 2, term picture: ${mediaMessages.tooManyPixels(20_000, 20_000)}`, {
        'cards.1.termImage': mediaMessages.tooManyPixels(20_000, 20_000),
      }),
    },
    { name: "someone else's media id", picture: () => 'nosuchpicture', expected: invalid({ 'cards.1.termImage': mediaMessages.unknownImage }) },
  ])('import refuses $name, and creates nothing', async ({ picture, expected }) => {
    const before = {
      media: await mediaCount(app, owner.id),
      sets: (await app.db.selectFrom('study_sets').select('id').where('owner_id', '=', owner.id).execute()).length,
    }
    const good = `data:image/png;base64,${(await freshPng()).toString('base64')}`
    const response = await app.api('POST', '/api/sets/import', {
      token: owner.token,
      body: {
        title: 'Half saved?',
        cards: [
          { term: 'fine', definition: 'ok', termImage: good },
          { term: 'bad', definition: 'x', termImage: picture() },
        ],
      },
    })
    expect(response.body).toEqual(expected)
    const after = {
      media: await mediaCount(app, owner.id),
      sets: (await app.db.selectFrom('study_sets').select('id').where('owner_id', '=', owner.id).execute()).length,
    }
    expect(after).toEqual(before)
  })

  it('an import over the quota stores nothing', async () => {
    const tight = await startTestApp({ mediaQuotaBytes: 300 })
    try {
      const user = await createAccount(tight, { username: 'import_quota' })
      const noise = await noisePng(40)
      const response = await tight.api('POST', '/api/sets/import', {
        token: user.token,
        body: { title: 'Too much', cards: [{ term: 'a', definition: 'b', termImage: `data:image/png;base64,${noise.toString('base64')}` }] },
      })
      expect(response.body).toEqual(apiError(413, 'payload_too_large', mediaMessages.quotaFull(300)))
      expect(await mediaCount(tight, user.id)).toBe(0)
      expect(await tight.db.selectFrom('study_sets').select('id').execute()).toEqual([])
    } finally {
      await tight.close()
    }
  })
})

it('the limits the messages name are the ones enforced', () => {
  expect(MEDIA_LIMITS).toMatchObject({ maxSide: 1600, maxInputPixels: 40_000_000, defaultMaxUploadMb: 10, defaultQuotaMb: 500 })
})
