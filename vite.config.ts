import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The React app. In development `/api` goes to the server started by `npm run dev` (or `npm start`). */
export default defineConfig({
  root: 'renderer',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
})
