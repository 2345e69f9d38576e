// Browser tests run in Debian's Chromium headless shell (`chromium-headless-shell`, the same
// Chromium build without the desktop browser around it: what Playwright itself runs headless, and
// about a quarter faster per test on 2 cores than the full `chromium` in headless mode). Playwright's
// own browser download is not reachable here. Installs it with apt-get when it is missing;
// CHROMIUM_PATH points elsewhere if needed. Prints the version the tests use either way, so a
// run's log says which build it tested.
import { execFileSync, execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { TEST_BROWSER } from '#tests/support/test-browser.mjs'

const chromium = TEST_BROWSER

function printVersion() {
  let version
  try {
    version = execFileSync(chromium, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    version = 'version unknown'
  }
  console.log(`Browser tests use ${chromium}: ${version}`)
}

if (existsSync(chromium)) {
  printVersion()
  process.exit(0)
}

if (process.env.CHROMIUM_PATH || typeof process.getuid !== 'function' || !existsSync('/usr/bin/apt-get')) {
  console.error(`Chromium was not found at ${chromium}. Install it (Debian: apt-get install chromium-headless-shell) or set CHROMIUM_PATH.`)
  process.exit(1)
}
const sudo = process.getuid() === 0 ? '' : 'sudo '
console.log("Installing Debian's Chromium headless shell for the browser tests...")
const quiet = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }
execSync(`${sudo}apt-get update -qq`, quiet)
execSync(`${sudo}apt-get install -y -qq --no-install-recommends chromium-headless-shell fonts-liberation`, quiet)
if (!existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing.`)
  process.exit(1)
}
printVersion()
