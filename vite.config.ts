import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { rendererAliases } from './aliases.ts'
import { linguiCatalogs } from './lingui-catalogs.ts'

/** The PWA icons live in resources/ (with their source SVGs); the build copies them to /icons/. */
const PWA_ICONS = ['pwa-192x192.png', 'pwa-512x512.png', 'maskable-icon-192x192.png', 'maskable-icon-512x512.png', 'apple-touch-icon-180x180.png']

function pwaIcons(): Plugin {
  return {
    name: 'cardwise:pwa-icons',
    apply: 'build',
    generateBundle() {
      for (const name of PWA_ICONS) {
        this.emitFile({ type: 'asset', fileName: `icons/${name}`, source: readFileSync(fileURLToPath(new URL(`./resources/${name}`, import.meta.url))) })
      }
    },
  }
}

/** Dark design tokens (renderer/src/styles/tokens.css): the app is dark by default. */
const DARK_BACKGROUND = '#0f1220'

/** The React app. In development `/api` goes to the server started by `npm run dev` (or `npm start`). */
export default defineConfig({
  root: 'renderer',
  resolve: { alias: rendererAliases },
  publicDir: 'public',
  plugins: [
    linguiCatalogs(),
    react(),
    pwaIcons(),
    VitePWA({
      // A new version waits until the student accepts the 'update available, reload' prompt (UpdatePrompt.tsx).
      registerType: 'prompt',
      // Registered from main.tsx: the CSP forbids the inline script the plugin would otherwise add.
      injectRegister: false,
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Cardwise',
        short_name: 'Cardwise',
        description: 'Make flashcard study sets, share them and study them in seven modes, offline too.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: DARK_BACKGROUND,
        theme_color: DARK_BACKGROUND,
        icons: [
          { src: '/icons/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-icon-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: every client route opens from the precached index.html, offline too.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        cleanupOutdatedCaches: true,
        // /api answers always come from the network, never stale from a cache, except pictures:
        // a picture's bytes never change under its id, so a picture seen (or kept with a set for
        // offline study) is served from this cache. The app deletes the cache when its user
        // signs out or another signs in (features/offline), so no one sees another's pictures.
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/api/media/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'cardwise-media',
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 5000, purgeOnQuotaError: true },
              // Recordings are kept here too; <audio> asks for byte ranges, answered from the kept file.
              rangeRequests: true,
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  // main.tsx registers the service worker only in builds that have one (not the desktop build).
  define: { 'import.meta.env.VITE_PWA': JSON.stringify('true') },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // A feature's index.ts only re-exports its public pieces: marked free of side effects, a
      // page's import through it does not drag the feature's other pieces into the first chunk.
      treeshake: { moduleSideEffects: (id: string) => !/renderer\/src\/features\/[^/]+\/index\.ts$/.test(id) },
      // What the first page needs (every module the entry imports statically) in one chunk, the
      // entry's: without this rolldown splits off small chunks that the landing page loads anyway
      // (jsx-runtime, limits, ...), each costing a request and its own imports and exports.
      output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
})
