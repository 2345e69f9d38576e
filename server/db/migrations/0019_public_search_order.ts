import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * PostgreSQL's public-set index (migration 0005) holds what a search page needs without reading
 * the sets (issue 28): each row gets its set's `created`, with an index on (created, set_id) that
 * walks the public sets newest first, and its document gets the set's tags, one lexeme each ('#'
 * and the hex of the tag's UTF-8 bytes, as SQLite's index holds them: no word of a search folds to
 * a '#'), so the GIN index intersects words and tags itself. The trigger now also follows tags and
 * created. SQLite's index (FTS5) already does both: nothing changes there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`create function cardwise_search_tags(text) returns tsvector language sql immutable strict parallel safe as
    $$ select array_to_tsvector(array(select distinct '#' || encode(convert_to(tag, 'UTF8'), 'hex')
      from unnest(string_to_array($1, ',')) as tag where tag <> '')) $$`.execute(db)
  await sql`alter table study_set_search add column created text`.execute(db)
  await sql`update study_set_search x set created = s.created, document = x.document || cardwise_search_tags(s.tags)
    from study_sets s where s.id = x.set_id`.execute(db)
  await sql`alter table study_set_search alter column created set not null`.execute(db)
  // The update rewrote every document: GIN keeps such changes in a pending list that each search
  // would scan until a vacuum merges it; merge it now (VACUUM cannot run in the migration's transaction).
  await sql`select gin_clean_pending_list('study_set_search_document'::regclass)`.execute(db)
  await sql`create index study_set_search_created on study_set_search (created, set_id)`.execute(db)
  await sql`create or replace function study_sets_search_sync() returns trigger language plpgsql as $$
    begin
      if new.is_public = 1 then
        insert into study_set_search (set_id, created, document)
          values (new.id, new.created, to_tsvector('simple', cardwise_search_text(new.title))
            || to_tsvector('simple', cardwise_search_text(new.description)) || cardwise_search_tags(new.tags))
          on conflict (set_id) do update set created = excluded.created, document = excluded.document;
      else
        delete from study_set_search where set_id = new.id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`drop trigger study_sets_search on study_sets`.execute(db)
  await sql`create trigger study_sets_search after insert or update of title, description, tags, is_public, created on study_sets
    for each row execute function study_sets_search_sync()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`drop trigger study_sets_search on study_sets`.execute(db)
  await sql`create trigger study_sets_search after insert or update of title, description, is_public on study_sets
    for each row execute function study_sets_search_sync()`.execute(db)
  await sql`create or replace function study_sets_search_sync() returns trigger language plpgsql as $$
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
  await sql`update study_set_search x set document = to_tsvector('simple', cardwise_search_text(s.title)) || to_tsvector('simple', cardwise_search_text(s.description))
    from study_sets s where s.id = x.set_id`.execute(db)
  await sql`drop index study_set_search_created`.execute(db)
  await sql`alter table study_set_search drop column created`.execute(db)
  await sql`drop function cardwise_search_tags(text)`.execute(db)
}
