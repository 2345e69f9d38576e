/**
 * How a search matches a set's title and description, the same in Public Sets (the full-text
 * index: FTS5's unicode61 tokenizer on SQLite, cardwise_search_text on PostgreSQL, migration 0005)
 * and My Sets (this function over the student's own sets): case and accents folded, every run of
 * characters other than letters and digits a word break; every word of the search must match
 * whole words of the text, in order for a word with parts ("cell-bio" is "cell" then "bio"), the
 * search's last part a prefix so a word being typed already matches.
 */

/** A text's words, folded: lower case, accents off. */
export function searchTextWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
}

/** The search's words as the index reads them (a part with no letter or digit is left out). */
function searchParts(search: string): string[][] {
  return search
    .split(/[\s\0]+/)
    .map(searchTextWords)
    .filter((parts) => parts.length > 0)
}

/** Whether `parts` appear as consecutive words of `words`, the last one as a prefix when `prefix`. */
function hasPhrase(words: string[], parts: string[], prefix: boolean): boolean {
  for (let start = 0; start + parts.length <= words.length; start++) {
    const matches = parts.every((part, at) => {
      const word = words[start + at] ?? ''
      return prefix && at === parts.length - 1 ? word.startsWith(part) : word === part
    })
    if (matches) return true
  }
  return false
}

/** True when the search has words and each of them is found in `texts` (title, description), or the search has none. */
export function matchesSearch(search: string, texts: readonly string[]): boolean {
  const phrases = searchParts(search)
  if (phrases.length === 0) return true
  const fields = texts.map(searchTextWords)
  return phrases.every((parts, index) => fields.some((words) => hasPhrase(words, parts, index === phrases.length - 1)))
}

/** Whether the search has any word to match (else the lists use a plain "contains" filter). */
export function hasSearchWords(search: string): boolean {
  return searchParts(search).length > 0
}
