import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compiledQuery } from './compiled-query'
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
