import { startDesktopServer } from './start-server'

/**
 * The desktop start path without a window, for the browser tests (no Electron binary runs on the
 * build machines): `node out/main/desktop-server.js <userDataDir>` calls the same
 * `startDesktopServer` as the app, with the desktop config, and serves out/renderer.
 */
const userDataDir = process.argv[2]
if (!userDataDir) {
  console.error('usage: node out/main/desktop-server.js <userDataDir>')
  process.exit(2)
}
const started = await startDesktopServer(userDataDir, { rendererDir: new URL('../renderer', import.meta.url).pathname })
if (!started.ok) {
  console.error(`Cardwise could not start: ${started.reason}\nData folder: ${started.dataDir}`)
  process.exit(1)
}
console.log(`Cardwise desktop server listening on ${started.server.url} (data in ${started.dataDir})`)
const stop = () => void started.server.close().then(() => process.exit(0))
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
