import { mediaMessages, textMessages } from '#shared/messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AudioUpload, MEDIA_AUDIO_TYPES, type MediaAudioType } from '#shared/api/media'
import type { Flashcard } from '#shared/api/sets'
import { mp3Audio, mp4Audio, oggAudio, wavAudio, webmAudio } from '#tests/support/audio'
import { pngImage } from '#tests/support/images'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { fetchMedia, mediaCount, mediaExists, sendUpload, upload } from './media-helpers'
import { apiError } from './scenarios'
import { allCards, cardShape, createSet, invalid } from './sets-helpers'

/**
 * Sound on cards (api.md, "Third round" > Sound): each container accepted with its length read
 * from the bytes, the refusals (not that container 415, no length or too long 400, quota 413),
 * cards naming recordings (only the author's, only recordings), who may fetch them, cleanup.
 */

let app: TestApp
let owner: Account
let other: Account

beforeAll(async () => {
  app = await startTestApp()
  owner = await createAccount(app, { username: 'sound_owner' })
  other = await createAccount(app, { username: 'sound_other' })
})
afterAll(() => app.close())

const MAKE: Record<MediaAudioType, (seconds: number, salt?: number) => Uint8Array> = {
  'audio/mpeg': mp3Audio,
  'audio/ogg': oggAudio,
  'audio/wav': wavAudio,
  'audio/webm': (seconds, salt) => webmAudio(seconds, { salt }),
  'audio/mp4': mp4Audio,
}

/** A WAV of its own each time, so uploads never deduplicate by accident. */
let salt = 0
const freshWav = (seconds = 1) => wavAudio(seconds, ++salt)

async function uploadAudio(owner: Account, bytes: Uint8Array, type: MediaAudioType = 'audio/wav'): Promise<AudioUpload> {
  return (await upload(app, owner, bytes, type)) as unknown as AudioUpload
}

const cardAudio = (audio: AudioUpload) => ({ id: audio.id, url: audio.url, durationMs: audio.durationMs })

describe('POST /api/media: recordings of each container', () => {
  it.each(MEDIA_AUDIO_TYPES)('%s: 201 { id, url, type, durationMs, bytes }, served back as sent', async (type) => {
    const bytes = MAKE[type](2.5, ++salt)
    const response = await sendUpload(app, bytes, { token: owner.token, type })
    expect(response.status, response.text).toBe(201)
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[a-z0-9]+$/),
      url: `/api/media/${response.body.id}`,
      type,
      durationMs: expect.any(Number),
      bytes: bytes.length,
    })
    expect(Math.abs(response.body.durationMs - 2500)).toBeLessThanOrEqual(30)
    const served = await fetchMedia(app, response.body.id, { token: owner.token })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe(type)
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.compare(served.bytes, Buffer.from(bytes))).toBe(0)
  })

  it('the same recording twice is stored once', async () => {
    const bytes = freshWav()
    const first = await uploadAudio(owner, bytes)
    const before = await mediaCount(app, owner.id)
    expect(await uploadAudio(owner, bytes)).toEqual(first)
    expect(await mediaCount(app, owner.id)).toBe(before)
  })

  it.each([
    ['a WAV sent as audio/mpeg', () => wavAudio(1), 'audio/mpeg'],
    ['an MP3 sent as audio/ogg', () => mp3Audio(1), 'audio/ogg'],
    ['a WebM video sent as audio/webm', () => webmAudio(1, { video: true }), 'audio/webm'],
    ['a PNG sent as audio/wav', () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'audio/wav'],
    ['markup sent as audio/mp4', () => new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'audio/mp4'],
  ] as const)('%s: 415 with the container named, nothing stored', async (_name, make, type) => {
    const before = await mediaCount(app)
    const response = await sendUpload(app, make(), { token: owner.token, type })
    expect(response.body).toEqual(apiError(415, 'unsupported_media_type', mediaMessages.notAudio(type)))
    expect(await mediaCount(app)).toBe(before)
  })

  it('a container whose length cannot be read: 400', async () => {
    const response = await sendUpload(app, wavAudio(1).subarray(0, 20), { token: owner.token, type: 'audio/wav' })
    expect(response.body).toEqual(apiError(400, 'invalid_input', mediaMessages.unknownDuration))
  })

  it('longer than MEDIA_MAX_AUDIO_SECONDS (60 by default): 400 with both lengths; exactly 60 s is taken', async () => {
    const response = await sendUpload(app, freshWav(61), { token: owner.token, type: 'audio/wav' })
    expect(response.body).toEqual(apiError(400, 'invalid_input', mediaMessages.audioTooLong(61, 60)))
    expect(response.body.error.message).toBe('This recording is 61 seconds long; at most 60 seconds are allowed.')
    expect((await uploadAudio(owner, freshWav(60))).durationMs).toBe(60_000)
  })
})

describe('limits set in the configuration', () => {
  let small: TestApp
  let user: Account
  beforeAll(async () => {
    small = await startTestApp({ mediaQuotaBytes: 30_000, mediaMaxAudioMs: 5000 })
    user = await createAccount(small, { username: 'sound_quota' })
  })
  afterAll(() => small.close())

  it('MEDIA_MAX_AUDIO_SECONDS: 6 s refused at a limit of 5 s', async () => {
    const response = await sendUpload(small, wavAudio(6), { token: user.token, type: 'audio/wav' })
    expect(response.body).toEqual(apiError(400, 'invalid_input', mediaMessages.audioTooLong(6, 5)))
  })

  it('recordings count in the quota with pictures: past it 413, nothing stored', async () => {
    // 1 s of 8 kHz 16-bit WAV is 16 KB: one fits in 30,000 bytes, a second does not.
    await upload(small, user, await pngImage(8, 8))
    const first = await sendUpload(small, wavAudio(1, 1), { token: user.token, type: 'audio/wav' })
    expect(first.status).toBe(201)
    const second = await sendUpload(small, wavAudio(1, 2), { token: user.token, type: 'audio/wav' })
    expect(second.body).toEqual(apiError(413, 'payload_too_large', mediaMessages.quotaFull(30_000)))
    expect(await mediaCount(small, user.id)).toBe(2)
  })
})

describe('cards with recordings', () => {
  it('POST and PATCH: termAudio and definitionAudio answered as { id, url, durationMs }; removed with null, then deleted', async () => {
    const set = await createSet(app, owner, { title: 'Sounds' })
    const word = await uploadAudio(owner, freshWav(1.5))
    const meaning = await uploadAudio(owner, MAKE['audio/ogg'](2, ++salt), 'audio/ogg')
    const created = await app.api('POST', `/api/sets/${set.id}/cards`, {
      token: owner.token,
      body: { term: 'Hund', definition: 'dog', termAudio: word.id, definitionAudio: meaning.id },
    })
    expect(created.status, created.text).toBe(201)
    expect(created.body).toEqual(cardShape({ term: 'Hund', definition: 'dog', termAudio: cardAudio(word), definitionAudio: cardAudio(meaning) }))
    expect(word.durationMs).toBe(1500)
    expect((await allCards(app, set.id, owner.token))[0]).toEqual(created.body)

    const card = created.body as Flashcard
    const removed = await app.api('PATCH', `/api/sets/${set.id}/cards/${card.id}`, { token: owner.token, body: { termAudio: null } })
    expect(removed.body).toEqual({ ...created.body, termAudio: null })
    expect(await mediaExists(app, word.id)).toBe(false)
    expect(await mediaExists(app, meaning.id)).toBe(true)

    await app.api('DELETE', `/api/sets/${set.id}/cards/${card.id}`, { token: owner.token })
    expect(await mediaExists(app, meaning.id)).toBe(false)
  })

  it('a side may be only a recording; taking the recording away from it leaves it empty: 400, nothing changed', async () => {
    const set = await createSet(app, owner, { title: 'Listening' })
    const word = await uploadAudio(owner, freshWav(1))
    const created = await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { term: '', definition: 'dog', termAudio: word.id } })
    expect(created.status, created.text).toBe(201)
    expect(created.body).toEqual(cardShape({ term: '', definition: 'dog', termAudio: cardAudio(word) }))
    const card = created.body as Flashcard
    const emptied = await app.api('PATCH', `/api/sets/${set.id}/cards/${card.id}`, { token: owner.token, body: { termAudio: null } })
    expect(emptied.status).toBe(400)
    expect(emptied.body.error.fields).toEqual({ term: textMessages.empty('Term') })
    expect((await allCards(app, set.id, owner.token))[0]).toEqual(created.body)
    const none = await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { term: '', definition: 'dog' } })
    expect(none.status).toBe(400)
    expect(none.body.error.fields).toEqual({ term: textMessages.empty('Term') })
  })

  it("refusals: someone else's recording, a picture as a recording, a recording as a picture (400 on the field, nothing saved)", async () => {
    const set = await createSet(app, owner, { title: 'Refusals' })
    const theirs = await uploadAudio(other, freshWav())
    const mine = await uploadAudio(owner, freshWav())
    const picture = await upload(app, owner, await pngImage(12, 12))
    const cases: { body: Record<string, string>; fields: Record<string, string> }[] = [
      { body: { term: 'a', definition: 'b', termAudio: theirs.id }, fields: { termAudio: mediaMessages.unknownAudio } },
      { body: { term: 'a', definition: 'b', definitionAudio: picture.id }, fields: { definitionAudio: mediaMessages.unknownAudio } },
      { body: { term: 'a', definition: 'b', termImage: mine.id }, fields: { termImage: mediaMessages.unknownImage } },
      { body: { term: 'a', definition: 'b', termAudio: 'not an id!' }, fields: { termAudio: expect.any(String) } },
    ]
    for (const { body, fields } of cases) {
      const response = await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body })
      expect(response.body).toEqual(invalid(fields))
    }
    expect(await allCards(app, set.id, owner.token)).toEqual([])

    const card = (await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { term: 'a', definition: 'b' } })).body as Flashcard
    const patched = await app.api('PATCH', `/api/sets/${set.id}/cards/${card.id}`, { token: owner.token, body: { definitionAudio: theirs.id } })
    expect(patched.body).toEqual(invalid({ definitionAudio: mediaMessages.unknownAudio }))
  })

  it('who may fetch a recording follows its set, as for pictures; deleting the set deletes it', async () => {
    const privateSet = await createSet(app, owner, { title: 'Private sounds' })
    const publicSet = await createSet(app, owner, { title: 'Public sounds', isPublic: true })
    const hidden = await uploadAudio(owner, freshWav())
    const shown = await uploadAudio(owner, freshWav())
    for (const [set, audio] of [
      [privateSet, hidden],
      [publicSet, shown],
    ] as const) {
      const response = await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { term: 'x', definition: 'y', termAudio: audio.id } })
      expect(response.status).toBe(201)
    }
    expect((await fetchMedia(app, hidden.id)).status).toBe(404)
    expect((await fetchMedia(app, hidden.id, { token: other.token })).status).toBe(404)
    expect((await fetchMedia(app, hidden.id, { cookie: owner.token })).status).toBe(200)
    const visitor = await fetchMedia(app, shown.id)
    expect(visitor.status).toBe(200)
    expect(visitor.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(visitor.headers.get('content-type')).toBe('audio/wav')

    // Save a copy: the copy's card names the copier's own copy of the recording (issue 27), readable by them.
    const copy = await app.api('POST', `/api/sets/${publicSet.id}/copy`, { token: other.token })
    expect(copy.status).toBe(201)
    const copied = (await allCards(app, copy.body.id, other.token))[0]?.termAudio
    expect(copied).toEqual({ ...cardAudio(shown), id: expect.any(String), url: expect.any(String) })
    expect(copied?.id).not.toBe(shown.id)
    expect((await fetchMedia(app, copied?.id ?? '', { token: other.token })).status).toBe(200)

    expect((await app.api('DELETE', `/api/sets/${privateSet.id}`, { token: owner.token })).status).toBe(204)
    expect(await mediaExists(app, hidden.id)).toBe(false)
  })
})
