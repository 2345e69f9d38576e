import { describe, expect, it } from 'vitest'
import { matchesSearch, searchTextWords, searchWords } from './text-search'

describe('matchesSearch (Public Sets and My Sets match the same way)', () => {
  const biochemistry = ['Biochemistry', 'Enzymes and metabolism']

  it('matches word starts, not the inside of a word: "chem" does not find "Biochemistry"', () => {
    expect(matchesSearch('chem', biochemistry)).toBe(false)
    expect(matchesSearch('bioch', biochemistry)).toBe(true)
    expect(matchesSearch('chem', ['Organic Chemistry', ''])).toBe(true)
  })

  it('folds case and accents, and needs every word somewhere in the title or description', () => {
    expect(matchesSearch('ETUDE', ['Études de français', ''])).toBe(true)
    expect(matchesSearch('enzymes bio', biochemistry)).toBe(true)
    expect(matchesSearch('enzymes physics', biochemistry)).toBe(false)
  })

  it('only the last word is a prefix; earlier words are whole', () => {
    expect(matchesSearch('enz metab', biochemistry)).toBe(false)
    expect(matchesSearch('enzymes metab', biochemistry)).toBe(true)
  })

  it('reads a word with parts as a phrase: "cell-bio" finds "Cell biology", not "biology of the cell"', () => {
    expect(matchesSearch('cell-bio', ['Cell biology', ''])).toBe(true)
    expect(matchesSearch('cell-bio', ['Biology of the cell', ''])).toBe(false)
  })

  it('a search with no letter or digit has no words (the lists then filter by "contains")', () => {
    expect(searchWords('%')).toEqual([])
    expect(searchWords(' -- ')).toEqual([])
    expect(matchesSearch('%', biochemistry)).toBe(true)
    expect(searchTextWords("Niño's café, 2nd ed.")).toEqual(['nino', 's', 'cafe', '2nd', 'ed'])
  })
})
