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
  // Zod's likewise: bundled, a worker started in 145 ms instead of 250 (2 cores at load 2, median of 16).
  ssr: { noExternal: ['kysely', 'entities', 'zod'] },
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
