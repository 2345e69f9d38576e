import { describe, expect, it } from 'vitest'
import { askCard, hasAnswerWithChoice, promptItemId, selectPrompts, splitPromptItemId, studyItems } from './prompts'

const basic = { id: 'b1', kind: 'basic' as const, reverse: false, term: 'hund', definition: 'dog', termImage: null, definitionImage: { id: 'm1' } }
const both = { ...basic, id: 'b2', reverse: true }
const cloze = {
  id: 'c',
  kind: 'cloze' as const,
  reverse: false,
  term: '{{c1::Paris}} is in {{c2::France::country}}',
  definition: 'Since 508',
  termImage: null,
  definitionImage: null,
}

describe('selectPrompts ("Answer with")', () => {
  it('asks definition, term or both of a reversed card', () => {
    expect(selectPrompts(both, 'definition')).toEqual(['f'])
    expect(selectPrompts(both, 'term')).toEqual(['r'])
    expect(selectPrompts(both, 'both')).toEqual(['f', 'r'])
  })

  it('asks a one-way card by f whatever the choice', () => {
    for (const choice of ['definition', 'term', 'both'] as const) expect(selectPrompts(basic, choice)).toEqual(['f'])
  })

  it('asks every deletion of a cloze card whatever the choice', () => {
    for (const choice of ['definition', 'term', 'both'] as const) expect(selectPrompts(cloze, choice)).toEqual(['c1', 'c2'])
  })

  it('offers the choice only where a card is asked in reverse', () => {
    expect(hasAnswerWithChoice([basic, cloze])).toBe(false)
    expect(hasAnswerWithChoice([basic, both])).toBe(true)
  })
})

describe('askCard', () => {
  it('keeps f as the card itself, under its own id', () => {
    expect(askCard(basic, 'f')).toEqual({ ...basic, asked: { cardId: 'b1', prompt: 'f', extra: '', filled: null } })
  })

  it('swaps the sides and their pictures for r', () => {
    const item = askCard(both, 'r')
    expect(item).toMatchObject({ id: 'b2:r', term: 'dog', definition: 'hund', termImage: { id: 'm1' }, definitionImage: null })
    expect(item.asked).toMatchObject({ cardId: 'b2', prompt: 'r' })
  })

  it('blanks a cloze deletion and answers with it, the definition as extra', () => {
    const item = askCard(cloze, 'c2')
    expect(item).toMatchObject({ id: 'c:c2', term: 'Paris is in [country]', definition: 'France' })
    expect(item.asked.extra).toBe('Since 508')
    expect(item.asked.filled?.filter((part) => part.asked)).toEqual([{ text: 'France', asked: true }])
  })

  it('builds the session items card by card', () => {
    expect(studyItems([basic, both, cloze], 'both').map((item) => item.id)).toEqual(['b1', 'b2', 'b2:r', 'c:c1', 'c:c2'])
    expect(studyItems([both], 'term').map((item) => item.term)).toEqual(['dog'])
  })
})

describe('item ids', () => {
  it('round-trips card id and prompt', () => {
    expect(splitPromptItemId(promptItemId('abc', 'c3'))).toEqual({ cardId: 'abc', prompt: 'c3' })
    expect(splitPromptItemId(promptItemId('abc', 'f'))).toEqual({ cardId: 'abc', prompt: 'f' })
    expect(promptItemId('abc', 'f')).toBe('abc')
  })
})
