// `npm start`: builds the web app and the server when they are missing or older than their
// sources, then runs the server in this process (so Ctrl+C reaches it directly).
import { execSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { WEB_BUILD } from './builds.mjs'
import { isStale } from './newest-mtime.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
if (isStale(root, WEB_BUILD.outputs, WEB_BUILD.sources)) {
  console.log('Building the app (missing, or older than its sources)...')
  execSync('npm run build', { cwd: root, stdio: 'inherit' })
}

await import(pathToFileURL(path.join(root, 'dist/server/index.js')).href)
