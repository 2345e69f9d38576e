import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

/**
 * The desktop build: the Electron main process (which embeds the same server as `npm start`),
 * its preload script, and the same React app. Output goes to out/.
 */
export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      rollupOptions: { input: { index: 'main/index.ts' } },
    },
  },
  preload: {
    build: {
      externalizeDeps: true,
      rollupOptions: { input: { index: 'main/preload.ts' } },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react()],
    build: {
      rollupOptions: { input: 'renderer/index.html' },
    },
  },
})
