import type { Compilable, CompiledQuery } from 'kysely'
import { type DB, type DialectName, dialectOf } from './database'

/**
 * A query whose shape never changes, built and compiled by Kysely once and then run with each
 * call's values. Building and compiling costs more than SQLite's own work for a primary-key read
 * (about 18 us of 30 here), and the hot reads (the caller's session, one set) run on nearly every
 * request. The builder receives placeholder values; each is swapped for the call's argument in the
 * compiled parameters, so the SQL text is the one Kysely wrote. The builder must declare each
 * argument (no defaults or rest parameters): their count is read from its length. Compiled once
 * per dialect: one process may hold a SQLite and a PostgreSQL handle (db:copy's test, tools), and
 * their SQL differs (`?` against `$1`).
 */
export function compiledQuery<Row, Args extends string[]>(build: (db: DB, ...args: Args) => Compilable<Row>) {
  const compiledFor: Partial<Record<DialectName, CompiledQuery<Row>>> = {}
  const placeholders = Array.from({ length: build.length - 1 }, (_, index) => `\u0000arg${index}\u0000`) as Args

  return {
    /** All rows, on `db` (the app's handle or a transaction's). */
    async all(db: DB, ...args: Args): Promise<Row[]> {
      const dialect = dialectOf(db)
      const compiled = (compiledFor[dialect] ??= build(db, ...placeholders).compile())
      const parameters = compiled.parameters.map((value) => {
        const index = typeof value === 'string' ? placeholders.indexOf(value as Args[number]) : -1
        return index === -1 ? value : args[index]
      })
      return (await db.executeQuery<Row>({ ...compiled, parameters })).rows
    },
    async first(db: DB, ...args: Args): Promise<Row | undefined> {
      return (await this.all(db, ...args))[0]
    },
  }
}

/**
 * A write (or read) built from one row object, compiled once for each shape of row (its keys in
 * order) and then run with each call's values: the answer's inserts, built afresh at every answer,
 * cost more of its server time than SQLite's work on them. The builder receives a row of
 * placeholders and must put each value into the statement untouched (no `row.correct ? 1 : 0`:
 * pass the computed value as a field of its own). Shapes are few (an optional field left out or
 * not); past MAX_SHAPES the statement is built for each call.
 */
export function compiledWrite<Row extends object, Out>(build: (db: DB, row: Row) => Compilable<Out>) {
  const compiled = new Map<string, { compiled: CompiledQuery<Out>; fieldOf: Map<string, string> }>()

  return {
    async all(db: DB, row: Row): Promise<Out[]> {
      const keys = Object.keys(row)
      const shape = `${dialectOf(db)}:${keys.join(',')}`
      let known = compiled.get(shape)
      if (!known) {
        if (compiled.size >= MAX_SHAPES) return (await db.executeQuery(build(db, row).compile())).rows
        const fieldOf = new Map(keys.map((key, index) => [`\u0000field${index}\u0000`, key]))
        const placeholderRow = Object.fromEntries([...fieldOf].map(([placeholder, key]) => [key, placeholder])) as Row
        known = { compiled: build(db, placeholderRow).compile(), fieldOf }
        compiled.set(shape, known)
      }
      const { fieldOf } = known
      const parameters = known.compiled.parameters.map((value) => {
        const key = typeof value === 'string' ? fieldOf.get(value) : undefined
        return key === undefined ? value : (row as Record<string, unknown>)[key]
      })
      return (await db.executeQuery<Out>({ ...known.compiled, parameters })).rows
    },
    async first(db: DB, row: Row): Promise<Out | undefined> {
      return (await this.all(db, row))[0]
    },
  }
}

const MAX_SHAPES = 8
