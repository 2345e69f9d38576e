import { defineConfig } from '@playwright/test'
import base from './playwright.config'

/**
 * Benchmarks that drive the built app in Chromium (`npm run bench:study`): the same browser and
 * servers as the end-to-end tests, one at a time and with no retry, so a figure is one reading of
 * an idle machine. Not part of `npm test` (timing budgets belong to benchmarks).
 */
export default defineConfig({
  ...base,
  testDir: 'tests/bench',
  testMatch: '*.spec.ts',
  workers: 1,
  retries: 0,
})
