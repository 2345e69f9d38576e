// `npm run backup [-- --out <file>]` and `npm run restore -- <file>`: run the built server entry's
// `backup` or `restore` command on DATA_DIR's database (see server/db/backup-cli.ts). Rebuilds the
// server bundle first when it is missing or older than its sources (a server running from
// dist/server has loaded all of its files at start, so it is not disturbed).
import { execSync, spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { newestMtime } from './newest-mtime.mjs'

const root = path.resolve(import.meta.dirname, '..')
const entry = path.join(root, 'dist/server/index.js')
const sources = ['server', 'shared', 'package.json', 'vite.server.config.ts']

const [command, ...args] = process.argv.slice(2)
if (command !== 'backup' && command !== 'restore') {
  console.error('Usage: node scripts/database.mjs backup|restore [arguments]')
  process.exit(2)
}
if (!existsSync(entry) || Math.max(...sources.map((source) => newestMtime(path.join(root, source)))) > statSync(entry).mtimeMs) {
  console.error('Building the server first...')
  execSync('npm run --silent build:server', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
}
const result = spawnSync(process.execPath, [entry, command, ...args], { stdio: 'inherit' })
process.exit(result.status ?? 1)
