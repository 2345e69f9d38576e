// The PostgreSQL tests start a throwaway server from Debian's `postgresql` package (initdb into a
// temporary folder). Installs the package with apt-get when no PostgreSQL binaries are found, as
// ensure-chromium.mjs does for the browser. TEST_DATABASE_URL names a running server instead.
import { execSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

const ROOT = '/usr/lib/postgresql'

/** The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<major>/bin), or undefined. */
export function postgresBinDir() {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR
  if (!existsSync(ROOT)) return undefined
  const majors = readdirSync(ROOT)
    .filter((name) => existsSync(path.join(ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return majors[0] === undefined ? undefined : path.join(ROOT, majors[0], 'bin')
}

/** Returns the bin folder, installing Debian's postgresql first when it is missing. */
export function ensurePostgres() {
  const found = postgresBinDir()
  if (found) return found
  if (typeof process.getuid !== 'function' || !existsSync('/usr/bin/apt-get')) {
    throw new Error('PostgreSQL was not found. Install it (Debian: apt-get install postgresql), set POSTGRES_BIN_DIR, or set TEST_DATABASE_URL.')
  }
  const sudo = process.getuid() === 0 ? '' : 'sudo '
  console.log('Installing Debian PostgreSQL for the PostgreSQL tests...')
  const quiet = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }
  execSync(`${sudo}apt-get update -qq`, quiet)
  execSync(`${sudo}apt-get install -y -qq --no-install-recommends postgresql`, quiet)
  const installed = postgresBinDir()
  if (!installed) throw new Error(`apt-get finished but no initdb is under ${ROOT}.`)
  return installed
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensurePostgres())
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
