import { TEST_BROWSER } from '#tests/support/test-browser.mjs'

/** How the specs launch Debian's Chromium (playwright.config.ts; a spec needing more adds its own flags to these). */
export const CHROMIUM_LAUNCH = {
  executablePath: TEST_BROWSER,
  args: [
    '--no-sandbox',
    '--disable-dev-shm-usage',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // V8 stops at its baseline compiler (Sparkplug): a test's page lives for seconds, too short for
    // the optimizing compilers' work to pay back. Measured on 55 tests: the renderers' processor
    // time 11% lower (139 and 137 s -> 120 and 135 s, the second run on a busier machine).
    '--js-flags=--max-opt=1',
  ],
}
