// `npm run backup [-- --out <file>]`, `npm run restore -- <file>` and
// `npm run db:copy -- <sqlite file> <postgres url>`: run the built server entry's
// `backup`, `restore` or `copy` command on DATA_DIR's database (see server/db/backup-cli.ts). Rebuilds the
// server bundle first when it is missing or older than its sources (a server running from
// dist/server has loaded all of its files at start, so it is not disturbed).
import { execSync, spawnSync } from 'node:child_process'
import path from 'node:path'
import { SERVER_BUILD } from './builds.mjs'
import { isStale } from './newest-mtime.mjs'

const root = path.resolve(import.meta.dirname, '..')
const entry = path.join(root, SERVER_BUILD.outputs[0])

const [command, ...args] = process.argv.slice(2)
if (command !== 'backup' && command !== 'restore' && command !== 'copy') {
  console.error('Usage: node scripts/database.mjs backup|restore|copy [arguments]')
  process.exit(2)
}
if (isStale(root, SERVER_BUILD.outputs, SERVER_BUILD.sources)) {
  console.error('Building the server first...')
  execSync('npm run --silent build:server', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
}
const result = spawnSync(process.execPath, [entry, command, ...args], { stdio: 'inherit' })
process.exit(result.status ?? 1)
