import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { rendererAliases } from './aliases.ts'

/** Tests that need a PostgreSQL server: only the `postgres` project runs them. */
const POSTGRES_ONLY = ['server/**/*.pg.test.ts', 'tests/scale/**/*.test.ts']
/**
 * API tests slow by their nature (timing at bcrypt's real cost): the `slow` project runs them on
 * SQLite instead of the `sqlite` project (test:fast); `postgres` runs them as all of tests/api.
 */
const SLOW_API = ['tests/api/**/*.slow.test.ts']

export default defineConfig({
  resolve: { alias: rendererAliases },
  test: {
    environment: 'node',
    // Bundles the import worker for tests that run the server from its sources (see the file).
    globalSetup: ['tests/support/build-import-worker.ts'],
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache) between runs.
    experimental: { fsModuleCache: true },
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine,
    // which ran every file of `npm test` one after the other. The API files mostly wait (on
    // HTTP, on PostgreSQL), so two at once use the two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // Unit tests beside the code: fast, no server.
        extends: true,
        test: {
          name: 'unit',
          // The renderer's texts in English (renderer/src/locales), as the app shows them before any other language.
          setupFiles: ['renderer/src/lib/i18n/english-for-tests.ts'],
          include: [
            'server/**/*.test.ts',
            'shared/**/*.test.ts',
            'renderer/src/**/*.test.{ts,tsx}',
            'main/**/*.test.ts',
            'tests/docs/**/*.test.ts',
            'tests/i18n/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', ...POSTGRES_ONLY],
        },
      },
      {
        // The API suite: the real app over HTTP, a fresh SQLite database per test app.
        extends: true,
        test: { name: 'sqlite', include: ['tests/api/**/*.test.ts'], exclude: ['**/node_modules/**', ...SLOW_API] },
      },
      {
        // The API suite again, on a throwaway PostgreSQL server (tests/support/postgres.ts) or
        // TEST_DATABASE_URL's, one database per test app copied from a migrated template.
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/api/**/*.test.ts', ...POSTGRES_ONLY],
          env: { CARDWISE_TEST_DIALECT: 'postgres' },
          globalSetup: ['tests/support/postgres-global-setup.ts'],
        },
      },
      {
        // Slow: the real server as a process (kill -9 loop, backup and restore, load, short
        // forms; see the files), the desktop packaging (electron-vite build, electron-builder),
        // and SLOW_API.
        extends: true,
        // They run alone, one file at a time, after the other projects (their own group), so the
        // load and the crash loops do not share the machine with the rest of the suite.
        test: {
          name: 'slow',
          include: ['tests/reliability/**/*.test.ts', 'tests/desktop/**/*.test.ts', ...SLOW_API],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
