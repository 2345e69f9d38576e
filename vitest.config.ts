import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'shared/**/*.test.ts',
      'renderer/src/**/*.test.{ts,tsx}',
      'main/**/*.test.ts',
      'tests/api/**/*.test.ts',
      // electron-vite build and electron-builder --linux dir (about 15 s; see the file).
      'tests/desktop/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
