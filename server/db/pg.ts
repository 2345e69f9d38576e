import { createRequire } from 'node:module'
import type Pg from 'pg'

let loaded: typeof Pg | undefined

/**
 * node-postgres, loaded at its first use: a server on SQLite (the default, the desktop app, each
 * end-to-end test's) never loads it, which took about 50 ms of every start.
 */
export function loadPg(): typeof Pg {
  if (!loaded) {
    loaded = createRequire(import.meta.url)('pg') as typeof Pg
    // PostgreSQL's bigint (count(*)) arrives as text by default; every count the app reads fits a number.
    loaded.types.setTypeParser(loaded.types.builtins.INT8, (value) => Number(value))
  }
  return loaded
}
