import { type Kysely, sql } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * A full-text index of the public sets for the public list's search and tag filters, so they no
 * longer scan every public set. FTS5's trigram tokenizer answers "contains" for any substring of
 * three characters or more, as the LIKE it replaces did. The text is stored lower-cased by the
 * connection's lower() (Unicode, see database.ts) and matched case-sensitively, so it finds exactly
 * what `lower(column) like '%text%'` found. Tags are indexed as ",TAG1,TAG2," so ",TAG," matches
 * one whole tag.
 *
 * The index is contentless (it keeps no copy of the text) and addressed by its own integer rowid:
 * study_sets has a text primary key, and the implicit rowid of such a table may change on VACUUM.
 * study_set_search_ids maps the set ids to those rowids. Triggers keep both in step with
 * study_sets in the same statement, whatever changes a set.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table study_set_search_ids (search_id integer primary key, set_id text not null unique)`.execute(db)
  await sql`create virtual table study_set_search using fts5(
    title, description, tags,
    content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
  )`.execute(db)

  const indexNew = sql`
    insert into study_set_search_ids (set_id) select new.id where new.is_public = 1;
    insert into study_set_search (rowid, title, description, tags)
      select search_id, lower(new.title), lower(new.description), ',' || new.tags || ','
      from study_set_search_ids where set_id = new.id;`
  const dropOld = sql`
    delete from study_set_search where rowid = (select search_id from study_set_search_ids where set_id = old.id);
    delete from study_set_search_ids where set_id = old.id;`
  await sql`create trigger study_sets_search_insert after insert on study_sets begin ${indexNew} end`.execute(db)
  await sql`create trigger study_sets_search_update after update of title, description, tags, is_public on study_sets begin ${dropOld} ${indexNew} end`.execute(db)
  await sql`create trigger study_sets_search_delete after delete on study_sets begin ${dropOld} end`.execute(db)

  await sql`insert into study_set_search_ids (set_id) select id from study_sets where is_public = 1`.execute(db)
  await sql`insert into study_set_search (rowid, title, description, tags)
    select ids.search_id, lower(s.title), lower(s.description), ',' || s.tags || ','
    from study_set_search_ids ids join study_sets s on s.id = ids.set_id`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger study_sets_search_delete`.execute(db)
  await sql`drop trigger study_sets_search_update`.execute(db)
  await sql`drop trigger study_sets_search_insert`.execute(db)
  await sql`drop table study_set_search`.execute(db)
  await sql`drop table study_set_search_ids`.execute(db)
}
