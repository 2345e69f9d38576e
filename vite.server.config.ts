import { defineConfig } from 'vite'

/**
 * The standalone server, bundled for Node: dependencies stay in node_modules. The import worker
 * (server/features/imports/import-worker.ts) is a second entry, written beside index.js where
 * parse-in-worker.ts starts it; shared chunks stay in the same folder so that holds from any chunk.
 */
export default defineConfig({
  publicDir: false,
  // Bundled rather than loaded from node_modules: Kysely's ESM build is hundreds of small files,
  // which cost an import worker most of its start-up time (measured 2 s of 3 s on a busy machine).
  ssr: { noExternal: ['kysely', 'entities'] },
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
