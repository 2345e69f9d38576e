/**
 * The builds the scripts make when they are missing or older than their sources (isStale in
 * ./newest-mtime.mjs): what each writes, and what it is made from.
 */

/** `npm run build:server`: the server bundle (dist/server). */
export const SERVER_BUILD = {
  outputs: ['dist/server/index.js'],
  sources: ['server', 'shared', 'package.json', 'vite.server.config.ts'],
}

/** `npm run build`: the web app and the server (dist/). */
export const WEB_BUILD = {
  outputs: ['dist/renderer/index.html', 'dist/server/index.js'],
  sources: ['renderer', 'server', 'shared', 'package.json', 'vite.config.ts', 'vite.server.config.ts', 'aliases.ts'],
}

/** `npm run desktop:build`: the Electron main process, preload and renderer (out/). */
export const DESKTOP_BUILD = {
  outputs: ['out/main/index.js', 'out/main/desktop-server.js', 'out/preload/index.cjs', 'out/renderer/index.html'],
  sources: ['main', 'renderer', 'server', 'shared', 'package.json', 'electron.vite.config.ts', 'aliases.ts'],
}
