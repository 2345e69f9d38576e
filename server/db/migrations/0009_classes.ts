import type { Kysely } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * Classes (issue 20): a teacher's class, its students and the sets assigned to it. The teacher is
 * the class's owner and is not a member row. A class goes with its teacher's account; a
 * membership with the class or the student's account; an assignment with the class or the set.
 * Every foreign key has an index leading with it, so a cascade never scans a table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('classes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // Upper-case, from an alphabet without look-alikes; looked up on every join.
    .addColumn('join_code', 'text', (col) => col.notNull().unique())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('classes_owner_created').on('classes').columns(['owner_id', 'created']).execute()

  await db.schema
    .createTable('class_members')
    .addColumn('class_id', 'text', (col) => col.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('class_members_pk', ['class_id', 'user_id'])
    .execute()
  // "My classes" and the set-access check start from the student.
  await db.schema.createIndex('class_members_user').on('class_members').columns(['user_id', 'class_id']).execute()

  await db.schema
    .createTable('class_sets')
    .addColumn('class_id', 'text', (col) => col.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('assigned', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('class_sets_pk', ['class_id', 'set_id'])
    .execute()
  // The set-access check starts from the set.
  await db.schema.createIndex('class_sets_set').on('class_sets').columns(['set_id', 'class_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('class_sets').execute()
  await db.schema.dropTable('class_members').execute()
  await db.schema.dropTable('classes').execute()
}
