import { defineConfig } from 'vitest/config'
import { rendererAliases } from './aliases.ts'

export default defineConfig({
  resolve: { alias: rendererAliases },
  test: {
    include: [
      'server/**/*.test.ts',
      'shared/**/*.test.ts',
      'renderer/src/**/*.test.{ts,tsx}',
      'main/**/*.test.ts',
      'tests/api/**/*.test.ts',
      // The real server as a process: kill -9 loop, backup and restore, load (short form; see the files).
      'tests/reliability/**/*.test.ts',
      // electron-vite build and electron-builder --linux dir (about 15 s; see the file).
      'tests/desktop/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
