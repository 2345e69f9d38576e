import type { Migration } from 'kysely'
import * as m0001 from './0001_accounts'

/** Every migration, in order. Listed by hand so bundlers (Vite, electron-vite) keep them all. */
export const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
}
