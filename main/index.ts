import path from 'node:path'
import { app, BrowserWindow, shell } from 'electron'
import { loadConfig } from '../server/config'
import { type RunningServer, startServer } from '../server/start'

/**
 * The desktop shell: one process holds the app. It starts the same server as `npm start`
 * in-process on 127.0.0.1 and a free port, with data under the user's app-data folder, and shows
 * the same React build in a window.
 */
let server: RunningServer | undefined

async function openWindow(url: string): Promise<void> {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 360,
    minHeight: 480,
    show: false,
    webPreferences: {
      preload: path.join(import.meta.dirname, '../preload/index.mjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    },
  })
  const origin = new URL(url).origin
  // Links to elsewhere open in the system browser; the window never leaves the app.
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    if (new URL(target).origin !== origin) void shell.openExternal(target)
    return { action: 'deny' }
  })
  window.webContents.on('will-navigate', (event, target) => {
    if (new URL(target).origin !== origin) event.preventDefault()
  })
  window.once('ready-to-show', () => window.show())
  await window.loadURL(url)
}

async function start(): Promise<void> {
  const config = { ...loadConfig(), port: 0, host: '127.0.0.1', dataDir: path.join(app.getPath('userData'), 'data') }
  server = await startServer(config, { rendererDir: path.join(import.meta.dirname, '../renderer') })
  await openWindow(server.url)
}

// One copy at a time: two would fight over one database.
if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows()
    if (window?.isMinimized()) window.restore()
    window?.focus()
  })
  app.on('window-all-closed', () => app.quit())
  app.on('will-quit', (event) => {
    if (!server) return
    event.preventDefault()
    const closing = server
    server = undefined
    void closing.close().finally(() => app.quit())
  })
  app.whenReady().then(start, (error: unknown) => {
    console.error(error)
    app.quit()
  })
}
