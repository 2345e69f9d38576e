import readline from 'node:readline'
import { createLanSharing, type SharingStatus } from './sharing'
import { startDesktopServer } from './start-server'

/**
 * The desktop start path without a window, for the browser tests (no Electron binary runs on the
 * build machines): `node out/main/desktop-server.js <userDataDir>` calls the same
 * `startDesktopServer` as the app, with the desktop config, and serves out/renderer.
 *
 * Sharing, as the window's "Share with my class" (without its confirmation dialog, which is the
 * window's): `CARDWISE_SHARE=on` starts it at once; the lines `share on` and `share off` on stdin
 * turn it on and off; each change prints `sharing on <url>` or `sharing off`.
 * `CARDWISE_SHARE_ADDRESS` replaces the computer's network address as the shown one (the tests
 * give 127.0.0.2, so they never send traffic to a real network address).
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

const shownAddress = process.env.CARDWISE_SHARE_ADDRESS?.trim()
const sharing = createLanSharing({
  server: started.server,
  allowedHosts: started.allowedHosts,
  ...(shownAddress ? { lanAddress: () => shownAddress } : {}),
})
const report = (status: SharingStatus) => console.log(status.sharing ? `sharing on ${status.url}` : 'sharing off')
const share = async (on: boolean) => {
  try {
    report(on ? await sharing.start() : await sharing.stop())
  } catch (error) {
    console.error(`sharing failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}
if (process.env.CARDWISE_SHARE === 'on') await share(true)
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const command = line.trim()
  if (command === 'share on') void share(true)
  else if (command === 'share off') void share(false)
})

const stop = () => void started.server.close().then(() => process.exit(0))
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
