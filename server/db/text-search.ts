import { type Expression, type SqlBool, sql } from 'kysely'

/** `text` as a LIKE pattern that matches it literally anywhere ('%' and '_' escaped). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * Case-insensitive "contains" on a column: lower() on both sides, so it behaves the same on
 * SQLite (whose LIKE ignores ASCII case only) and PostgreSQL (whose LIKE is case-sensitive).
 */
export function containsIgnoringCase(column: Expression<string>, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${containsPattern(text)} escape '\\'`
}

/** A literal FTS5 phrase: inside double quotes, a double quote is doubled. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`

/** A tag as the public-set index stores it (migration 0005): one word, the hex of its UTF-8 bytes. */
const tagWord = (tag: string) => Buffer.from(tag, 'utf8').toString('hex')

/**
 * The space-separated parts of a search that hold a letter or digit: the index's words. A NUL
 * separates words too: FTS5 reads its query as a C string, and a NUL would end it mid-phrase.
 */
export const searchWords = (search: string) => search.split(/[\s\0]+/).filter((part) => /[\p{L}\p{N}]/u.test(part))

export interface PublicSetSearch {
  /** An FTS5 query on the public-set index, or undefined when it has nothing to match. */
  match: string | undefined
  /** The search when it has no word for the index ('%', '_'): left to containsIgnoringCase. */
  plainSearch: string
}

/**
 * The public-set index's query for a search and tags: every word of the search in the title or
 * description (case and accents folded), the last one as a prefix so a word being typed already
 * matches, and every tag whole. A word is a phrase, so "cell-bio" finds "cell biology".
 */
export function publicSetSearch(search: string, tags: string[]): PublicSetSearch {
  const words = searchWords(search).map((word, index, all) => (index === all.length - 1 ? `${phrase(word)}*` : phrase(word)))
  const terms = [...(words.length > 0 ? [`{title description} : (${words.join(' AND ')})`] : []), ...tags.map((tag) => `tags : ${phrase(tagWord(tag))}`)]
  return { match: terms.length > 0 ? terms.join(' AND ') : undefined, plainSearch: words.length > 0 ? '' : search }
}

/** A column lower-cased in SQL (full Unicode on both dialects), e.g. to use the index on lower(username). */
export function lowerCased(column: string): Expression<string> {
  return sql<string>`lower(${sql.ref(column)})`
}

/**
 * Whether a search matches a set's title and description as the public-set index matches it
 * (FTS5's unicode61 tokenizer on SQLite, cardwise_search_text on PostgreSQL, migration 0005), for
 * lists the index does not hold (a student's own sets): case and accents folded, every run of
 * characters other than letters and digits a word break; every word of the search must match
 * whole words of the text, in order for a word with parts ("cell-bio" is "cell" then "bio"), the
 * search's last part a prefix so a word being typed already matches. A search without words matches.
 */
export function matchesSearch(search: string, texts: readonly string[]): boolean {
  const phrases = searchWords(search).map(searchTextWords)
  if (phrases.length === 0) return true
  const fields = texts.map(searchTextWords)
  return phrases.every((parts, index) => fields.some((words) => hasPhrase(words, parts, index === phrases.length - 1)))
}

/** A text's words, folded as the index folds them: lower case, accents off. */
export function searchTextWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
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
