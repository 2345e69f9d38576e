import { defineConfig } from 'vite'

/** The standalone server, bundled for Node: dependencies stay in node_modules. */
export default defineConfig({
  publicDir: false,
  build: {
    ssr: 'server/index.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'index.js' } },
  },
})
