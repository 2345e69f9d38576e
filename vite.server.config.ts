import { defineConfig } from 'vite'

/**
 * Dependencies bundled rather than loaded from node_modules, for the import worker's start-up (a
 * worker starts for every import preview): Kysely's ESM build is hundreds of small files (2 s of
 * a worker's 3 s on a busy machine), and Node reads an ES module's CommonJS imports twice, once to
 * find their export names (papaparse alone: 41 ms a start). Bundled, a worker starts in 110 ms of
 * processor instead of 200. better-sqlite3 stays outside: it loads a native addon.
 */
export const BUNDLED_DEPENDENCIES = ['kysely', 'entities', 'papaparse', 'leo-profanity', 'fzstd']

/**
 * The standalone server, bundled for Node: dependencies stay in node_modules but for the ones above. The import worker
 * (server/features/imports/import-worker.ts) is a second entry, written beside index.js where
 * parse-in-worker.ts starts it; shared chunks stay in the same folder so that holds from any chunk.
 */
export default defineConfig({
  publicDir: false,
  ssr: { noExternal: BUNDLED_DEPENDENCIES },
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      input: { index: 'server/index.ts', 'import-worker': 'server/features/imports/import-worker.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
})
