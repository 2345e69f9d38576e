// `npm start`: builds the web app and the server when they are missing or older than their
// sources, then runs the server in this process (so Ctrl+C reaches it directly).
import { execSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { newestMtime } from './newest-mtime.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outputs = ['dist/renderer/index.html', 'dist/server/index.js'].map((file) => path.join(root, file))
const sources = ['renderer', 'server', 'shared', 'package.json', 'vite.config.ts', 'vite.server.config.ts', 'aliases.ts']

const missing = outputs.some((file) => !existsSync(file))
const builtAt = missing ? 0 : Math.min(...outputs.map((file) => statSync(file).mtimeMs))
const sourcesAt = Math.max(...sources.map((entry) => newestMtime(path.join(root, entry))))
if (missing || sourcesAt > builtAt) {
  console.log(missing ? 'Building the app (first start)...' : 'Sources changed since the last build: rebuilding...')
  execSync('npm run build', { cwd: root, stdio: 'inherit' })
}

await import(pathToFileURL(path.join(root, 'dist/server/index.js')).href)
