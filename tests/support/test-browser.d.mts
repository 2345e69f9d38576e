/** The Chromium the browser tests launch: Debian's headless shell, or CHROMIUM_PATH. */
export const TEST_BROWSER: string
