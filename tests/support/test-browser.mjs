/**
 * The Chromium the browser tests, the study bench and the formula bench launch: Debian's headless
 * shell (scripts/ensure-chromium.mjs installs it), or CHROMIUM_PATH.
 */
export const TEST_BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
