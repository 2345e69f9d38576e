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
  ],
}
