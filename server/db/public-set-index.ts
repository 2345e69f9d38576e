import { type Selectable, sql } from 'kysely'
import { type DB, dialectOf } from './database'
import type { StudySetsTable } from './schema'
import { containsIgnoringCase, publicSetSearch, searchWords } from './text-search'

export type SetWithOwnerRow = Selectable<StudySetsTable> & { owner_username: string | null }

export interface SetPage {
  items: SetWithOwnerRow[]
  total: number
}

export interface PageWindow {
  limit: number
  offset: number
}

/**
 * The full-text index of the public sets (migration 0005), one implementation per dialect. Both
 * match every word of the search in the title or description (case and accents folded, the last
 * word a prefix), every tag whole and exactly, and list newest first with the true total.
 */
export interface PublicSetIndex {
  /**
   * The page of public sets matching the search and tags, or undefined when the index has nothing
   * to match: then the caller lists the public sets with `wordlessSearch` as a plain filter.
   */
  list(db: DB, search: string, tags: string[], page: PageWindow): Promise<SetPage | undefined>
}

/** The search when it has no word for the index ('%', '_'): a plain "contains" filter; else ''. */
export function wordlessSearch(search: string): string {
  return searchWords(search).length > 0 ? '' : search
}

/** A "contains" filter on a set's title or description (alias `s`), or nothing. */
function plainFilter(plainSearch: string) {
  return plainSearch
    ? sql`and (${containsIgnoringCase(sql.ref<string>('s.title'), plainSearch)} or ${containsIgnoringCase(sql.ref<string>('s.description'), plainSearch)})`
    : sql``
}

/**
 * SQLite: FTS5. Its search ids follow `created`, so the page reads the index backwards and stops
 * after its last row; the count reads the index alone unless a search without words needs the
 * sets' text.
 */
export const sqlitePublicSetIndex: PublicSetIndex = {
  async list(db, search, tags, page) {
    const { match, plainSearch } = publicSetSearch(search, tags)
    if (!match) return undefined
    const matches = sql`study_set_search join study_set_search_ids i on i.search_id = study_set_search.rowid join study_sets s on s.id = i.set_id`
    const plain = plainFilter(plainSearch)
    const counted = await sql<{
      total: number
    }>`select count(*) as total from ${plainSearch ? matches : sql`study_set_search`} where study_set_search match ${match} ${plain}`.execute(db)
    const items = await sql<SetWithOwnerRow>`select s.*, u.username as owner_username from ${matches} left join users u on u.id = s.owner_id
      where study_set_search match ${match} ${plain} order by study_set_search.rowid desc limit ${page.limit} offset ${page.offset}`.execute(db)
    return { items: items.rows, total: Number(counted.rows[0]?.total ?? 0) }
  },
}

/**
 * One word of a search as a tsquery: folded by the index's own function (migration 0005), its
 * parts a phrase ("cell-bio" finds "cell biology"), and the last part a prefix when asked. The
 * folded text holds only letters, digits and spaces, so it never reads as tsquery syntax.
 */
function wordQuery(word: string, prefix: boolean) {
  return sql`to_tsquery('simple', regexp_replace(btrim(cardwise_search_text(${word})), ' +', ' <-> ', 'g') || ${prefix ? ':*' : ''})`
}

/**
 * PostgreSQL: the tsvector of each public set, found through its GIN index. Tags are exact
 * matches on set_tags; when the search has no words (tags only, or punctuation) the caller's plain
 * filter over set_tags and the is_public index is the same query, so only words come here.
 */
export const postgresPublicSetIndex: PublicSetIndex = {
  async list(db, search, tags, page) {
    const words = searchWords(search)
    if (words.length === 0) return undefined
    const query = sql.join(
      words.map((word, index) => wordQuery(word, index === words.length - 1)),
      sql` && `,
    )
    const tagged = tags.map((tag) => sql`and exists (select 1 from set_tags t where t.set_id = s.id and t.tag = ${tag})`)
    // The tsquery is computed once, as a row of its own (a materialized CTE), never per row: as a
    // named statement's generic plan, an inline to_tsquery($1) would be evaluated for every row.
    const withQuery = sql`with q as materialized (select ${query} as query)`
    const where = sql`x.document @@ q.query and s.is_public = 1 ${sql.join(tagged, sql` `)}`
    const from = sql`q cross join study_set_search x join study_sets s on s.id = x.set_id`
    // One pass over the matches: the page's ids, newest first, each carrying the number of matches
    // (a window, counted before the limit); then only the page's rows are read in full.
    const items = await sql<SetWithOwnerRow & { matching: number }>`${withQuery},
      page as (select s.id, s.created, count(*) over () as matching from ${from} where ${where}
        order by s.created desc, s.id desc limit ${page.limit} offset ${page.offset})
      select s.*, u.username as owner_username, page.matching from page join study_sets s on s.id = page.id left join users u on u.id = s.owner_id
      order by page.created desc, page.id desc`.execute(db)
    const first = items.rows[0]
    if (first || page.offset === 0) return { items: items.rows.map(({ matching: _, ...set }) => set), total: Number(first?.matching ?? 0) }
    // A page past the end has no row to carry the count.
    const counted = await sql<{ total: number }>`${withQuery} select count(*) as total from ${from} where ${where}`.execute(db)
    return { items: [], total: Number(counted.rows[0]?.total ?? 0) }
  },
}

/** The index of the database `db` runs on. */
export function publicSetIndex(db: DB): PublicSetIndex {
  return dialectOf(db) === 'postgres' ? postgresPublicSetIndex : sqlitePublicSetIndex
}
