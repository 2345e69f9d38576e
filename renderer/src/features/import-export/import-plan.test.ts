import { describe, expect, it } from 'vitest'
import type { ImportPreview } from '#shared/api/imports'
import { importCards, initialChoices, planImport } from './import-plan'

const cards = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    term: `t${i + 1}`,
    definition: `d${i + 1}`,
    termImage: null,
    definitionImage: null,
    termAudio: null,
    definitionAudio: null,
    kind: 'basic' as const,
    reverse: false,
    guid: null,
  }))
const preview: ImportPreview = {
  format: 'apkg',
  sets: [
    { title: 'Big', tags: '', total: 1200, cards: cards(1200) },
    { title: 'Small', tags: 'X', total: 2, cards: cards(2) },
  ],
  problems: [],
}

describe('planImport', () => {
  it('splits a set over 500 into titled parts and keeps the others as they are', () => {
    const planned = planImport(preview, initialChoices(preview))
    expect(planned.map((set) => [set.source, set.title, set.cards.length])).toEqual([
      [0, 'Big (1 of 3)', 500],
      [0, 'Big (2 of 3)', 500],
      [0, 'Big (3 of 3)', 200],
      [1, 'Small', 2],
    ])
    expect(planned[3]?.cards[1]).toEqual({ term: 't2', definition: 'd2' })
  })

  it('takes the first 500, edited titles, the description, and leaves out unchecked sets', () => {
    const choices = {
      ...initialChoices(preview),
      titles: [' Huge ', 'Small'],
      included: [true, false],
      split: ['first' as const, 'split' as const],
      description: 'notes',
    }
    expect(planImport(preview, choices).map((set) => [set.title, set.cards.length, set.description])).toEqual([['Huge', 500, 'notes']])
  })

  it("keeps the previewed cards' pictures (their media ids) in every part", () => {
    const pictured = {
      sets: [
        {
          title: 'Bones',
          tags: '',
          total: 2,
          cards: [
            { term: 'femur', definition: '', termImage: null, definitionImage: 'm1' },
            { term: 'tibia', definition: 'shin', termImage: 'm2', definitionImage: null },
          ],
        },
      ],
    }
    expect(planImport(pictured as typeof preview, initialChoices(pictured as typeof preview))[0]?.cards).toEqual([
      { term: 'femur', definition: '', definitionImage: 'm1' },
      { term: 'tibia', definition: 'shin', termImage: 'm2' },
    ])
  })

  it('keeps an empty title empty in every part, so that the title check refuses it', () => {
    const choices = { ...initialChoices(preview), titles: ['  ', 'Small'] }
    expect(planImport(preview, choices).map((set) => set.title)).toEqual(['', '', '', 'Small'])
  })
})

describe('importCards', () => {
  it('keeps a picture only where a side has one', () => {
    expect(
      importCards([
        { term: 'femur', definition: '', termImage: null, definitionImage: 'm1' },
        { term: 'tibia', definition: 'shin', termImage: null, definitionImage: null },
      ]),
    ).toEqual([
      { term: 'femur', definition: '', definitionImage: 'm1' },
      { term: 'tibia', definition: 'shin' },
    ])
  })

  it('keeps a cloze card and a reverse card as they were previewed (kind and reverse only where not the default)', () => {
    expect(
      importCards([
        { term: '{{c1::Paris}} is in France', definition: '', termImage: null, definitionImage: null, kind: 'cloze', reverse: false },
        { term: 'hund', definition: 'dog', termImage: null, definitionImage: null, kind: 'basic', reverse: true },
        { term: 'katze', definition: 'cat', termImage: null, definitionImage: null, kind: 'basic', reverse: false },
      ]),
    ).toEqual([
      { term: '{{c1::Paris}} is in France', definition: '', kind: 'cloze' },
      { term: 'hund', definition: 'dog', reverse: true },
      { term: 'katze', definition: 'cat' },
    ])
  })

  it('keeps a previewed guid (an Anki note’s or an export’s, issue 27), and sends none where the file had none', () => {
    expect(
      importCards([
        { term: 'hund', definition: 'dog', guid: 'cYo+,.?%Nh' },
        { term: 'katze', definition: 'cat', guid: null },
      ]),
    ).toEqual([
      { term: 'hund', definition: 'dog', guid: 'cYo+,.?%Nh' },
      { term: 'katze', definition: 'cat' },
    ])
  })
})
