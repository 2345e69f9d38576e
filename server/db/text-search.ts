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

/** The public-set index (migration 0005) finds substrings of at least this many characters. */
const TRIGRAM = 3

/** A literal FTS5 phrase: inside double quotes, a double quote is doubled. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`

/**
 * An FTS5 query on the public-set index for a search and tags, or undefined when the index cannot
 * help. It covers the search when it has three characters or more, and each tag without a comma
 * (a comma would match across two tags). `covers` tells the caller which filters it still applies.
 */
export function publicSetSearchQuery(search: string, tags: string[]) {
  const coversSearch = [...search].length >= TRIGRAM
  const coveredTags = tags.filter((tag) => !tag.includes(','))
  const terms = [
    ...(coversSearch ? [`{title description} : ${phrase(search.toLowerCase())}`] : []),
    ...coveredTags.map((tag) => `tags : ${phrase(`,${tag},`)}`),
  ]
  if (terms.length === 0) return undefined
  return { match: terms.join(' AND '), coversSearch, coversTag: (tag: string) => coveredTags.includes(tag) }
}

/** The public set `id` is among the index's matches for `match`. */
export function isPublicSetMatching(id: Expression<string>, match: string): Expression<SqlBool> {
  return sql<SqlBool>`${id} in (select set_id from study_set_search_ids where search_id in (select rowid from study_set_search where study_set_search match ${match}))`
}
