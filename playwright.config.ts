import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_LAUNCH } from './tests/e2e/chromium'

/**
 * End-to-end tests drive the built app (`npm run build`) in Debian's Chromium. The tests of a
 * worker share one server; a test that needs an empty database or its own settings starts its
 * own (tests/e2e/fixtures.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // Whole journeys (register, study every mode, axe in both themes) take 20-30 s alone and 40-48 s at a load
  // average of 11 on 2 cores (a clean clone through .ci/run): 60 s keeps them from failing on the machine's load.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  // One retry: a test that fails twice fails the run; one that passes on its retry is listed as flaky in the
  // report (list reporter: 'flaky'), to be looked at, instead of turning a whole CI run red on a timing hiccup.
  retries: 1,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: CHROMIUM_LAUNCH,
    // A trace only for a failed test's retry: recording one for every test (its screenshots and
    // DOM snapshots at each action) made the sets and landing specs take 62-66 s against 42-47 s
    // without, for traces CI does not keep.
    trace: 'on-first-retry',
    // The app follows the system's theme until the student chooses: the specs run in the dark one.
    colorScheme: 'dark',
    // No service worker unless a spec asks (offline, offline dead ends, PWA): registered, it
    // precaches the whole app (193 files) in every new context, work a test of the sets, classes
    // or study modes never uses, measured at a fifth of their time.
    serviceWorkers: 'block',
    // Reduced motion: no transitions, no spinner turning and no landing entrances to draw frame by
    // frame while a test waits (measured: 244 -> 220 s of processor for 39 tests). The specs of
    // motion itself (the landing's entrances) ask for 'no-preference'.
    reducedMotion: 'reduce',
  },
})
