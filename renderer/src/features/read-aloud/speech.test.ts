import { describe, expect, it } from 'vitest'
import { itemLanguages, LANGUAGE_CHOICES, languageOptions, listedTag, setSideLanguages, sideLanguage, voiceFor } from './speech'
import { languageSchema } from '#shared/api/sets'

const voice = (lang: string, extra: { default?: boolean; localService?: boolean; name?: string } = {}) => ({ lang, name: extra.name ?? lang, ...extra })

describe('voiceFor', () => {
  const voices = [voice('en-US'), voice('en-GB'), voice('pt-BR'), voice('ja-JP'), voice('zh_TW')]

  it('takes the voice of exactly that tag first', () => {
    expect(voiceFor(voices, 'en-GB')?.lang).toBe('en-GB')
    expect(voiceFor(voices, 'EN-gb')?.lang).toBe('en-GB')
  })

  it('matches a language by its prefix', () => {
    expect(voiceFor(voices, 'pt')?.lang).toBe('pt-BR')
    expect(voiceFor(voices, 'ja')?.lang).toBe('ja-JP')
    expect(voiceFor(voices, 'en')?.lang).toBe('en-US')
  })

  it('takes another region of the language when the asked one has no voice', () => {
    expect(voiceFor(voices, 'pt-PT')?.lang).toBe('pt-BR')
  })

  it("reads 'zh_TW' (an underscore, as some systems write it) as zh-TW", () => {
    expect(voiceFor(voices, 'zh-TW')?.lang).toBe('zh_TW')
    expect(voiceFor(voices, 'zh')?.lang).toBe('zh_TW')
  })

  it('is undefined without a voice for the language, without a language or without voices', () => {
    expect(voiceFor(voices, 'ko')).toBeUndefined()
    expect(voiceFor(voices, null)).toBeUndefined()
    expect(voiceFor(voices, '')).toBeUndefined()
    expect(voiceFor([], 'en')).toBeUndefined()
  })

  it("does not take a prefix of the language's name for the language ('e' is not 'en')", () => {
    expect(voiceFor([voice('en-US')], 'e')).toBeUndefined()
    expect(voiceFor([voice('es-ES')], 'en')).toBeUndefined()
  })

  it("prefers the browser's default voice, then a voice on the device", () => {
    const many = [voice('en-US', { name: 'remote' }), voice('en-US', { name: 'local', localService: true }), voice('en-GB', { name: 'default', default: true })]
    expect(voiceFor(many, 'en-US')?.name).toBe('local')
    expect(voiceFor(many, 'en')?.name).toBe('default')
  })
})

describe('sideLanguage', () => {
  it("is the owner's choice when there is one, whatever the script", () => {
    expect(sideLanguage('fr', ['猫', 'ねこ'], 'en-US')).toBe('fr')
  })

  it('guesses from the script when the language is automatic (null)', () => {
    expect(sideLanguage(null, ['猫', 'ねこ', '犬'], 'en-US')).toBe('ja')
    expect(sideLanguage(undefined, ['собака', 'кошка'], 'en-US')).toBe('ru')
  })

  it("falls back to the browser's language for Latin script or no text", () => {
    expect(sideLanguage(null, ['chien', 'chat'], 'en-US')).toBe('en-US')
    expect(sideLanguage(null, [], 'de')).toBe('de')
    expect(sideLanguage(null, ['dog'], null)).toBeNull()
  })
})

describe('the language choices', () => {
  it('are tags the server takes, each once, in the order of their names', () => {
    for (const { tag } of LANGUAGE_CHOICES) expect(languageSchema.safeParse(tag).success).toBe(true)
    const tags = LANGUAGE_CHOICES.map((choice) => choice.tag.toLowerCase())
    expect(new Set(tags).size).toBe(tags.length)
    const names = LANGUAGE_CHOICES.map((choice) => choice.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
  })

  it("add a set's tag that is not on the list, so the select shows it", () => {
    expect(languageOptions(null)).toBe(LANGUAGE_CHOICES)
    expect(languageOptions('ja')).toBe(LANGUAGE_CHOICES)
    expect(languageOptions('JA')).toBe(LANGUAGE_CHOICES)
    expect(languageOptions('gd').at(-1)).toEqual({ tag: 'gd', name: 'gd' })
  })

  it('name a listed tag in its listed spelling', () => {
    expect(listedTag('PT-br')).toBe('pt-BR')
    expect(listedTag('gd')).toBe('gd')
  })
})

describe('setSideLanguages', () => {
  const cards = [
    { term: '猫', definition: 'cat' },
    { term: 'ねこ', definition: 'cat (kana)' },
  ]

  it('guesses each automatic side from its own texts', () => {
    expect(setSideLanguages({ termLanguage: null, definitionLanguage: null }, cards, 'en-US')).toEqual({ term: 'ja', definition: 'en-US' })
  })

  it("keeps the owner's choice of each side", () => {
    expect(setSideLanguages({ termLanguage: 'zh-TW', definitionLanguage: 'en-GB' }, cards, 'en-US')).toEqual({ term: 'zh-TW', definition: 'en-GB' })
    expect(setSideLanguages({ termLanguage: null, definitionLanguage: 'fr' }, cards, 'en-US')).toEqual({ term: 'ja', definition: 'fr' })
  })

  it('guesses both sides when the set is not known (or has no languages yet)', () => {
    expect(setSideLanguages(undefined, cards, 'de')).toEqual({ term: 'ja', definition: 'de' })
    expect(setSideLanguages({}, [{ term: 'dog', definition: 'собака' }], 'en')).toEqual({ term: 'en', definition: 'ru' })
  })

  it('reads the texts through textOf (a definition with a picture marker)', () => {
    const marked = [{ term: 'a', definition: 'x\u0000picture:1' }]
    expect(setSideLanguages(null, marked, 'en', (text) => (text.startsWith('x') ? 'собака' : text)).definition).toBe('ru')
  })
})

describe('asked items (issue 26)', () => {
  const spanish = { id: 'c1', term: 'el perro', definition: 'the dog' }
  const japanese = { id: 'c2', term: '犬', definition: 'dog' }

  it("reads a reverse item's question in the definitions' language and its answer in the terms'", () => {
    const languages = { term: 'es', definition: 'en-GB' }
    expect(itemLanguages(languages, 'c1:r')).toEqual({ term: 'en-GB', definition: 'es' })
    expect(itemLanguages(languages, 'c1')).toEqual(languages)
  })

  it("reads both sides of a cloze item in the terms' language (the answer is a piece of the term)", () => {
    expect(itemLanguages({ term: 'ja', definition: 'en' }, 'c2:c1')).toEqual({ term: 'ja', definition: 'ja' })
  })

  it('guesses each side from the card side its texts come from, whichever way the items ask', () => {
    const items = [japanese, { id: 'c2:r', term: japanese.definition, definition: japanese.term }, { id: 'c3:c1', term: '[...]は動物', definition: '犬' }]
    expect(setSideLanguages(null, items, 'en-US')).toEqual({ term: 'ja', definition: 'en-US' })
    expect(setSideLanguages({ termLanguage: 'es', definitionLanguage: null }, [spanish, { ...spanish, id: 'c1:r' }], 'en-US')).toEqual({
      term: 'es',
      definition: 'en-US',
    })
  })
})
