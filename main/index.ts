import path from 'node:path'
import * as electron from 'electron'
import { runDesktop } from './desktop-app'

// Built by electron-vite into out/main/index.js: the preload and the renderer sit beside it in out/.
runDesktop(electron, {
  preloadPath: path.join(import.meta.dirname, '../preload/index.cjs'),
  rendererDir: path.join(import.meta.dirname, '../renderer'),
})
