import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { buildAnkiPackage, type Generation, TINY_PNG, zstdRawFrame } from '#tests/support/anki-packages'
import { readAnkiPackage } from './read-package'
import { PackageError } from './zip'

const LIMITS = { maxEntries: 1000, maxUncompressedBytes: 50 * 1024 * 1024, maxNotes: 1000 }
const GENERATIONS: Generation[] = ['anki2', 'anki21', 'anki21b']

const read = (bytes: Uint8Array, limits = LIMITS) => readAnkiPackage(bytes, 'apkg', limits)

describe.each(GENERATIONS)('an Anki package of generation %s', (generation) => {
  it('reads basic, reversed (one card), type-in and other note types, HTML cleaned', async () => {
    const bytes = buildAnkiPackage({
      generation,
      notes: [
        { type: 'basic', fields: ['<b>der Hund</b>', 'the dog&nbsp;&amp; cat'] },
        { type: 'reversed', fields: ['la casa', 'the house'] },
        { type: 'typein', fields: ['2 + 2', '<div>four</div><div>4</div>'] },
        { type: 'custom', fields: ['猫[ねこ]', 'cat [sound:neko.mp3]<script>alert(1)</script>', 'ignored example'] },
      ],
    })
    const result = await read(bytes)
    expect(result.format).toBe('apkg')
    expect(result.sets).toHaveLength(1)
    expect(result.sets[0]?.title).toBe('Default')
    expect(result.sets[0]?.cards.map(({ term, definition }) => [term, definition])).toEqual([
      ['der Hund', 'the dog & cat'],
      ['la casa', 'the house'],
      ['2 + 2', 'four\n4'],
      ['猫(ねこ)', 'cat'],
    ])
    // The `[sound:]` tag is not text; its file is not in the package, which is said.
    expect(result.problems).toEqual([{ line: 4, message: 'note 4: sound "neko.mp3" is not in the package' }])
    expect(result.sets[0]?.cards.map((card) => card.reverse ?? false)).toEqual([false, true, false, false])
  })

  it('asks "Basic (optional reversed card)" in reverse only when its third field is filled', async () => {
    const bytes = buildAnkiPackage({
      generation,
      notes: [
        { type: 'optional', fields: ['el perro', 'the dog', 'y'] },
        { type: 'optional', fields: ['el gato', 'the cat', ''] },
        { type: 'optional', fields: ['el pez', 'the fish', '<br>'] },
      ],
    })
    const cards = (await read(bytes)).sets[0]?.cards ?? []
    expect(cards.map((card) => [card.term, card.definition, card.reverse ?? false])).toEqual([
      ['el perro', 'the dog', true],
      ['el gato', 'the cat', false],
      ['el pez', 'the fish', false],
    ])
  })

  it('keeps a cloze note as one cloze card: the syntax and its hint on the question side, Back Extra as the definition', async () => {
    const bytes = buildAnkiPackage({
      generation,
      notes: [
        { type: 'cloze', fields: ['<b>{{c1::Paris}}</b> is the capital of {{c2::France::country}}.', 'extra'] },
        { type: 'cloze', fields: ['{{c1::a}} and {{c1::b}}', ''] },
      ],
    })
    const cards = (await read(bytes)).sets[0]?.cards.map(({ term, definition, kind }) => [term, definition, kind])
    expect(cards).toEqual([
      ['{{c1::Paris}} is the capital of {{c2::France::country}}.', 'extra', 'cloze'],
      ['{{c1::a}} and {{c1::b}}', '', 'cloze'],
    ])
  })

  it('makes one card per deletion of a cloze too long or nested for one card, other deletions shown, the hint beside the answer', async () => {
    const long = 'x'.repeat(120)
    const bytes = buildAnkiPackage({
      generation,
      notes: [
        { type: 'cloze', fields: [`{{c1::Paris}} is the capital of {{c2::France::country}}. ${long}`, 'extra'] },
        { type: 'cloze', fields: ['{{c1::a {{c2::b}}}}', ''] },
      ],
    })
    const result = await read(bytes)
    expect(result.sets[0]?.cards.map(({ term, definition, kind }) => [term.replace(/ x+$/, ' …'), definition, kind])).toEqual([
      ['[...] is the capital of France. …', 'Paris', undefined],
      ['Paris is the capital of [...]. …', 'France (hint: country)', undefined],
      ['[...]', 'a b', undefined],
      ['a [...]', 'b', undefined],
    ])
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'note 1: cloze text too long or nested for one cloze card (120 characters): one card per deletion',
      'note 1: term cut to 120 characters',
      'note 1: term cut to 120 characters',
      'note 2: cloze text too long or nested for one cloze card (120 characters): one card per deletion',
    ])
  })

  it('gives one set per deck, nested names joined, tags that fit carried over', async () => {
    const bytes = buildAnkiPackage({
      generation,
      notes: [
        { fields: ['one', '1'], deck: 'Languages::German', tags: ['verbs', 'a_tag_far_too_long', 'leech'] },
        { fields: ['two', '2'], deck: 'Languages::German', tags: ['verbs', 'nouns'] },
        { fields: ['three', '3'], deck: 'Languages::French' },
      ],
    })
    const result = await read(bytes)
    expect(result.sets.map((set) => [set.title, set.tags, set.cards.length])).toEqual([
      ['Languages › French', '', 1],
      ['Languages › German', 'VERBS,NOUNS', 2],
    ])
  })

  it('keeps pictures by file name and reports missing ones without failing', async () => {
    const bytes = buildAnkiPackage({
      generation,
      notes: [
        { fields: ['<img src="dog.png"> a dog', 'ein Hund <img src="dog.png"><img src="second.png">'] },
        { fields: ['<img src="gone.png">', 'missing picture'] },
        { fields: ['a sound only', '<img src="unlisted.jpg">yes'] },
      ],
      media: { 'dog.png': TINY_PNG },
      listedButMissing: ['gone.png'],
    })
    const result = await read(bytes)
    const cards = result.sets[0]?.cards ?? []
    expect(cards[0]).toMatchObject({ term: 'a dog', definition: 'ein Hund', termImage: 'dog.png', definitionImage: 'dog.png' })
    expect(cards[1]).toMatchObject({ term: '', termImage: null, definition: 'missing picture' })
    expect(cards[2]).toMatchObject({ definitionImage: null, definition: 'yes' })
    expect(Object.keys(result.images)).toEqual(['dog.png'])
    expect(result.images['dog.png']).toEqual(TINY_PNG)
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'note 3: picture "unlisted.jpg" is not in the package',
      'The picture "gone.png" is listed but missing from the package.',
    ])
  })

  it('cuts text to the card limits and says so', async () => {
    const bytes = buildAnkiPackage({ generation, notes: [{ fields: ['t'.repeat(130), 'd'.repeat(310)] }, { fields: ['no back', ''] }] })
    const result = await read(bytes)
    expect(result.sets[0]?.cards[0]?.term).toHaveLength(120)
    expect(result.sets[0]?.cards[0]?.definition).toHaveLength(300)
    expect(result.problems).toEqual([
      { line: 1, message: 'note 1: term cut to 120 characters' },
      { line: 1, message: 'note 1: definition cut to 300 characters' },
      { line: 2, message: 'note 2: no definition, skipped' },
    ])
  })

  it('refuses more notes than the limit', async () => {
    const bytes = buildAnkiPackage({ generation, notes: [{ fields: ['a', 'b'] }, { fields: ['c', 'd'] }] })
    await expect(read(bytes, { ...LIMITS, maxNotes: 1 })).rejects.toThrow('This package has 2 notes; at most 1 can be imported at once.')
  })
})

describe('package edge cases', () => {
  it('never reads the stub beside a newer collection', async () => {
    for (const generation of ['anki21', 'anki21b'] as const) {
      const result = await read(buildAnkiPackage({ generation, notes: [{ fields: ['real', 'card'] }] }))
      expect(result.sets.flatMap((set) => set.cards.map((card) => card.term))).toEqual(['real'])
    }
  })

  it('refuses a package holding only the stub', async () => {
    const bytes = buildAnkiPackage({ generation: 'anki2', notes: [{ fields: ['Please update to the latest Anki version, then import again.', ''] }] })
    await expect(read(bytes)).rejects.toThrow(PackageError)
  })

  it('refuses a zip bomb: an entry that inflates past what it declares', async () => {
    const zip = zipSync({ 'collection.anki2': new Uint8Array(5_000_000) })
    // Declared size in the central directory set to 1,000 bytes (offset 24 of the entry's record).
    const view = new DataView(zip.buffer)
    let central = zip.length - 22
    while (view.getUint32(central, true) !== 0x02014b50) central--
    view.setUint32(central + 24, 1000, true)
    await expect(read(zip)).rejects.toThrow(/zip bomb/)
  })

  it('refuses packages over the uncompressed and entry limits before inflating', async () => {
    const zip = zipSync({ 'collection.anki2': new Uint8Array(2_000_000), a: new Uint8Array(1), b: new Uint8Array(1) })
    await expect(read(zip, { ...LIMITS, maxUncompressedBytes: 1_000_000 })).rejects.toThrow(/would unpack to more than/)
    await expect(read(zip, { ...LIMITS, maxEntries: 2 })).rejects.toThrow('This package has 3 files; at most 2 are accepted.')
  })

  it('answers damaged packages with a PackageError', async () => {
    const cases = [
      new Uint8Array([1, 2, 3]),
      zipSync({ 'readme.txt': new TextEncoder().encode('hi') }),
      zipSync({ 'collection.anki2': new TextEncoder().encode('not sqlite at all') }),
      zipSync({ 'collection.anki21b': new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0, 0]) }),
      zipSync({ 'collection.anki21b': zstdRawFrame(new TextEncoder().encode('SQLite format 3\0 but broken'.padEnd(200, 'x'))) }),
      buildAnkiPackage({ generation: 'anki2', notes: [] }).slice(0, 300),
    ]
    for (const bytes of cases) await expect(read(bytes)).rejects.toBeInstanceOf(PackageError)
  })

  it('reads an empty deck as no sets', async () => {
    const result = await read(buildAnkiPackage({ generation: 'anki21b', notes: [] }))
    expect(result.sets).toEqual([])
  })
})

describe('field text', () => {
  it.each([
    ['a<br>b<br/>c', 'a\nb\nc'],
    ['first<div>second</div><div>third</div>', 'first\nsecond\nthird'],
    ['&lt;tag&gt; &quot;q&quot; &#x1F600;', '<tag> "q" 😀'],
    ['x[sound:a.mp3] <script>evil()</script><style>p{}</style>y', 'x y'],
    [' 漢字[かんじ]を 読[よ]む', '漢字(かんじ)を読(よ)む'],
    ['東京は[...]', '東京は[...]'],
    ['array[0]', 'array[0]'],
  ])('%j', async (html, text) => {
    const { fieldContent } = await import('./field-text')
    expect(fieldContent(html).text).toBe(text)
  })
})
