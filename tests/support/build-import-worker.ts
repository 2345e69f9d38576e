import { build } from 'vite'
import { BUNDLED_DEPENDENCIES } from '#vite.server.config'

/**
 * Vitest global setup: the import worker (server/features/imports/import-worker.ts) bundled for
 * Node, where parse-in-worker.ts looks for it when the server runs from its TypeScript sources.
 * A worker thread cannot load TypeScript itself on Node 20; bundling it takes about a second,
 * while loading it through a TypeScript loader took 7 s per worker.
 */
export const DEV_WORKER_DIR = 'node_modules/.cache/cardwise-import-worker'

export default async function buildImportWorker(): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    // As in vite.server.config.ts: the worker starts much faster with these bundled in.
    ssr: { noExternal: BUNDLED_DEPENDENCIES },
    build: {
      ssr: 'server/features/imports/import-worker.ts',
      outDir: DEV_WORKER_DIR,
      emptyOutDir: true,
      target: 'node20',
      rollupOptions: { output: { entryFileNames: 'import-worker.js' } },
    },
  })
}
