import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportPreview, PreviewCard } from '#shared/api/imports'
import type { Flashcard } from '#shared/api/sets'
import { readAnkiPackageIndependently } from '#tests/support/anki-reader'
import { buildAnkiPackage } from '#tests/support/anki-packages'
import { mp3Audio } from '#tests/support/audio'
import { type Account, type ApiResponse, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { fetchMedia, sendUpload, upload } from './media-helpers'
import { allCards, setNotFound } from './sets-helpers'

/*
 * Issue 27, exchange without loss: a set holding every hard case (runs of spaces, tabs, line breaks, quotes, a leading
 * `#`, literal brackets, a literal `[sound:...]`, cloze, reverse, formulas, pictures, a sound) exported as JSON, CSV,
 * `.txt` and `.apkg` and imported again, by its owner and by another account; the packages read back by an
 * independent reader of Anki's schema (tests/support/anki-reader.ts); stable identity (guids, deck and note type ids)
 * from one export to the next; and update in place (preview with setId, POST /api/sets/:id/cards/import).
 */

let app: TestApp
let owner: Account
let other: Account
let setId: string
let pictureA: string
let pictureB: string
let sound: string

interface CaseCard {
  term: string
  definition: string
  kind?: 'cloze'
  reverse?: boolean
  termImage?: 'A'
  definitionImage?: 'B'
  termAudio?: 'S'
}

/** Every case of the issue, one card each. */
const CASES: CaseCard[] = [
  { term: 'x  y   z', definition: 'spaces  kept   here' },
  { term: 'tab\there', definition: 'a\tb' },
  { term: 'line one\nline two', definition: 'first\n\nthird' },
  { term: 'say "hi"', definition: 'it\'s "quoted", isn\'t it' },
  { term: '#hashtag first', definition: '# also a heading' },
  { term: 'a[1] and [x]', definition: '{curly} and (round) [square]' },
  { term: 'the text [sound:bell.mp3] stays', definition: 'not a sound' },
  { term: '{{c1::Paris}} is in {{c2::France::country}}', definition: 'Capital', kind: 'cloze' },
  { term: 'hund', definition: 'dog', reverse: true },
  { term: 'Area \\(\\pi r^2\\)', definition: '\\[x < y\\] and 1 < 2 & 3 > 2' },
  { term: '', definition: 'picture only term', termImage: 'A' },
  { term: 'with sound', definition: 'and a picture', termAudio: 'S', definitionImage: 'B' },
]

const picture = (color: { r: number; g: number; b: number }, width: number) =>
  sharp({ create: { width, height: 3, channels: 3, background: color } })
    .png()
    .toBuffer()

beforeAll(async () => {
  app = await startTestApp()
  owner = await createAccount(app, { username: 'exchanger' })
  other = await createAccount(app, { username: 'receiver' })
  pictureA = (await upload(app, owner, await picture({ r: 200, g: 10, b: 10 }, 5))).id
  pictureB = (await upload(app, owner, await picture({ r: 10, g: 10, b: 200 }, 7))).id
  const audio = await sendUpload(app, mp3Audio(1), { token: owner.token, type: 'audio/mpeg' })
  sound = audio.body?.id
  expect(sound, audio.text).toBeTruthy()
  const created = await app.api('POST', '/api/sets/import', {
    token: owner.token,
    body: {
      title: 'Every case',
      cards: CASES.map(({ termImage, definitionImage, termAudio, ...card }) => ({
        ...card,
        ...(termImage ? { termImage: pictureA } : {}),
        ...(definitionImage ? { definitionImage: pictureB } : {}),
        ...(termAudio ? { termAudio: sound } : {}),
      })),
    },
  })
  expect(created.status, created.text).toBe(201)
  setId = created.body.id
  expect(created.body.cardCount).toBe(CASES.length)
  await app.api('PATCH', `/api/sets/${setId}`, { token: owner.token, body: { tags: 'geo,lang' } })
})
afterAll(() => app.close())

async function download(format: string, id = setId, token = owner.token): Promise<Uint8Array> {
  const response = await fetch(`${app.url}/api/sets/${id}/export?format=${format}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  return new Uint8Array(await response.arrayBuffer())
}

async function previewFile(name: string, bytes: Uint8Array, token: string, fields: Record<string, string> = {}): Promise<ApiResponse> {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const response = await fetch(`${app.url}/api/imports/preview`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined }
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A card as the comparison sees it: its text, kind, reverse, and its media by what they are (a picture's size, a sound's bytes). */
async function described(card: Flashcard, token: string) {
  const media = async (id: string | undefined) => (id ? (await fetchMedia(app, id, { token })).bytes : undefined)
  const size = async (id: string | undefined) => {
    const bytes = await media(id)
    if (!bytes) return null
    const meta = await sharp(bytes).metadata()
    return `${meta.width}x${meta.height}`
  }
  const termAudio = await media(card.termAudio?.id)
  return {
    term: card.term,
    definition: card.definition,
    kind: card.kind,
    reverse: card.reverse,
    termImage: await size(card.termImage?.id),
    definitionImage: await size(card.definitionImage?.id),
    termAudio: termAudio ? sha(termAudio) : null,
  }
}

/** The original set's cards as the comparison sees them. */
async function originalCards() {
  return Promise.all((await allCards(app, setId, owner.token)).map((card) => described(card, owner.token)))
}

/** Imports the cards of a preview (as the dialog confirms it) for this account, and describes the new set's cards. */
async function importPreviewed(cards: PreviewCard[], account: Account) {
  const created = await app.api('POST', '/api/sets/import', { token: account.token, body: { title: 'Again', cards } })
  expect(created.status, created.text).toBe(201)
  return Promise.all((await allCards(app, created.body.id, account.token)).map((card) => described(card, account.token)))
}

describe('round trips: every case exported and imported again, by the owner and by another account', () => {
  it.each([
    ['owner', () => owner],
    ['another account', () => other],
  ])('JSON (pictures and sounds carried in the file) through POST /api/sets/import, by the %s', async (_, account) => {
    const file = JSON.parse(new TextDecoder().decode(await download('json')))
    expect(file[10].termImage).toMatch(/^data:image\/webp;base64,/)
    expect(file[11].termAudio).toMatch(/^data:audio\/mpeg;base64,/)
    expect(file.every((card: { guid?: string }) => typeof card.guid === 'string')).toBe(true)
    expect(await importPreviewed(file, account())).toEqual(await originalCards())
  })

  it.each([
    ['owner', () => owner],
    ['another account', () => other],
  ])('.apkg through the preview, by the %s', async (_, account) => {
    const preview = await previewFile('Every case.apkg', await download('apkg'), account().token)
    expect(preview.status, preview.text).toBe(200)
    expect(preview.body.problems).toEqual([])
    expect(preview.body.sets.map((set: { title: string; tags: string }) => [set.title, set.tags])).toEqual([['Every case', 'GEO,LANG']])
    expect(await importPreviewed(preview.body.sets[0].cards, account())).toEqual(await originalCards())
  })

  // A text file has no place for pictures or sounds: the picture-only card cannot come back, the others come back as text.
  const textOnly = async () =>
    (await originalCards()).filter((card) => card.term !== '').map((card) => ({ ...card, termImage: null, definitionImage: null, termAudio: null }))

  it.each([
    ['owner', () => owner],
    ['another account', () => other],
  ])('.txt (Anki "Notes in Plain Text") through the preview, by the %s: cloze and reverse kept by the note type column', async (_, account) => {
    const preview = await previewFile('Every case.txt', await download('txt'), account().token)
    expect(preview.status, preview.text).toBe(200)
    expect(await importPreviewed(preview.body.sets[0].cards, account())).toEqual(await textOnly())
  })

  it.each([
    ['owner', () => owner],
    ['another account', () => other],
  ])('CSV through the preview, by the %s: the text of every card, cloze and reverse by the Type column (commas become semicolons)', async (_, account) => {
    const csv = await download('csv')
    expect(new TextDecoder().decode(csv).split('\r\n')[0]).toBe('Term,Definition,Type')
    const preview = await previewFile('Every case.csv', csv, account().token)
    expect(preview.status, preview.text).toBe(200)
    expect(await importPreviewed(preview.body.sets[0].cards, account())).toEqual(
      (await textOnly()).map((card) => ({ ...card, definition: card.definition.replaceAll(',', ';') })),
    )
  })

  it('.txt quotes a field that starts with # or holds a tab, a quote or a line break, as Anki reads it', async () => {
    const lines = new TextDecoder().decode(await download('txt')).split('\n')
    expect(lines.slice(0, 5)).toEqual(['#separator:tab', '#html:true', '#notetype column:3', '#guid column:4', '#tags column:5'])
    const rows = lines.slice(5)
    expect(rows[0]).toMatch(/^x &nbsp;y &nbsp;&nbsp;z\tspaces &nbsp;kept &nbsp;&nbsp;here\tBasic\t/)
    expect(rows[1]).toMatch(/^"tab\there"\t"a\tb"\tBasic\t/)
    expect(rows[3]).toMatch(/^"say ""hi"""\t"it's ""quoted"", isn't it"\tBasic\t/)
    expect(rows[4]).toMatch(/^"#hashtag first"\t"# also a heading"\tBasic\t/)
    expect(rows[6]).toMatch(/^the text &#91;sound:bell.mp3\] stays\t/)
    expect(rows[7]).toMatch(/\tCloze\t/)
    expect(rows[8]).toMatch(/^hund\tdog\tBasic \(and reversed card\)\t/)
    expect(rows[0]?.endsWith('\tGEO LANG')).toBe(true)
  })
})

describe('the .apkg export as Anki reads it (an independent reader of its schema)', () => {
  it('is a clean package: schema 11 in collection.anki21 (meta: legacy 2) and collection.anki2, checksums, sort fields, card ords, media map, tags', async () => {
    const pkg = readAnkiPackageIndependently(await download('apkg'))
    expect(pkg.problems).toEqual([])
    expect(pkg.entries).toEqual(['0', '1', '2', 'collection.anki2', 'collection.anki21', 'media', 'meta'])
    expect(pkg.metaVersion).toBe(2)
    expect(pkg.ver).toBe(11)
    expect(pkg.decks.map((deck) => deck.name).sort()).toEqual(['Default', 'Every case'])
    expect(pkg.models.map((model) => [model.name, model.type, model.fields, model.templates.map((template) => template.qfmt)]).sort()).toEqual([
      ['Basic (and reversed card)', 0, ['Front', 'Back'], ['{{Front}}', '{{Back}}']],
      ['Basic', 0, ['Front', 'Back'], ['{{Front}}']],
      ['Cloze', 1, ['Text', 'Back Extra'], ['{{cloze:Text}}']],
    ])
    const cards = await allCards(app, setId, owner.token)
    expect(pkg.notes.map((note) => note.guid)).toEqual(cards.map((card) => card.guid))
    const byName = Object.fromEntries(pkg.models.map((model) => [model.name, model.id]))
    expect(pkg.notes.map((note) => note.mid)).toEqual(
      CASES.map((card) => byName[card.kind === 'cloze' ? 'Cloze' : card.reverse ? 'Basic (and reversed card)' : 'Basic']),
    )
    // Two cards for the reversed note, one per deletion number for the cloze note.
    expect(pkg.cards.filter((card) => card.nid === pkg.notes[8]?.id).map((card) => card.ord)).toEqual([0, 1])
    expect(pkg.cards.filter((card) => card.nid === pkg.notes[7]?.id).map((card) => card.ord)).toEqual([0, 1])
    expect(pkg.notes.every((note) => note.tags === ' GEO LANG ')).toBe(true)
    // Fields as Anki shows them: spaces kept, a literal [sound:] kept as text, formulas in MathJax syntax, media referenced.
    expect(pkg.notes[0]?.fields).toEqual(['x &nbsp;y &nbsp;&nbsp;z', 'spaces &nbsp;kept &nbsp;&nbsp;here'])
    expect(pkg.notes[2]?.fields).toEqual(['line one<br>line two', 'first<br><br>third'])
    expect(pkg.notes[6]?.fields[0]).toBe('the text &#91;sound:bell.mp3] stays')
    expect(pkg.notes[9]?.fields).toEqual(['Area \\(\\pi r^2\\)', '\\[x &lt; y\\] and 1 &lt; 2 &amp; 3 &gt; 2'])
    expect(pkg.notes[10]?.fields[0]).toMatch(/^<img src="cardwise-[0-9a-f]{40}\.webp">$/)
    expect(pkg.notes[11]?.fields[0]).toMatch(/^with sound\[sound:cardwise-[0-9a-f]{40}\.mp3\]$/)
    expect(pkg.notes[11]?.fields[1]).toMatch(/^and a picture<br><img src="cardwise-[0-9a-f]{40}\.webp">$/)
    const soundName = /\[sound:([^\]]+)\]/.exec(pkg.notes[11]?.fields[0] ?? '')?.[1] ?? ''
    expect(sha(pkg.media.get(soundName) ?? new Uint8Array())).toBe(sha(mp3Audio(1)))
    // The legacy collection (Anki 2.0 and tools that read only collection.anki2) is the same collection.
    const { unzipSync } = await import('fflate')
    const files = unzipSync(await download('apkg'))
    expect(sha(files['collection.anki2'] as Uint8Array)).toBe(sha(files['collection.anki21'] as Uint8Array))
  })

  it('keeps its identity from one export to the next: the same guids, deck id, note type ids, note and card ids', async () => {
    const first = readAnkiPackageIndependently(await download('apkg'))
    app.clock.advance(3_600_000)
    const second = readAnkiPackageIndependently(await download('apkg'))
    const identity = (pkg: typeof first) => ({
      guids: pkg.notes.map((note) => note.guid),
      deck: pkg.decks.find((deck) => deck.name === 'Every case')?.id,
      models: pkg.models.map((model) => [model.name, model.id]).sort(),
      notes: pkg.notes.map((note) => note.id),
      cards: pkg.cards.map((card) => card.id),
    })
    expect(identity(second)).toEqual(identity(first))
    expect(second.notes[0]?.mod).toBeGreaterThan(first.notes[0]?.mod ?? 0)
  })

  it('previewed against its own set, an unchanged export is every card the same (its pictures and sound are the set’s)', async () => {
    const preview = await previewFile('Every case.apkg', await download('apkg'), owner.token, { setId })
    expect(preview.status, preview.text).toBe(200)
    expect((preview.body.sets[0].cards as PreviewCard[]).map((card) => card.action)).toEqual(CASES.map(() => 'same'))
    expect(preview.body.actions).toEqual({ setId, add: 0, update: 0, same: CASES.length })
  })

  it('gives another set other ids', async () => {
    const copy = await app.api('POST', '/api/sets/import', { token: owner.token, body: { title: 'Other set', cards: [{ term: 'a', definition: 'b' }] } })
    const mine = readAnkiPackageIndependently(await download('apkg'))
    const theirs = readAnkiPackageIndependently(await download('apkg', copy.body.id))
    expect(theirs.problems).toEqual([])
    expect(theirs.decks.find((deck) => deck.name === 'Other set')?.id).not.toBe(mine.decks.find((deck) => deck.name === 'Every case')?.id)
    expect(theirs.models[0]?.id).not.toBe(mine.models.find((model) => model.name === 'Basic')?.id)
  })
})

describe('stable identity: every card has a guid', () => {
  it('is generated for new cards, unique, and kept from an Anki note on import', async () => {
    const cards = await allCards(app, setId, owner.token)
    expect(new Set(cards.map((card) => card.guid)).size).toBe(cards.length)
    const added = await app.api('POST', `/api/sets/${setId}/cards`, { token: owner.token, body: { term: 'new', definition: 'card' } })
    expect(added.body.guid).toMatch(/^.{1,10}$/)
    await app.api('DELETE', `/api/sets/${setId}/cards/${added.body.id}`, { token: owner.token })
    const anki = buildAnkiPackage({ generation: 'anki21', notes: [{ fields: ['Front', 'Back'] }, { type: 'cloze', fields: ['{{c1::a}} b', ''] }] })
    const preview = await previewFile('deck.apkg', anki, owner.token)
    expect(preview.body.sets[0].cards.map((card: PreviewCard) => card.guid)).toEqual(['guid0', 'guid1'])
    const created = await app.api('POST', '/api/sets/import', { token: owner.token, body: { title: 'From Anki', cards: preview.body.sets[0].cards } })
    expect((await allCards(app, created.body.id, owner.token)).map((card) => card.guid)).toEqual(['guid0', 'guid1'])
  })

  it('is kept by a saved copy, so a newer export of the original can update the copy', async () => {
    await app.api('PATCH', `/api/sets/${setId}`, { token: owner.token, body: { isPublic: true } })
    const copy = await app.api('POST', `/api/sets/${setId}/copy`, { token: other.token })
    expect(copy.status, copy.text).toBe(201)
    const guids = (await allCards(app, setId, owner.token)).map((card) => card.guid)
    expect((await allCards(app, copy.body.id, other.token)).map((card) => card.guid)).toEqual(guids)
    const preview = await previewFile('Every case.apkg', await download('apkg'), other.token)
    // Among the receiver's sets holding these guids (the round trips above imported some too).
    expect(preview.body.matchingSets).toContainEqual({ id: copy.body.id, title: 'Every case', matching: CASES.length })
    await app.api('PATCH', `/api/sets/${setId}`, { token: owner.token, body: { isPublic: false } })
  })

  it('is not changed by PATCH (read only) and a repeated guid in one import gets a new one', async () => {
    const created = await app.api('POST', '/api/sets/import', {
      token: owner.token,
      body: {
        title: 'Twice',
        cards: [
          { term: 'a', definition: 'b', guid: 'same' },
          { term: 'c', definition: 'd', guid: 'same' },
        ],
      },
    })
    const [first, second] = await allCards(app, created.body.id, owner.token)
    expect(first?.guid).toBe('same')
    expect(second?.guid).not.toBe('same')
    const patched = await app.api('PATCH', `/api/sets/${created.body.id}/cards/${first?.id}`, { token: owner.token, body: { guid: 'other', term: 'A' } })
    expect(patched.body).toMatchObject({ term: 'A', guid: 'same' })
  })

  it('refuses a guid with control characters or over 100 characters', async () => {
    for (const guid of ['a\nb', 'x'.repeat(101), '']) {
      const response = await app.api('POST', '/api/sets/import', { token: owner.token, body: { title: 'Bad', cards: [{ term: 'a', definition: 'b', guid }] } })
      expect(response.status, guid).toBe(400)
      expect(response.body.error.fields).toEqual({ cards: 'guid must be 1 to 100 characters of text without control characters.' })
    }
  })
})

describe('update in place', () => {
  let target: string
  let cards: Flashcard[]
  let file: Array<Record<string, unknown>>
  beforeAll(async () => {
    const created = await app.api('POST', '/api/sets/import', {
      token: owner.token,
      body: {
        title: 'Followed deck',
        cards: [
          { term: 'one', definition: '1' },
          { term: 'two', definition: '2', reverse: true },
          { term: '{{c1::three}} and {{c2::four}}', definition: '', kind: 'cloze' },
        ],
      },
    })
    target = created.body.id
    cards = await allCards(app, target, owner.token)
    file = JSON.parse(new TextDecoder().decode(await download('json', target)))
    // Studied: memory and progress on the second card, both prompts, and on the cloze's c2.
    for (const prompt of ['f', 'r']) {
      const answer = await app.api('POST', `/api/sets/${target}/answers`, {
        token: owner.token,
        body: { cardId: cards[1]?.id, correct: true, mode: 'write', prompt },
      })
      expect(answer.status, answer.text).toBe(201)
    }
    await app.api('POST', `/api/sets/${target}/answers`, { token: owner.token, body: { cardId: cards[2]?.id, correct: false, mode: 'write', prompt: 'c2' } })
  })

  /** A newer version of the file: the second card's definition changed, the cloze lost c2 and gained an extra, a card added. */
  const newer = () => [
    file[0],
    { ...file[1], definition: '2 (two)' },
    { ...file[2], term: '{{c1::three}} and four', definition: 'extra' },
    { term: 'five', definition: '5', guid: 'brand-new' },
  ]

  it('the preview against the set marks each card add, update or same by guid, and counts them', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(newer()))
    const preview = await previewFile('Followed deck.json', bytes, owner.token, { setId: target })
    expect(preview.status, preview.text).toBe(200)
    const body = preview.body as ImportPreview
    expect(body.sets[0]?.cards.map((card) => [card.guid, card.action])).toEqual([
      [cards[0]?.guid, 'same'],
      [cards[1]?.guid, 'update'],
      [cards[2]?.guid, 'update'],
      ['brand-new', 'add'],
    ])
    expect(body.actions).toEqual({ setId: target, add: 1, update: 2, same: 1 })
    expect(body.matchingSets).toEqual([{ id: target, title: 'Followed deck', matching: 3 }])
    // Without setId: no actions, the matching set is still named (the dialog offers to update it).
    const plain = await previewFile('Followed deck.json', bytes, owner.token)
    expect(plain.body.sets[0].cards[0]).not.toHaveProperty('action')
    expect(plain.body.matchingSets).toEqual([{ id: target, title: 'Followed deck', matching: 3 }])
    // Another account has no set with these guids.
    expect((await previewFile('Followed deck.json', bytes, other.token)).body.matchingSets).toEqual([])
  })

  it('the preview with a setId that is not the caller’s is 404, even for a public set, and stores nothing', async () => {
    await app.api('PATCH', `/api/sets/${target}`, { token: owner.token, body: { isPublic: true } })
    const bytes = new TextEncoder().encode(JSON.stringify(newer()))
    for (const id of [target, 'doesnotexist123']) {
      const response = await previewFile('x.json', bytes, other.token, { setId: id })
      expect([response.status, response.body]).toEqual([404, setNotFound])
    }
    const pasted = await app.api('POST', '/api/imports/preview', { token: other.token, body: { text: 'a\tb', setId: target } })
    expect([pasted.status, pasted.body]).toEqual([404, setNotFound])
    await app.api('PATCH', `/api/sets/${target}`, { token: owner.token, body: { isPublic: false } })
  })

  it('POST /api/sets/:id/cards/import updates matching cards in place (memory and progress kept), adds the rest', async () => {
    const before = await app.api('GET', `/api/sets/${target}/progress`, { token: owner.token })
    const response = await app.api('POST', `/api/sets/${target}/cards/import`, { token: owner.token, body: { cards: newer() } })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({ added: 1, updated: 2, unchanged: 1 })
    const after = await allCards(app, target, owner.token)
    expect(after.map((card) => [card.id, card.guid, card.term, card.definition, card.position])).toEqual([
      [cards[0]?.id, cards[0]?.guid, 'one', '1', 1],
      [cards[1]?.id, cards[1]?.guid, 'two', '2 (two)', 2],
      [cards[2]?.id, cards[2]?.guid, '{{c1::three}} and four', 'extra', 3],
      [expect.any(String), 'brand-new', 'five', '5', 4],
    ])
    expect((await app.api('GET', `/api/sets/${target}`, { token: owner.token })).body.cardCount).toBe(4)
    // The updated card's memory and progress survive; the cloze's c2 (gone from its text) goes, as in an edit.
    const progress = await app.api('GET', `/api/sets/${target}/progress`, { token: owner.token })
    const kept = (items: Array<{ cardId: string; prompt: string; memory: unknown }>) =>
      items.map((item) => [item.cardId, item.prompt, item.memory]).sort((a, b) => String(a).localeCompare(String(b)))
    expect(kept(before.body.items).filter(([id, prompt]) => !(id === cards[2]?.id && prompt === 'c2'))).toEqual(kept(progress.body.items))
    expect(progress.body.items.filter((item: { cardId: string }) => item.cardId === cards[1]?.id)).toHaveLength(2)
    // The same file again changes nothing.
    const again = await app.api('POST', `/api/sets/${target}/cards/import`, { token: owner.token, body: { cards: newer() } })
    expect(again.body).toEqual({ added: 0, updated: 0, unchanged: 4 })
  })

  it('is the owner’s: 404 for a set the caller cannot read, 403 for one they only read, 401 without a token', async () => {
    const body = { cards: newer() }
    const hidden = await app.api('POST', `/api/sets/${target}/cards/import`, { token: other.token, body })
    expect([hidden.status, hidden.body]).toEqual([404, setNotFound])
    await app.api('PATCH', `/api/sets/${target}`, { token: owner.token, body: { isPublic: true } })
    const readOnly = await app.api('POST', `/api/sets/${target}/cards/import`, { token: other.token, body })
    expect(readOnly.status).toBe(403)
    await app.api('PATCH', `/api/sets/${target}`, { token: owner.token, body: { isPublic: false } })
    expect((await app.api('POST', `/api/sets/${target}/cards/import`, { body })).status).toBe(401)
  })

  it('refuses to take a set over 500 cards, and bad cards, changing nothing', async () => {
    const many = Array.from({ length: 497 }, (_, index) => ({ term: `t${index}`, definition: 'd' }))
    const refused = await app.api('POST', `/api/sets/${target}/cards/import`, { token: owner.token, body: { cards: many } })
    expect([refused.status, refused.body.error.message]).toEqual([400, 'Maximum of 500 flashcards allowed'])
    const empty = await app.api('POST', `/api/sets/${target}/cards/import`, { token: owner.token, body: { cards: [{ term: ' ', definition: 'x' }] } })
    expect([empty.status, empty.body.error.message]).toEqual([400, 'No valid flashcards found in file'])
    expect((await allCards(app, target, owner.token)).length).toBe(4)
  })
})
