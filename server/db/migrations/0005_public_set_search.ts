import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports no app code. The SQLite index below is unchanged since it
// first ran; the PostgreSQL one was added with the PostgreSQL dialect (no PostgreSQL database
// existed before), at the end of the file.

/**
 * A full-text index of the public sets for the public list's search and tag filters, so they no
 * longer scan every public set. It indexes words: FTS5's unicode61 tokenizer folds case and
 * accents, and the prefix indexes make a word's first two or three letters a cheap prefix query.
 * Tags are indexed as one word each, the hex of their UTF-8 bytes: the tokenizer would split a tag
 * such as "A-LEVEL" and fold "É" into "e", and a hex word matches exactly one whole tag.
 *
 * The index is contentless (it keeps no copy of the text) and addressed by its own integer rowid,
 * because study_sets has a text primary key whose implicit rowid may change on VACUUM.
 * study_set_search_ids maps those search ids to the set ids. A search id is the set's `created`
 * in milliseconds times 65536 plus a counter for sets created in the same millisecond, so the
 * index lists its matches newest first by itself (ORDER BY rowid DESC) and a page stops after
 * its last row instead of sorting every match. Triggers keep both tables in step with study_sets
 * in the same statement, whatever changes a set.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return upPostgres(db)
  await sql`create table study_set_search_ids (search_id integer primary key, set_id text not null unique)`.execute(db)
  await sql`create virtual table study_set_search using fts5(
    title, description, tags,
    content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
  )`.execute(db)

  /** The tags column ('A,B') as words: each tag's hex, JSON-split on the commas. */
  const tagWords = (column: string) =>
    sql`(select group_concat(hex(value), ' ') from json_each('[' || replace(json_quote(${sql.ref(column)}), ',', '","') || ']') where value <> '')`
  /** The first search id of the millisecond a set was created in. */
  const firstSearchIdOf = (column: string) => sql`cast(round(unixepoch(${sql.ref(column)}, 'subsec') * 1000) as integer) * 65536`

  const indexNew = sql`
    insert into study_set_search_ids (search_id, set_id)
      select coalesce((select max(search_id) + 1 from study_set_search_ids where search_id >= first and search_id < first + 65536), first), new.id
      from (select ${firstSearchIdOf('new.created')} as first)
      where new.is_public = 1;
    insert into study_set_search (rowid, title, description, tags)
      select search_id, new.title, new.description, ${tagWords('new.tags')}
      from study_set_search_ids where set_id = new.id;`
  const dropOld = sql`
    delete from study_set_search where rowid = (select search_id from study_set_search_ids where set_id = old.id);
    delete from study_set_search_ids where set_id = old.id;`
  await sql`create trigger study_sets_search_insert after insert on study_sets begin ${indexNew} end`.execute(db)
  await sql`create trigger study_sets_search_update after update of title, description, tags, is_public, created on study_sets begin ${dropOld} ${indexNew} end`.execute(
    db,
  )
  await sql`create trigger study_sets_search_delete after delete on study_sets begin ${dropOld} end`.execute(db)

  // Sets of the same millisecond are numbered in id order, as the list orders them.
  await sql`insert into study_set_search_ids (search_id, set_id)
    select ${firstSearchIdOf('created')} + row_number() over (partition by created order by id) - 1, id
    from study_sets where is_public = 1`.execute(db)
  await sql`insert into study_set_search (rowid, title, description, tags)
    select ids.search_id, s.title, s.description, ${tagWords('s.tags')}
    from study_set_search_ids ids join study_sets s on s.id = ids.set_id`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return downPostgres(db)
  await sql`drop trigger study_sets_search_delete`.execute(db)
  await sql`drop trigger study_sets_search_update`.execute(db)
  await sql`drop trigger study_sets_search_insert`.execute(db)
  await sql`drop table study_set_search`.execute(db)
  await sql`drop table study_set_search_ids`.execute(db)
}

/**
 * The same index on PostgreSQL: a tsvector per public set in study_set_search, with a GIN index.
 * cardwise_search_text folds a text as FTS5's unicode61 tokenizer does: accents off (unaccent),
 * lower case, and every run of characters other than letters and digits a word break. Queries fold
 * their words with the same function, so both sides agree. Tags are matched on set_tags, which
 * already holds them whole and exact. A trigger keeps the table in step with study_sets; a set's
 * delete takes its row with it (on delete cascade). Newest first comes from study_sets.created.
 */
async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db)
  // unaccent() is only "stable" (its dictionary could change); naming the dictionary makes this
  // wrapper safe to declare immutable, which lets the planner fold it for a query's words.
  await sql`create function cardwise_search_text(text) returns text language sql immutable strict parallel safe as
    $$ select regexp_replace(lower(unaccent('unaccent'::regdictionary, $1)), '[^[:alnum:]]+', ' ', 'g') $$`.execute(db)
  await sql`create table study_set_search (
    set_id text primary key references study_sets(id) on delete cascade,
    document tsvector not null
  )`.execute(db)
  await sql`create index study_set_search_document on study_set_search using gin (document)`.execute(db)
  await sql`create function study_sets_search_sync() returns trigger language plpgsql as $$
    begin
      if new.is_public = 1 then
        insert into study_set_search (set_id, document)
          values (new.id, to_tsvector('simple', cardwise_search_text(new.title)) || to_tsvector('simple', cardwise_search_text(new.description)))
          on conflict (set_id) do update set document = excluded.document;
      else
        delete from study_set_search where set_id = new.id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger study_sets_search after insert or update of title, description, is_public on study_sets
    for each row execute function study_sets_search_sync()`.execute(db)
  await sql`insert into study_set_search (set_id, document)
    select id, to_tsvector('simple', cardwise_search_text(title)) || to_tsvector('simple', cardwise_search_text(description))
    from study_sets where is_public = 1`.execute(db)
}

async function downPostgres(db: Kysely<any>): Promise<void> {
  await sql`drop trigger study_sets_search on study_sets`.execute(db)
  await sql`drop function study_sets_search_sync()`.execute(db)
  await sql`drop table study_set_search`.execute(db)
  await sql`drop function cardwise_search_text(text)`.execute(db)
}
