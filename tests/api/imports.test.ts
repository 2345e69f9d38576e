import http from 'node:http'
import { zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportPreview, PreviewCard } from '#shared/api/imports'
import type { Flashcard } from '#shared/api/sets'
import { mediaMessages, messages as m } from '#shared/messages'
import { buildAnkiPackage, type FixtureNote, type Generation, TINY_PNG } from '#tests/support/anki-packages'
import { mp3Audio, oggAudio } from '#tests/support/audio'
import { zipDeflated } from '#tests/support/zip'
import { type Account, type ApiResponse, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { apiError } from './scenarios'
import { allCards } from './sets-helpers'

/**
 * POST /api/imports/preview as scenario tables: Anki packages of each generation written by
 * tests/support/anki-packages.ts, text files, pasted text, and hostile or broken input. Nothing
 * is ever saved by a preview: every test checks the sets and cards tables are unchanged.
 */

let app: TestApp
let owner: Account
let newcomer: Account
beforeAll(async () => {
  app = await startTestApp({
    imports: { maxPackageBytes: 6 * 1024 * 1024, maxUncompressedBytes: 20 * 1024 * 1024, maxEntries: 50, maxNotes: 3000, timeoutMs: 20_000 },
  })
  owner = await createAccount(app, { username: 'previewer' })
  newcomer = await createAccount(app, { username: 'fresh', verified: false })
})
afterAll(() => app.close())

async function rowCounts() {
  const [sets, cards] = await Promise.all([
    app.db
      .selectFrom('study_sets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    app.db
      .selectFrom('flashcards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { sets: Number(sets.n), cards: Number(cards.n) }
}

/*
 * The two heavy packages are built once, before any request: built between two requests they
 * block this process (which also runs the server) for seconds under load, long enough for the
 * server to close the idle kept-alive connection the next POST then goes out on (ECONNRESET).
 */
const HUGE_PACKAGE = zipDeflated({ 'collection.anki2': new Uint8Array(25 * 1024 * 1024) })
const MANY_NOTES_PACKAGE = buildAnkiPackage({ generation: 'anki2', notes: Array.from({ length: 3001 }, (_, i) => ({ fields: [`t${i}`, 'd'] })) })

/** Sends a file as multipart/form-data, with optional separator fields. */
async function previewFile(
  name: string,
  bytes: Uint8Array | string,
  fields: Record<string, string> = {},
  token: string | null = owner.token,
): Promise<ApiResponse> {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('file', new Blob([typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)]), name)
  const response = await fetch(`${app.url}/api/imports/preview`, { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined }
}

/**
 * A multipart upload over node:http, reading the answer even when the server answers and closes
 * before the whole body is sent (an upload over the size limit): fetch would only report EPIPE.
 */
function previewEarlyAnswer(name: string, bytes: Uint8Array): Promise<ApiResponse> {
  const boundary = 'cardwise-early'
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const body = Buffer.concat([head, bytes, tail])
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.url}/api/imports/preview`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length },
    })
    request.on('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: new Headers(response.headers as Record<string, string>), text, body: JSON.parse(text) }),
      )
    })
    // EPIPE or ECONNRESET once the server has answered and closed: the answer above still counts.
    request.on('error', (error) => setTimeout(() => reject(error), 2000))
    request.end(body)
  })
}

const pairsOf = (preview: ImportPreview) => preview.sets.map((set) => [set.title, set.cards.map((card) => [card.term, card.definition])])

const NOTES: FixtureNote[] = [
  { type: 'basic', fields: ['<b>Hund</b>', 'dog&nbsp;&amp; <i>hound</i>'], deck: 'German::Animals', tags: ['animals'] },
  { type: 'reversed', fields: ['Katze', 'cat'], deck: 'German::Animals', tags: ['animals'] },
  { type: 'typein', fields: ['2 + 2', '4'], deck: 'Maths' },
  { type: 'cloze', fields: ['{{c1::Berlin}} is the capital of {{c2::Germany::country}}', ''], deck: 'Maths' },
  { type: 'custom', fields: ['日本語[にほんご]', 'Japanese 🇯🇵 [sound:a.mp3]', 'example'], deck: 'Maths' },
]
const EXPECTED = [
  [
    'German › Animals',
    [
      ['Hund', 'dog & hound'],
      ['Katze', 'cat'],
    ],
  ],
  [
    'Maths',
    [
      ['2 + 2', '4'],
      ['{{c1::Berlin}} is the capital of {{c2::Germany::country}}', ''],
      ['日本語(にほんご)', 'Japanese 🇯🇵'],
    ],
  ],
]

describe('Anki packages', () => {
  it.each<[Generation, string]>([
    ['anki2', 'old.apkg'],
    ['anki21', 'legacy.apkg'],
    ['anki21b', 'latest.apkg'],
    ['anki21b', 'collection.colpkg'],
  ])('%s as %s: one set per deck, cloze, reversed, HTML, unicode', async (generation, name) => {
    const before = await rowCounts()
    const response = await previewFile(name, buildAnkiPackage({ generation, notes: NOTES }))
    expect(response.status, response.text).toBe(200)
    expect(response.body.format).toBe(name.endsWith('.colpkg') ? 'colpkg' : 'apkg')
    expect(pairsOf(response.body)).toEqual(EXPECTED)
    expect(response.body.sets.map((set: { tags: string; total: number }) => [set.tags, set.total])).toEqual([
      ['ANIMALS', 2],
      ['', 3],
    ])
    // The cloze note is one cloze card, the reversed note a reverse card (issue 26).
    const kinds = response.body.sets.flatMap((set: ImportPreview['sets'][number]) => set.cards.map((card) => `${card.kind}${card.reverse ? '+r' : ''}`))
    expect(kinds).toEqual(['basic', 'basic+r', 'basic', 'cloze', 'basic'])
    // The `[sound:a.mp3]` of note 5 names a file the package does not hold.
    expect(response.body.problems).toEqual([{ line: 5, message: 'note 5: sound "a.mp3" is not in the package' }])
    expect(await rowCounts()).toEqual(before)
  })

  it('imports a cloze note as one cloze card and a reversed note as a reverse card, through the preview', async () => {
    const preview = await previewFile('kinds.apkg', buildAnkiPackage({ generation: 'anki21b', notes: NOTES }))
    const cards = (preview.body as ImportPreview).sets.flatMap((set) =>
      set.cards.map(({ term, definition, kind, reverse }) => ({ term, definition, kind, reverse })),
    )
    const imported = await app.api('POST', '/api/sets/import', { token: owner.token, body: { title: 'Kinds', cards } })
    expect(imported.status, imported.text).toBe(201)
    const stored = await app.api('GET', `/api/sets/${imported.body.id}/cards?perPage=10`, { token: owner.token })
    expect(stored.body.items.map((card: Flashcard) => [card.term.slice(0, 13), card.kind, card.reverse, card.prompts])).toEqual([
      ['Hund', 'basic', false, ['f']],
      ['Katze', 'basic', true, ['f', 'r']],
      ['2 + 2', 'basic', false, ['f']],
      ['{{c1::Berlin}', 'cloze', false, ['c1', 'c2']],
      ['日本語(にほんご)', 'basic', false, ['f']],
    ])
  })

  it("stores a package's pictures for the caller (media ids in the preview, on the cards once imported), reports missing and refused ones", async () => {
    const bytes = buildAnkiPackage({
      generation: 'anki21b',
      notes: [
        { fields: ['Hund <img src="dog.png">', 'dog'] },
        { fields: ['<img src="gone.png">', 'only a picture that is missing'] },
        { fields: ['Katze', '<img src="fake.png"> cat'] },
      ],
      media: { 'dog.png': TINY_PNG, 'fake.png': new TextEncoder().encode('not a picture at all') },
      listedButMissing: ['gone.png'],
    })
    const response = await previewFile('pics.apkg', bytes)
    expect(response.status, response.text).toBe(200)
    const [hund, katze] = response.body.sets[0].cards
    expect(hund).toEqual({
      term: 'Hund',
      definition: 'dog',
      termImage: expect.any(String),
      definitionImage: null,
      termAudio: null,
      definitionAudio: null,
      kind: 'basic',
      reverse: false,
      guid: 'guid0',
    })
    expect(katze).toEqual({
      term: 'Katze',
      definition: 'cat',
      termImage: null,
      definitionImage: null,
      termAudio: null,
      definitionAudio: null,
      kind: 'basic',
      reverse: false,
      guid: 'guid2',
    })
    expect(response.body.problems).toEqual([
      { line: null, message: 'The picture "gone.png" is listed but missing from the package.' },
      { line: null, message: `The picture "fake.png" was left out: ${mediaMessages.notAnImage}` },
      { line: 2, message: 'note 2: one side is only a picture or a sound, which could not be imported; skipped' },
    ])
    // Issue 27: nothing stored yet; the picture is the caller's draft until the import is confirmed.
    expect(await app.db.selectFrom('media').select('id').where('id', '=', hund.termImage).executeTakeFirst()).toBeUndefined()
    const draft = await app.db.selectFrom('media_drafts').select(['id', 'owner_id']).where('id', '=', hund.termImage).executeTakeFirstOrThrow()
    expect(draft.owner_id).toBe(owner.id)

    // Confirming the import puts the picture on the card: the draft became the caller's media, same id.
    const imported = await app.api('POST', '/api/sets/import', { token: owner.token, body: { title: 'Pictures', cards: [hund, katze] } })
    expect(imported.status, imported.text).toBe(201)
    const cards = await app.api('GET', `/api/sets/${imported.body.id}/cards?perPage=10`, { token: owner.token })
    expect(cards.body.items.map((card: { term: string; termImage: { id: string } | null }) => [card.term, card.termImage?.id ?? null])).toEqual([
      ['Hund', hund.termImage],
      ['Katze', null],
    ])
  })

  it("stores a package's sounds for the caller: [sound:] becomes the card's recording (not text); missing, not audio and refused ones are reported", async () => {
    const bytes = buildAnkiPackage({
      generation: 'anki21b',
      notes: [
        { fields: ['Hund [sound:hund.mp3]', 'dog'] },
        { fields: ['Katze', 'cat [sound:gone.ogg]'] },
        { fields: ['Maus', 'mouse [sound:maus.flac]'] },
        { fields: ['Vogel [sound:fake.wav]', 'bird'] },
        { fields: ['Pferd', '[sound:pferd.ogg]horse'] },
      ],
      media: {
        'hund.mp3': mp3Audio(1.2),
        'pferd.ogg': oggAudio(0.8),
        'maus.flac': new Uint8Array([1, 2, 3]),
        'fake.wav': new TextEncoder().encode('no sound'),
      },
      listedButMissing: ['gone.ogg'],
    })
    const response = await previewFile('sounds.apkg', bytes)
    expect(response.status, response.text).toBe(200)
    const cards = response.body.sets[0].cards as PreviewCard[]
    expect(cards.map((card) => [card.term, card.definition, card.termAudio !== null, card.definitionAudio !== null])).toEqual([
      ['Hund', 'dog', true, false],
      ['Katze', 'cat', false, false],
      ['Maus', 'mouse', false, false],
      ['Vogel', 'bird', false, false],
      ['Pferd', 'horse', false, true],
    ])
    expect(response.body.problems).toEqual([
      { line: 3, message: 'note 3: sound "maus.flac" is not an MP3, Ogg, WAV, WebM or MP4 recording' },
      { line: null, message: 'The sound "gone.ogg" is listed but missing from the package.' },
      { line: null, message: `The sound "fake.wav" was left out: ${mediaMessages.notAudio('audio/wav')}` },
    ])
    const drafted = await app.db
      .selectFrom('media_drafts')
      .select(['owner_id', 'type', 'duration_ms'])
      .where('id', '=', cards[0]?.termAudio ?? '')
      .executeTakeFirstOrThrow()
    expect(drafted).toEqual({ owner_id: owner.id, type: 'audio/mpeg', duration_ms: expect.any(Number) })

    // Confirming the import puts the stored recordings on the cards.
    const imported = await app.api('POST', '/api/sets/import', { token: owner.token, body: { title: 'Sounds', cards } })
    expect(imported.status, imported.text).toBe(201)
    const saved = await allCards(app, imported.body.id, owner.token)
    expect(saved.map((card) => [card.term, card.termAudio?.id ?? null, card.definitionAudio?.id ?? null])).toEqual(
      cards.map((card) => [card.term, card.termAudio, card.definitionAudio]),
    )
    const stored = await app.db
      .selectFrom('media')
      .select(['owner_id', 'type', 'duration_ms'])
      .where('id', '=', cards[0]?.termAudio ?? '')
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ owner_id: owner.id, type: 'audio/mpeg', duration_ms: expect.any(Number) })
    // Someone else's recording cannot be named in an import.
    const other = await createAccount(app, { username: 'sound_thief' })
    const stolen = await app.api('POST', '/api/sets/import', {
      token: other.token,
      body: { title: 'Stolen', cards: [{ term: 'x', definition: 'y', termAudio: cards[0]?.termAudio }] },
    })
    expect(stolen.status).toBe(400)
    expect(stolen.body.error.fields).toEqual({ 'cards.0.termAudio': mediaMessages.unknownAudio })
  })

  it('returns every card of a deck over 500 (the client offers the split)', async () => {
    const notes = Array.from({ length: 1201 }, (_, i) => ({ fields: [`term ${i + 1}`, `definition ${i + 1}`], deck: 'Big' }))
    const response = await previewFile('big.apkg', buildAnkiPackage({ generation: 'anki21', notes }))
    expect(response.status, response.text).toBe(200)
    expect(response.body.sets).toHaveLength(1)
    expect(response.body.sets[0].total).toBe(1201)
    expect(response.body.sets[0].cards.at(-1)).toEqual({
      term: 'term 1201',
      definition: 'definition 1201',
      termImage: null,
      definitionImage: null,
      termAudio: null,
      definitionAudio: null,
      kind: 'basic',
      reverse: false,
      guid: 'guid1200',
    })
  })

  const bomb = () => {
    const zip = zipDeflated({ 'collection.anki2': new Uint8Array(3_000_000) })
    const view = new DataView(zip.buffer)
    let central = zip.length - 22
    while (view.getUint32(central, true) !== 0x02014b50) central--
    view.setUint32(central + 24, 100, true)
    return zip
  }

  it.each<[string, string, () => Uint8Array, number, string]>([
    ['a zip bomb', 'bomb.apkg', bomb, 400, 'This package looks like a zip bomb (a file inflates to more than it declares); it was refused.'],
    [
      'not a zip',
      'broken.apkg',
      () => new TextEncoder().encode('definitely not a zip file'),
      400,
      'This file is not a valid Anki package (the zip archive is damaged).',
    ],
    [
      'a zip without a collection',
      'empty.apkg',
      () => zipSync({ 'hello.txt': new Uint8Array([104, 105]) }),
      400,
      'This file is not an Anki package (it holds no collection).',
    ],
    [
      'a damaged collection',
      'bad.apkg',
      () => zipSync({ 'collection.anki2': new TextEncoder().encode('SQLite format 3\0'.padEnd(4096, 'z')) }),
      400,
      'The collection inside this Anki package is damaged and cannot be read.',
    ],
    [
      'too many files',
      'many.apkg',
      () => zipSync(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [String(i), new Uint8Array(1)]))),
      400,
      'This package has 60 files; at most 50 are accepted.',
    ],
    ['too much once unpacked', 'huge.apkg', () => HUGE_PACKAGE, 400, 'This package would unpack to more than 20 MB; it was refused.'],
    ['over the package size', 'large.apkg', () => new Uint8Array(7 * 1024 * 1024).map((_, i) => i % 251), 413, 'The file is larger than 6 MB.'],
    ['too many notes', 'notes.apkg', () => MANY_NOTES_PACKAGE, 400, 'This package has 3001 notes; at most 3000 can be imported at once.'],
  ])('refuses %s with a clear message, never a 500', async (_, name, bytes, status, message) => {
    const before = await rowCounts()
    const response = status === 413 ? await previewEarlyAnswer(name, bytes()) : await previewFile(name, bytes())
    expect(response.status, response.text).toBe(status)
    expect(response.body.error.message).toBe(message)
    expect(await rowCounts()).toEqual(before)
  })
})

describe('text files and pasted text', () => {
  const utf16be = (text: string) => Uint8Array.from([0xfe, 0xff, ...[...text].flatMap((char) => [char.charCodeAt(0) >> 8, char.charCodeAt(0) & 0xff])])
  const utf16le = (text: string) => Uint8Array.from([0xff, 0xfe, ...[...text].flatMap((char) => [char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8])])

  it.each<[string, string, Uint8Array | string, Record<string, string>, string, unknown]>([
    [
      'UTF-16 BE text with a BOM',
      'words.txt',
      utf16be('Straße\tstreet\nÄpfel\tapples\n'),
      {},
      'text',
      [
        [
          'words',
          [
            ['Straße', 'street'],
            ['Äpfel', 'apples'],
          ],
        ],
      ],
    ],
    ['UTF-16 LE text with a BOM', 'words.tsv', utf16le('Straße\tstreet\n'), {}, 'text', [['words', [['Straße', 'street']]]]],
    [
      'Windows-1252 text',
      'latin.txt',
      Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x09, 0x63, 0x6f, 0x66, 0x66, 0x65, 0x65]),
      {},
      'text',
      [['latin', [['café', 'coffee']]]],
    ],
    [
      'Anki notes in plain text',
      'anki.txt',
      '#separator:Semicolon\n#html:true\n#deck:French::Food\n<b>pain</b>;bread\n',
      {},
      'text',
      [['French › Food', [['pain', 'bread']]]],
    ],
    [
      'a Quizlet export with custom separators',
      'quizlet.txt',
      'sun = Sonne||moon = Mond||',
      { termSeparator: ' = ', rowSeparator: '||' },
      'text',
      [
        [
          'quizlet',
          [
            ['sun', 'Sonne'],
            ['moon', 'Mond'],
          ],
        ],
      ],
    ],
    ['CSV with a header', 'cards.csv', 'Term,Definition\nhello,hallo\n', {}, 'csv', [['cards', [['hello', 'hallo']]]]],
    ['JSON front/back', 'cards.json', '[{"front":"eins","back":"one"}]', {}, 'json', [['cards', [['eins', 'one']]]]],
  ])('%s', async (_, name, bytes, fields, format, expected) => {
    const response = await previewFile(name, bytes, fields)
    expect(response.status, response.text).toBe(200)
    expect(response.body.format).toBe(format)
    expect(pairsOf(response.body)).toEqual(expected)
  })

  it.each<[string, Record<string, unknown>, unknown]>([
    [
      'tab and new line (the defaults)',
      { text: 'dog\tHund\ncat\tKatze\nno separator here' },
      [
        ['dog', 'Hund'],
        ['cat', 'Katze'],
      ],
    ],
    [
      'comma and semicolon',
      { text: 'dog,Hund;cat,Katze, die', termSeparator: 'comma', rowSeparator: 'semicolon' },
      [
        ['dog', 'Hund'],
        ['cat', 'Katze, die'],
      ],
    ],
    [
      'custom',
      { text: 'dog->Hund\n\ncat->Katze', termSeparator: '->', rowSeparator: 'newline' },
      [
        ['dog', 'Hund'],
        ['cat', 'Katze'],
      ],
    ],
  ])('pasted Quizlet text: %s', async (_, body, expected) => {
    const response = await app.api('POST', '/api/imports/preview', { token: owner.token, body })
    expect(response.status, response.text).toBe(200)
    expect(response.body.format).toBe('text')
    expect(response.body.sets[0].cards.map((card: { term: string; definition: string }) => [card.term, card.definition])).toEqual(expected)
  })

  it('numbers every problem with its line', async () => {
    const response = await app.api('POST', '/api/imports/preview', { token: owner.token, body: { text: `a\tb\nno tab\n\tno term\n${'t'.repeat(130)}\tlong` } })
    expect(response.body.problems).toEqual([
      { line: 2, message: 'line 2: no definition, skipped' },
      { line: 3, message: 'line 3: no term, skipped' },
      { line: 4, message: 'line 4: term cut to 120 characters' },
    ])
  })

  it('answers 200 with no sets and the spec message when nothing is usable', async () => {
    const response = await app.api('POST', '/api/imports/preview', { token: owner.token, body: { text: 'just words\nmore words' } })
    expect(response.status).toBe(200)
    expect(response.body.sets).toEqual([])
    expect(response.body.problems.at(-1)).toEqual({ line: null, message: 'No valid flashcards found in file' })
  })
})

describe('refusals', () => {
  it.each<[string, () => Promise<ApiResponse>, unknown]>([
    ['a visitor', () => previewFile('a.txt', 'a\tb', {}, null), apiError(401, 'unauthenticated', m.unauthenticated)],
    ['an unverified user', () => previewFile('a.txt', 'a\tb', {}, newcomer.token), apiError(403, 'unverified', m.unverified)],
    [
      'an unsupported file type',
      () => previewFile('evil.exe', 'MZ'),
      apiError(400, 'invalid_input', 'Only .apkg, .colpkg, .csv, .tsv, .txt, .json files are supported', {
        file: 'Only .apkg, .colpkg, .csv, .tsv, .txt, .json files are supported',
      }),
    ],
    [
      'a text file over 5 MB',
      () => previewFile('big.csv', 'a,b\n'.repeat(1_400_000)),
      apiError(413, 'payload_too_large', 'File size exceeds the maximum limit of 5MB'),
    ],
    [
      'invalid JSON in a .json file',
      () => previewFile('x.json', '{nope'),
      apiError(400, 'invalid_input', 'Invalid JSON format', { file: 'Invalid JSON format' }),
    ],
    [
      'empty pasted text',
      () => app.api('POST', '/api/imports/preview', { token: owner.token, body: { text: '   ' } }),
      apiError(400, 'invalid_input', m.invalidInput, { text: 'Paste the text to import.' }),
    ],
    [
      'an empty separator',
      () => app.api('POST', '/api/imports/preview', { token: owner.token, body: { text: 'a', termSeparator: '' } }),
      apiError(400, 'invalid_input', m.invalidInput, { termSeparator: 'A separator cannot be empty.' }),
    ],
    [
      'a text/plain body',
      () => app.api('POST', '/api/imports/preview', { token: owner.token, headers: { 'Content-Type': 'text/plain' }, body: 'a\tb' }),
      apiError(415, 'unsupported_media_type', m.unsupportedMediaType),
    ],
    [
      'a broken multipart body',
      () =>
        fetch(`${app.url}/api/imports/preview`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'multipart/form-data; boundary=xyz' },
          body: '--xyz\r\nbroken',
        }).then(async (r) => ({ status: r.status, headers: r.headers, text: '', body: await r.json() })),
      apiError(400, 'invalid_input', 'The upload could not be read.', { file: 'Please select a file' }),
    ],
  ])('%s', async (_, send, expected) => {
    const before = await rowCounts()
    const response = await send()
    expect(response.body).toEqual(expected)
    expect(await rowCounts()).toEqual(before)
  })

  it('is rate-limited like the import', async () => {
    const limited = await startTestApp({ rateLimits: { import: 2 } })
    try {
      const user = await createAccount(limited, { username: 'limited' })
      const statuses = []
      for (let i = 0; i < 3; i++) statuses.push((await limited.api('POST', '/api/imports/preview', { token: user.token, body: { text: 'a\tb' } })).status)
      expect(statuses).toEqual([200, 200, 429])
    } finally {
      await limited.close()
    }
  })
})

describe('GET /api/sets/:id/export in Anki formats, and the round trip', () => {
  const CARDS = [
    { term: 'Straße', definition: 'street 🛣️' },
    { term: 'A & B', definition: 'both "quoted" and tab\tinside' },
    { term: 'line one\nline two', definition: '漢字' },
  ]
  let setId: string
  beforeAll(async () => {
    const created = await app.api('POST', '/api/sets/import', { token: owner.token, body: { title: 'Round trip', cards: CARDS } })
    expect(created.status, created.text).toBe(201)
    setId = created.body.id
  })

  async function download(format: string): Promise<{ response: Response; bytes: Uint8Array }> {
    const response = await fetch(`${app.url}/api/sets/${setId}/export?format=${format}`, { headers: { Authorization: `Bearer ${owner.token}` } })
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
  }

  it.each(['json', 'csv', 'txt', 'apkg'])('%s exported and previewed again gives the same cards', async (format) => {
    const { response, bytes } = await download(format)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain(`Round trip.${format}`)
    const preview = await previewFile(`Round trip.${format}`, bytes)
    expect(preview.status, preview.text).toBe(200)
    const expected = format === 'csv' ? CARDS.map((card) => ({ term: card.term, definition: card.definition })) : CARDS
    expect(
      preview.body.sets.map((set: { cards: Array<{ term: string; definition: string }> }) => set.cards.map(({ term, definition }) => ({ term, definition }))),
    ).toEqual([expected])
    expect(preview.body.sets[0].title).toBe('Round trip')
  })

  it('writes txt with Anki headers', async () => {
    const { bytes } = await download('txt')
    const lines = new TextDecoder().decode(bytes).split('\n')
    expect(lines.slice(0, 5)).toEqual(['#separator:tab', '#html:true', '#notetype column:3', '#guid column:4', '#tags column:5'])
    expect(lines[5]).toMatch(/^Straße\tstreet 🛣️\tBasic\t[^\t]+\t$/)
  })

  it('writes an apkg whose tables are Anki schema 11, with valid checksums and ids', async () => {
    const { bytes } = await download('apkg')
    const { unzipSync } = await import('fflate')
    const { default: SQLite } = await import('better-sqlite3')
    const { createHash } = await import('node:crypto')
    const files = unzipSync(bytes)
    expect(Object.keys(files).sort()).toEqual(['collection.anki2', 'collection.anki21', 'media', 'meta'])
    expect(new TextDecoder().decode(files.media)).toBe('{}')
    const db = new SQLite(Buffer.from(files['collection.anki21'] as Uint8Array))
    try {
      // Anki's schema 11 (rslib/src/storage/schema11.sql), column by column.
      const SCHEMA_11: Record<string, string[]> = {
        col: ['id', 'crt', 'mod', 'scm', 'ver', 'dty', 'usn', 'ls', 'conf', 'models', 'decks', 'dconf', 'tags'],
        notes: ['id', 'guid', 'mid', 'mod', 'usn', 'tags', 'flds', 'sfld', 'csum', 'flags', 'data'],
        cards: ['id', 'nid', 'did', 'ord', 'mod', 'usn', 'type', 'queue', 'due', 'ivl', 'factor', 'reps', 'lapses', 'left', 'odue', 'odid', 'flags', 'data'],
        revlog: ['id', 'cid', 'usn', 'ease', 'ivl', 'lastIvl', 'factor', 'time', 'type'],
        graves: ['usn', 'oid', 'type'],
      }
      for (const [table, columns] of Object.entries(SCHEMA_11)) {
        const info = db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string; notnull: number }>
        expect(
          info.map((column) => column.name),
          table,
        ).toEqual(columns)
        expect(
          info.filter((column) => column.name !== 'id').every((column) => column.notnull === 1),
          table,
        ).toBe(true)
      }
      const col = db.prepare('SELECT ver, models, decks FROM col').get() as { ver: number; models: string; decks: string }
      expect(col.ver).toBe(11)
      const models = Object.values(JSON.parse(col.models)) as Array<{ id: number; name: string; type: number; flds: Array<{ name: string }>; tmpls: unknown[] }>
      expect(models.map((model) => [model.name, model.type, model.flds.map((field) => field.name), model.tmpls.length])).toEqual([
        ['Basic', 0, ['Front', 'Back'], 1],
      ])
      const decks = Object.values(JSON.parse(col.decks)) as Array<{ id: number; name: string }>
      const deck = decks.find((candidate) => candidate.name === 'Round trip')
      expect(deck).toBeDefined()
      const notes = db.prepare('SELECT id, guid, mid, flds, csum FROM notes ORDER BY id').all() as Array<{
        id: number
        guid: string
        mid: number
        flds: string
        csum: number
      }>
      expect(notes).toHaveLength(3)
      expect(new Set(notes.map((note) => note.guid)).size).toBe(3)
      for (const note of notes) {
        expect(note.mid).toBe(models[0]?.id)
        const stripped = (note.flds.split('\x1f')[0] ?? '')
          .replace(/<[^>]*>/g, '')
          .replace(/&amp;/g, '&')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
        expect(note.csum).toBe(Number.parseInt(createHash('sha1').update(stripped).digest('hex').slice(0, 8), 16))
      }
      expect(notes[1]?.flds).toBe('A &amp; B\x1fboth "quoted" and tab\tinside')
      const cards = db.prepare('SELECT nid, did, ord, type, queue, due FROM cards ORDER BY due').all()
      expect(cards).toEqual(notes.map((note, index) => ({ nid: note.id, did: deck?.id, ord: 0, type: 0, queue: 0, due: index + 1 })))
    } finally {
      db.close()
    }
  })
})
