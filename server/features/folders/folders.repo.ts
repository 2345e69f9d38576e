import type { Insertable, Updateable } from 'kysely'
import type { DB } from '#server/db/database'
import type { FoldersTable } from '#server/db/schema'

/** Folders and the sets in them (issue 31): only the builder, so both databases run them unchanged. */

/** Every folder of the user, with the number of sets directly in each, by name. */
export async function listFolders(db: DB, ownerId: string) {
  const rows = await db
    .selectFrom('folders')
    .leftJoin('folder_sets', 'folder_sets.folder_id', 'folders.id')
    .select(['folders.id', 'folders.name', 'folders.parent_id', (eb) => eb.fn.count<number | string>('folder_sets.study_set_id').as('set_count')])
    .where('folders.owner_id', '=', ownerId)
    .groupBy(['folders.id', 'folders.name', 'folders.parent_id'])
    .orderBy('folders.name')
    .orderBy('folders.id')
    .execute()
  return rows.map((row) => ({ id: row.id, name: row.name, parent_id: row.parent_id, set_count: Number(row.set_count) }))
}

export async function findFolder(db: DB, id: string) {
  return db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function insertFolder(db: DB, row: Insertable<FoldersTable>): Promise<void> {
  await db.insertInto('folders').values(row).execute()
}

export async function updateFolder(db: DB, id: string, changes: Updateable<FoldersTable>): Promise<void> {
  await db.updateTable('folders').set(changes).where('id', '=', id).execute()
}

/** Deletes the folder; its sub-folders and its set links go with it (foreign keys, on delete cascade), never a set. */
export async function deleteFolder(db: DB, id: string): Promise<void> {
  await db.deleteFrom('folders').where('id', '=', id).execute()
}

/** Puts a set in a folder; already there: nothing changes. */
export async function addSet(db: DB, folderId: string, setId: string, at: string): Promise<void> {
  await db
    .insertInto('folder_sets')
    .values({ folder_id: folderId, study_set_id: setId, added: at })
    .onConflict((oc) => oc.columns(['folder_id', 'study_set_id']).doNothing())
    .execute()
}

export async function removeSet(db: DB, folderId: string, setId: string): Promise<void> {
  await db.deleteFrom('folder_sets').where('folder_id', '=', folderId).where('study_set_id', '=', setId).execute()
}

/** The sets directly in these folders, each folder's in the order they were added. */
export async function listFolderSets(db: DB, folderIds: string[]) {
  if (folderIds.length === 0) return []
  return db
    .selectFrom('folder_sets')
    .select(['folder_id', 'study_set_id'])
    .where('folder_id', 'in', folderIds)
    .orderBy('added')
    .orderBy('study_set_id')
    .execute()
}
