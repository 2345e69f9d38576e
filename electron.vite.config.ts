import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import { rendererAliases } from './aliases.ts'
import { linguiCatalogs } from './lingui-catalogs.ts'
import { BUNDLED_DEPENDENCIES } from './vite.server.config.ts'

/**
 * The desktop build: the Electron main process (which embeds the same server as `npm start`),
 * its preload script, and the same React app. Output goes to out/.
 */
export default defineConfig({
  main: {
    build: {
      // Bundled as in the web server's build (vite.server.config.ts): the import worker starts faster.
      externalizeDeps: { exclude: BUNDLED_DEPENDENCIES },
      rollupOptions: {
        // desktop-server: the same start path without Electron, for the browser tests. The import
        // worker is the server's own (vite.server.config.ts): parse-in-worker.ts starts it from
        // beside the chunk it is bundled in, so it is written into chunks/ with that chunk.
        input: { index: 'main/index.ts', 'desktop-server': 'main/desktop-server.ts', 'import-worker': 'server/features/imports/import-worker.ts' },
        output: { entryFileNames: (entry) => (entry.name === 'import-worker' ? 'chunks/import-worker.js' : '[name].js') },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: { index: 'main/preload.ts' },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    publicDir: 'public',
    resolve: { alias: rendererAliases },
    // The embedded server serves this build at its root, so deep links (/study-sets/create) and a
    // reload on them must load /assets/..., not ./assets/...: electron-vite forces base './' for
    // file:// windows, this plugin (run after its preset) puts '/' back.
    plugins: [linguiCatalogs(), react(), { name: 'cardwise:served-from-root', config: () => ({ base: '/' }) }],
    build: {
      target: 'es2022',
      rollupOptions: { input: 'renderer/index.html' },
    },
  },
})
