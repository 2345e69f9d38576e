// `npm run test:e2e`'s builds: the web app and server (dist/) and the desktop build (out/), each
// only when missing or older than its sources. In `npm test` the desktop packaging test
// (tests/desktop/) has just run `electron-vite build`, so the desktop build is not made twice.
import { execSync } from 'node:child_process'
import path from 'node:path'
import { DESKTOP_BUILD, WEB_BUILD } from './builds.mjs'
import { isStale } from './newest-mtime.mjs'

const root = path.resolve(import.meta.dirname, '..')
for (const [name, build, script] of [
  ['web app and server', WEB_BUILD, 'build'],
  ['desktop app', DESKTOP_BUILD, 'desktop:build'],
]) {
  if (isStale(root, build.outputs, build.sources)) execSync(`npm run ${script}`, { cwd: root, stdio: 'inherit' })
  else console.log(`The ${name} build is newer than its sources: not rebuilt.`)
}
