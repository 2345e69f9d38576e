import path from 'node:path'
import { catalogFor } from '#shared/i18n/messages'
import type { Locale } from '#shared/i18n/locales'
import type { Reminder } from '#server/features/reminders/reminders.service'
import type { Logger } from '#server/logger'
import type { ElectronLike, WindowLike } from './electron-like'
import { desktopCatalogs, desktopLocale } from './i18n/messages'
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
  /** The interface language the user chose, when known; else the system's (./i18n/messages.ts). */
  locale?: Locale | null
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
  const { app, BrowserWindow, dialog, shell, Menu, screen, session, ipcMain, Notification } = electron
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
  // Menus, dialogs and notifications in the system's language (issue 30); the app does not know a user's own choice.
  const locale: Locale = desktopLocale(app, options.locale)
  const texts = desktopCatalogs[locale]

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
    // The reminder the server emails (issue 31) shows as a system notification too while the app runs; a click opens Review.
    const notifyReminder = (reminder: Reminder) => {
      if (!Notification.isSupported()) return
      const notification = new Notification({ title: 'Cardwise', body: catalogFor(locale).habitMessages.reminderNotification(reminder.due) })
      notification.on('click', () => {
        if (!window || window.isDestroyed()) return
        if (window.isMinimized()) window.restore()
        window.show()
        window.focus()
        void window.loadURL(reminder.reviewUrl)
      })
      notification.show()
    }
    const started = await startDesktopServer(userData, {
      rendererDir: options.rendererDir,
      logger: options.logger,
      env: options.env,
      onReminder: notifyReminder,
    })
    server = started
    if (!started.ok) {
      dialog.showErrorBox(texts.startFailed, texts.startFailedDetail(started.reason, started.dataDir))
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
            texts,
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
    sharing = sharingController(lan, { dialog, BrowserWindow, parent: () => window, onChange: sharingChanged, locale })
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
