import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compiledQuery, compiledWrite } from './compiled-query'
import { type DB, openSqliteDatabase } from './database'
import { migrateToLatest } from './migrate'

let dir: string
let db: DB

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'cardwise-compiled-'))
  db = openSqliteDatabase(path.join(dir, 'test.db'))
  await migrateToLatest(db)
  await db.insertInto('plans').values({ id: 'free', name: 'Gratis', created: 'then' }).execute()
})

afterAll(async () => {
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

const planByIdAndName = compiledQuery((db: DB, id: string, name: string) =>
  db.selectFrom('plans').selectAll().where('id', '=', id).where('name', '=', name).where('name', '!=', 'literal'),
)

describe('compiledQuery', () => {
  it('runs the compiled SQL with each call’s values in their places, keeping literal parameters', async () => {
    expect(await planByIdAndName.first(db, 'free', 'Gratis')).toEqual({ id: 'free', name: 'Gratis', created: 'then' })
    expect(await planByIdAndName.first(db, 'free', 'Paid')).toBeUndefined()
    expect(await planByIdAndName.all(db, 'other', 'Gratis')).toEqual([])
  })

  it('runs inside a transaction on the transaction’s handle', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('plans').values({ id: 'pro', name: 'Pro', created: 'now' }).execute()
      expect(await planByIdAndName.first(trx, 'pro', 'Pro')).toEqual({ id: 'pro', name: 'Pro', created: 'now' })
    })
  })
})

const planUpsert = compiledWrite((db: DB, row: { id: string; name: string; created?: string }) =>
  db
    .insertInto('plans')
    .values({ created: 'default', ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: row.name }))
    .returningAll(),
)

describe('compiledWrite', () => {
  it('runs the statement compiled for the row’s shape with each call’s values, a value used twice in both places', async () => {
    expect(await planUpsert.first(db, { id: 'w1', name: 'One', created: 'c1' })).toEqual({ id: 'w1', name: 'One', created: 'c1' })
    expect(await planUpsert.first(db, { id: 'w2', name: 'Two', created: 'c2' })).toEqual({ id: 'w2', name: 'Two', created: 'c2' })
    // The conflict's update takes this call's name, not the first call's.
    expect(await planUpsert.first(db, { id: 'w1', name: 'Renamed', created: 'ignored' })).toEqual({ id: 'w1', name: 'Renamed', created: 'c1' })
  })

  it('builds a row of another shape for itself: a field left out is not sent as another call’s value', async () => {
    expect(await planUpsert.first(db, { id: 'w3', name: 'Three' })).toEqual({ id: 'w3', name: 'Three', created: 'default' })
    expect(await planUpsert.first(db, { id: 'w4', name: 'Four', created: 'c4' })).toEqual({ id: 'w4', name: 'Four', created: 'c4' })
    expect(await planUpsert.first(db, { id: 'w5', name: 'Five' })).toEqual({ id: 'w5', name: 'Five', created: 'default' })
  })
})
