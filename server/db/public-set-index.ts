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

/** A tag as migration 0019 puts it in a set's document: '#' and the hex of its UTF-8 bytes, quoted (one lexeme, never a word). */
const tagQuery = (tag: string) => sql`${`'#${Buffer.from(tag, 'utf8').toString('hex')}'`}::tsquery`

/**
 * PostgreSQL: the tsvector of each public set (its words and, since migration 0019, its tags),
 * found through its GIN index; when the search has no words (tags only, or punctuation) the
 * caller's plain filter over set_tags and the is_public index is the same query, so only words
 * come here. The exact total is a count from the GIN index alone (words and tags intersected
 * there). The page takes whichever way reads fewer rows (issue 28), chosen in the statement from
 * that count: with many matches, the index on (created, set_id) walked newest first, each row
 * tested until the page is full (about (offset + limit) x public sets / matches rows); with few,
 * the matches themselves, sorted (as many rows as matches). So a page never reads more than about
 * the square root of (offset + limit) x the public sets, however many sets match; both ways give
 * the same rows in the same order (created, then id, newest first).
 */
export const postgresPublicSetIndex: PublicSetIndex = {
  async list(db, search, tags, page) {
    const words = searchWords(search)
    if (words.length === 0) return undefined
    const query = sql.join([...words.map((word, index) => wordQuery(word, index === words.length - 1)), ...tags.map(tagQuery)], sql` && `)
    const { limit, offset } = page
    // The tsquery is computed once, as a row of its own (a materialized CTE), never per row: as a
    // named statement's generic plan, an inline to_tsquery($1) would be evaluated for every row.
    // The walk tests each row with ts_match_vq (the function behind @@), which no index serves,
    // so the planner walks the created index there and uses the GIN index in the other branch.
    // `pg_class.reltuples` is the planner's own estimate of the public sets (-1 before the first
    // ANALYZE: then the count stands in); it only picks the way, never the answer.
    const rows = await sql<SetWithOwnerRow & { matching: number }>`with q as materialized (select ${query} as query),
      total as materialized (select count(*) as n from q cross join study_set_search x where x.document @@ q.query),
      way as materialized (select n * n > ${limit + offset}::bigint
        * greatest((select reltuples from pg_class where oid = 'study_set_search'::regclass), n) as walk from total),
      page as (
        (select x.set_id, x.created from q cross join study_set_search x
          where ts_match_vq(x.document, q.query) and (select walk from way)
          order by x.created desc, x.set_id desc limit ${limit} offset ${offset})
        union all
        (select x.set_id, x.created from q cross join study_set_search x
          where x.document @@ q.query and not (select walk from way)
          order by x.created desc, x.set_id desc limit ${limit} offset ${offset}))
      select s.*, u.username as owner_username, total.n as matching
      from total left join (page join study_sets s on s.id = page.set_id left join users u on u.id = s.owner_id) on true
      order by page.created desc, page.set_id desc`.execute(db)
    // One row at least: the total's, with no set when the page is empty (past the end, or no match).
    const items = rows.rows.filter((row) => row.id !== null).map(({ matching: _, ...set }) => set)
    return { items, total: Number(rows.rows[0]?.matching ?? 0) }
  },
}

/** The index of the database `db` runs on. */
export function publicSetIndex(db: DB): PublicSetIndex {
  return dialectOf(db) === 'postgres' ? postgresPublicSetIndex : sqlitePublicSetIndex
}
