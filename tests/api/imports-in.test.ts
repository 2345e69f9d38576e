import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sweepUnattachedMedia } from '#server/features/media/media.service'
import { TINY_PNG } from '#tests/support/anki-packages'
import { mp3Audio } from '#tests/support/audio'
import { solid } from '#tests/support/images'
import { type Account, type ApiResponse, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { fetchMedia } from './media-helpers'
import { allCards } from './sets-helpers'
import { mediaMessages } from '#shared/messages'

/**
 * Issue 27, the way in: POST /api/imports/preview reads text files in the encoding detected or
 * chosen, reads HTML fields as Anki shows them (or not, as the student says), keeps a JSON
 * file's pictures and sounds (and cards that are only a picture or a sound), and stores nothing
 * until the import is confirmed: media are drafts, claimed by POST /api/sets/import and swept
 * after a day. GET /api/imports/limits serves the limits the server enforces.
 */

let app: TestApp
let owner: Account
let other: Account
const LIMITS = { maxPackageBytes: 7 * 1024 * 1024, maxUncompressedBytes: 30 * 1024 * 1024, maxEntries: 60, maxNotes: 4000, timeoutMs: 25_000 }
beforeAll(async () => {
  app = await startTestApp({ imports: LIMITS, mediaQuotaBytes: 50 * 1024 * 1024 })
  owner = await createAccount(app, { username: 'reader_in' })
  other = await createAccount(app, { username: 'reader_other' })
})
afterAll(() => app.close())

async function previewFile(name: string, bytes: Uint8Array | string, fields: Record<string, string> = {}, token = owner.token): Promise<ApiResponse> {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('file', new Blob([typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)]), name)
  const response = await fetch(`${app.url}/api/imports/preview`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined }
}

const pairs = (response: ApiResponse) =>
  (response.body.sets as Array<{ cards: Array<{ term: string; definition: string }> }>).flatMap((set) => set.cards.map((card) => [card.term, card.definition]))

async function counts() {
  const count = async (table: 'media' | 'media_drafts' | 'study_sets') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return { media: await count('media'), drafts: await count('media_drafts'), sets: await count('study_sets') }
}

describe('text encodings', () => {
  const VERBS = 'Front,Back\n食べる,to eat\n飲む,to drink\n'

  it.each([
    ['shift_jis', VERBS],
    ['gb18030', 'Front,Back\n你好,hello\n谢谢,thank you\n'],
    ['euc-kr', 'Front,Back\n안녕하세요,hello\n감사합니다,thank you\n'],
    ['windows-1252', 'Front,Back\ncafé,coffee\nStraße,street\n'],
    ['utf-16le', VERBS],
    ['utf-8', VERBS],
  ])('a CSV in %s is detected and read', async (encoding, text) => {
    const response = await previewFile('words.csv', new Uint8Array(iconv.encode(text, encoding, { addBOM: encoding === 'utf-16le' })))
    expect(response.status, response.text).toBe(200)
    expect(response.body.encoding).toBe(encoding)
    expect(pairs(response)).toEqual(
      text
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')),
    )
  })

  it('the student picks another encoding: the file is read in it', async () => {
    const bytes = new Uint8Array(iconv.encode(VERBS, 'shift_jis'))
    const wrong = await previewFile('verbs.csv', bytes, { encoding: 'windows-1252' })
    expect(wrong.status, wrong.text).toBe(200)
    expect(wrong.body.encoding).toBe('windows-1252')
    expect(pairs(wrong)[0]?.[0]).not.toBe('食べる')
    const right = await previewFile('verbs.csv', bytes, { encoding: 'shift_jis' })
    expect(right.body.encoding).toBe('shift_jis')
    expect(pairs(right)[0]).toEqual(['食べる', 'to eat'])
  })

  it('an encoding the preview does not know is a 400 on its field; packages and pasted text have none', async () => {
    const refused = await previewFile('verbs.csv', VERBS, { encoding: 'ebcdic' })
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.error.fields)).toEqual(['encoding'])
    const pasted = await app.api('POST', '/api/imports/preview', { token: owner.token, body: { text: 'a\tb' } })
    expect(pasted.body).toMatchObject({ encoding: null, html: false })
    const json = await previewFile('cards.json', JSON.stringify([{ term: 'a', definition: 'b' }]))
    expect(json.body).toMatchObject({ encoding: 'utf-8', html: null })
  })
})

describe('fields that hold HTML', () => {
  const CSV = 'Front,Back\n"What is <b>ATP</b>?","Energy<br>of the cell"\n"Tom &amp; Jerry","<div>cat</div><div>mouse</div>"\n'

  it('are recognised and read as Anki shows them; the switch off keeps them as text', async () => {
    const detected = await previewFile('bio.csv', CSV)
    expect(detected.body.html).toBe(true)
    expect(pairs(detected)).toEqual([
      ['What is ATP?', 'Energy\nof the cell'],
      ['Tom & Jerry', 'cat\nmouse'],
    ])
    const off = await previewFile('bio.csv', CSV, { html: 'false' })
    expect(off.body.html).toBe(false)
    expect(pairs(off)[0]).toEqual(['What is <b>ATP</b>?', 'Energy<br>of the cell'])
    const plain = await previewFile('plain.csv', 'Front,Back\nx < y,smaller\n')
    expect(plain.body.html).toBe(false)
    const on = await previewFile('plain.csv', 'Front,Back\na&lt;b,smaller\n', { html: 'true' })
    expect(pairs(on)).toEqual([['a<b', 'smaller']])
  })

  it('pasted text takes the switch too', async () => {
    const pasted = await app.api('POST', '/api/imports/preview', { token: owner.token, body: { text: 'dog<br>puppy\tHund', html: false } })
    expect(pasted.body.html).toBe(false)
    expect(pairs(pasted)).toEqual([['dog<br>puppy', 'Hund']])
    const bad = await app.api('POST', '/api/imports/preview', { token: owner.token, body: { text: 'a\tb', html: 'maybe' } })
    expect(bad.status).toBe(400)
  })
})

const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`

describe('a JSON file with pictures and sounds; drafts until the import is confirmed', () => {
  it('keeps pictures, sounds, picture-only and sound-only cards; stores nothing until confirmed; the import claims the drafts', async () => {
    const picture = await solid(24, 16, '#3366aa').png().toBuffer()
    const sound = mp3Audio(1, 2701)
    const json = JSON.stringify([
      { term: 'sky', definition: 'blue', termImage: dataUrl('image/png', picture) },
      { term: '', definition: 'only a picture on the front', termImage: dataUrl('image/png', picture) },
      { term: 'listen', definition: '', definitionAudio: dataUrl('audio/mpeg', sound) },
      { term: 'Paris is in {{c1::France}}', definition: '', kind: 'cloze' },
      { term: 'hund', definition: 'dog', reverse: true },
    ])
    const before = await counts()
    const response = await previewFile('exported.json', json)
    expect(response.status, response.text).toBe(200)
    expect(response.body.problems).toEqual([])
    const cards = response.body.sets[0].cards
    expect(cards).toHaveLength(5)
    const pictureId = cards[0].termImage
    expect(pictureId).toEqual(expect.stringMatching(/^[a-z0-9]+$/))
    expect(cards[1]).toMatchObject({ term: '', termImage: pictureId })
    expect(cards[2]).toMatchObject({ term: 'listen', definition: '', definitionAudio: expect.any(String) })
    expect(cards[3]).toMatchObject({ kind: 'cloze' })
    expect(cards[4]).toMatchObject({ kind: 'basic', reverse: true })

    // Nothing stored: two drafts (one picture, one sound), shown to the previewer only.
    expect(await counts()).toEqual({ ...before, drafts: before.drafts + 2 })
    expect((await fetchMedia(app, pictureId, { token: owner.token })).status).toBe(200)
    expect((await fetchMedia(app, pictureId, { token: other.token })).status).toBe(404)
    expect((await fetchMedia(app, pictureId)).status).toBe(404)
    // Previewing the same file again reuses the drafts.
    const again = await previewFile('exported.json', json)
    expect(again.body.sets[0].cards[0].termImage).toBe(pictureId)
    expect(await counts()).toEqual({ ...before, drafts: before.drafts + 2 })
    // Someone else cannot import another's drafts.
    const stolen = await app.api('POST', '/api/sets/import', { token: other.token, body: { title: 'Stolen', cards: [cards[0]] } })
    expect(stolen.status).toBe(400)
    expect(stolen.body.error.fields).toEqual({ 'cards.0.termImage': mediaMessages.unknownImage })

    const imported = await app.api('POST', '/api/sets/import', { token: owner.token, body: { title: 'From JSON', cards } })
    expect(imported.status, imported.text).toBe(201)
    expect(await counts()).toEqual({ media: before.media + 2, drafts: before.drafts, sets: before.sets + 1 })
    const saved = await allCards(app, imported.body.id, owner.token)
    expect(saved.map((card) => [card.term, card.termImage?.id ?? null, card.definitionAudio?.id ?? null, card.kind, card.reverse])).toEqual([
      ['sky', pictureId, null, 'basic', false],
      ['', pictureId, null, 'basic', false],
      ['listen', null, cards[2].definitionAudio, 'basic', false],
      ['Paris is in {{c1::France}}', null, null, 'cloze', false],
      ['hund', null, null, 'basic', true],
    ])
    // The same preview's cards imported as a second set (a split deck): the media, already claimed, serve both.
    const second = await app.api('POST', '/api/sets/import', { token: owner.token, body: { title: 'From JSON too', cards: cards.slice(0, 2) } })
    expect(second.status, second.text).toBe(201)
    expect((await counts()).media).toBe(before.media + 2)
    const row = await app.db.selectFrom('media').select(['owner_id']).where('id', '=', pictureId).executeTakeFirstOrThrow()
    expect(row.owner_id).toBe(owner.id)
  })

  it('drafts not claimed within a day are swept (the clock moved, no waiting); a later confirm is refused, not a 500', async () => {
    const picture = await solid(20, 20, '#aa3366').png().toBuffer()
    const json = JSON.stringify([{ term: 'rose', definition: 'red', termImage: dataUrl('image/png', picture) }])
    const response = await previewFile('late.json', json)
    const card = response.body.sets[0].cards[0]
    const draft = () => app.db.selectFrom('media_drafts').select('id').where('id', '=', card.termImage).executeTakeFirst()
    expect(await draft()).toBeDefined()
    app.clock.advance(23 * 3600 * 1000)
    await sweepUnattachedMedia({ db: app.db, clock: app.clock })
    expect(await draft()).toBeDefined()
    app.clock.advance(2 * 3600 * 1000)
    await sweepUnattachedMedia({ db: app.db, clock: app.clock })
    expect(await draft()).toBeUndefined()
    // Another process sweeping at the same time finds nothing left.
    expect(await sweepUnattachedMedia({ db: app.db, clock: app.clock })).toBe(0)
    expect((await fetchMedia(app, card.termImage, { token: owner.token })).status).toBe(404)
    const late = await app.api('POST', '/api/sets/import', { token: owner.token, body: { title: 'Too late', cards: [card] } })
    expect(late.status).toBe(400)
    expect(late.body.error.fields).toEqual({ 'cards.0.termImage': mediaMessages.unknownImage })
  })

  it('an Anki package previewed twice and never imported leaves no media, only drafts', async () => {
    const { buildAnkiPackage } = await import('#tests/support/anki-packages')
    const before = await counts()
    const bytes = buildAnkiPackage({ generation: 'anki21', notes: [{ fields: ['<img src="a.png">', 'a picture only'] }], media: { 'a.png': TINY_PNG } })
    for (let i = 0; i < 2; i++) {
      const response = await previewFile('pics.apkg', bytes)
      expect(response.status, response.text).toBe(200)
      expect(response.body.sets[0].cards[0]).toMatchObject({ term: '', termImage: expect.any(String) })
    }
    expect(await counts()).toEqual({ ...before, drafts: before.drafts + 1 })
  })
})

describe('GET /api/imports/limits', () => {
  it('serves the limits the server enforces, from its configuration', async () => {
    const response = await app.api('GET', '/api/imports/limits')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      packageBytes: LIMITS.maxPackageBytes,
      textFileBytes: 5 * 1024 * 1024,
      unpackedBytes: LIMITS.maxUncompressedBytes,
      files: LIMITS.maxEntries,
      notes: LIMITS.maxNotes,
      cardsPerSet: 500,
      mediaQuotaBytes: 50 * 1024 * 1024,
      audioSeconds: app.config.mediaMaxAudioMs / 1000,
      timeoutSeconds: 25,
    })
    // The package limit served is the one the preview refuses with.
    const tooLarge = await previewFile('big.apkg', new Uint8Array(LIMITS.maxPackageBytes + 1024))
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body.error.message).toContain('7')
  })
})
