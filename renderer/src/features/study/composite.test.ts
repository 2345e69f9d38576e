import { describe, expect, it } from 'vitest'
import { folderStudyId, loadComposite, ownSetOf, parseComposite, togetherStudyId } from './composite'

const card = (id: string, setId: string) => ({
  id,
  setId,
  term: id,
  definition: `${id}!`,
  position: 1,
  created: '',
  termImage: null,
  definitionImage: null,
  termAudio: null,
  definitionAudio: null,
  kind: 'basic' as const,
  reverse: false,
  prompts: ['f'],
  guid: `g-${id}`,
})

describe('several sets studied as one', () => {
  it('names a folder or a selection of sets', () => {
    expect(parseComposite(folderStudyId('f1'))).toEqual({ kind: 'folder', folderId: 'f1' })
    expect(parseComposite(togetherStudyId(['a', 'b']))).toEqual({ kind: 'together', setIds: ['a', 'b'] })
    expect(parseComposite('together:')).toBeNull()
    expect(parseComposite('plainset')).toBeNull()
  })

  it('reads every page and records each answer on the card own set', async () => {
    const pages = [
      { items: [card('c1', 's1'), card('c2', 's1')], page: 1, perPage: 2, totalItems: 3, totalPages: 2 },
      { items: [card('c3', 's2')], page: 2, perPage: 2, totalItems: 3, totalPages: 2 },
    ]
    const loaded = await loadComposite('folder:f1', 'Biology', async (page) => pages[page - 1] as (typeof pages)[number], Number.POSITIVE_INFINITY)
    expect(loaded.set).toMatchObject({ id: 'folder:f1', title: 'Biology', cardCount: 3 })
    expect(loaded.cards.map((item) => item.id)).toEqual(['c1', 'c2', 'c3'])
    expect(loaded.cards[0]).not.toHaveProperty('setId')
    expect(ownSetOf('folder:f1', 'c3')).toBe('s2')
    expect(ownSetOf('folder:f1', 'c1')).toBe('s1')
    expect(ownSetOf('plainset', 'c1')).toBe('plainset')
  })
})
