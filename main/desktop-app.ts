import path from 'node:path'
import type { Logger } from '#server/logger'
import type { ElectronLike, WindowLike } from './electron-like'
import { menuTemplate } from './menu'
import { createLanSharing, loadSharingPort, SHARING_FILE, type SharingStatus, saveSharingPort } from './sharing'
import { SHARING_STATUS_EVENT } from './sharing-channel'
import { type SharingController, sharingController } from './sharing-controller'
import { handleSharingRequests } from './sharing-ipc'
import { type DesktopStart, startDesktopServer } from './start-server'
import { denyPermissions, guardNavigation, windowOptions } from './window'
import { currentWindowState, loadWindowState, saveWindowState, WINDOW_STATE_FILE } from './window-state'

export interface DesktopOptions {
  /** The preload script (electron-vite's out/preload/index.cjs). */
  preloadPath: string
  /** The renderer build the embedded server serves (electron-vite's out/renderer). */
  rendererDir: string
  logger?: Logger
  env?: NodeJS.ProcessEnv
  /** The address shown when sharing; the computer's network IPv4 by default (tests give 127.0.0.2). */
  lanAddress?: () => string | undefined
}

export interface Desktop {
  /** False in a second instance, which quits at once. */
  primary: boolean
  /** Settles once the server runs and the window is open, or the start failed and was reported. */
  ready: Promise<DesktopStart | undefined>
  /** Settles once the server and database are closed at quit. */
  stopped: Promise<void>
  window(): WindowLike | undefined
  /** "Share with my class", once the server runs. */
  sharing(): SharingController | undefined
}

/**
 * The desktop app: one instance at a time; the shared server in-process on 127.0.0.1 and a free
 * port with data under the user-data folder; one window on it; a clean close of the server and
 * the database at quit; a native error dialog, never a blank window, when the start fails.
 */
export function runDesktop(electron: ElectronLike, options: DesktopOptions): Desktop {
  const { app, BrowserWindow, dialog, shell, Menu, screen, session, ipcMain } = electron
  let window: WindowLike | undefined
  let stop: () => void = () => {}
  const stopped = new Promise<void>((resolve) => (stop = resolve))

  // One copy at a time: two would fight over one database.
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    stop()
    return { primary: false, ready: Promise.resolve(undefined), stopped, window: () => undefined, sharing: () => undefined }
  }

  let server: DesktopStart | undefined
  let sharing: SharingController | undefined
  let closing = false

  app.on('second-instance', () => {
    if (!window || window.isDestroyed()) return
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  })
  app.on('window-all-closed', () => app.quit())
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
  app.on('will-quit', (event) => {
    if (!server?.ok || closing) return
    // Finish running requests and close the database before the process ends.
    event.preventDefault()
    closing = true
    const running = server.server
    void running
      .close()
      .catch((error: unknown) => console.error('Cardwise: closing the server failed', error))
      .finally(() => {
        server = undefined
        stop()
        app.quit()
      })
  })

  const start = async (): Promise<DesktopStart> => {
    const userData = app.getPath('userData')
    const started = await startDesktopServer(userData, { rendererDir: options.rendererDir, logger: options.logger, env: options.env })
    server = started
    if (!started.ok) {
      dialog.showErrorBox(
        'Cardwise could not start',
        `${started.reason}\n\nData folder: ${started.dataDir}\n\nClose any other program using this folder, check that the disk has free space, then start Cardwise again.`,
      )
      stop()
      app.exit(1)
      return started
    }
    const dataDir = started.dataDir
    const origin = new URL(started.server.url).origin
    // Sharing is off until the teacher turns it on (and confirms); quitting closes it with the server.
    const sharingFile = path.join(userData, SHARING_FILE)
    const lan = createLanSharing({
      server: started.server,
      allowedHosts: started.allowedHosts,
      lanAddress: options.lanAddress,
      preferredPort: loadSharingPort(sharingFile),
    })
    const setMenu = () =>
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          menuTemplate({
            version: app.getVersion(),
            isMac: process.platform === 'darwin',
            openDataFolder: () => void shell.openPath(dataDir),
            sharing: {
              on: lan.status().sharing,
              toggle: () => void sharing?.toggle(),
              showAddress: () => void sharing?.showAddress(),
            },
          }),
        ),
      )
    const sharingChanged = (status: SharingStatus) => {
      setMenu()
      const port = lan.port()
      if (port) saveSharingPort(sharingFile, port)
      if (window && !window.isDestroyed()) window.webContents.send(SHARING_STATUS_EVENT, status)
    }
    sharing = sharingController(lan, { dialog, BrowserWindow, parent: () => window, onChange: sharingChanged })
    handleSharingRequests(ipcMain, sharing, origin)
    setMenu()
    denyPermissions(session.defaultSession)

    const stateFile = path.join(userData, WINDOW_STATE_FILE)
    const saved = loadWindowState(stateFile, screen.getAllDisplays())
    const { maximized, ...bounds } = saved ?? { maximized: false }
    const win = new BrowserWindow(windowOptions(options.preloadPath, bounds))
    window = win
    guardNavigation(win.webContents, origin, shell)
    win.once('ready-to-show', () => {
      if (maximized) win.maximize()
      win.show()
    })
    win.on('close', () => saveWindowState(stateFile, currentWindowState(win)))
    win.on('closed', () => {
      window = undefined
    })
    await win.loadURL(started.server.url)
    return started
  }

  const ready = app.whenReady().then(start, (error: unknown) => {
    console.error(error)
    app.quit()
    return undefined
  })
  return { primary: true, ready, stopped, window: () => window, sharing: () => sharing }
}
