import { EventEmitter } from 'node:events'
import { vi } from 'vitest'
import type { ElectronLike } from './electron-like'

/** A preventable event like Electron's. */
export function fakeEvent() {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true
    },
  }
}

export class FakeWebContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | undefined
  /** Messages sent to the page (webContents.send), as [channel, ...args]. */
  sent: unknown[][] = []
  send(channel: string, ...args: unknown[]) {
    this.sent.push([channel, ...args])
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler
  }
}

export class FakeWindow extends EventEmitter {
  static instances: FakeWindow[] = []
  webContents = new FakeWebContents()
  loadedUrl: string | undefined
  loadedStatus: number | undefined
  minimized = false
  focused = false
  shown = false
  destroyed = false
  constructor(public options: Record<string, any>) {
    super()
    FakeWindow.instances.push(this)
  }
  async loadURL(url: string) {
    this.loadedUrl = url
    this.loadedStatus = (await fetch(url)).status
    this.emit('ready-to-show')
  }
  isMinimized = () => this.minimized
  restore = vi.fn(() => {
    this.minimized = false
  })
  show = vi.fn(() => {
    this.shown = true
  })
  focus = vi.fn(() => {
    this.focused = true
  })
  maximize = vi.fn()
  isMaximized = () => false
  isDestroyed = () => this.destroyed
  close = vi.fn(() => {
    this.emit('close')
    this.destroyed = true
    this.emit('closed')
  })
  getNormalBounds = () => ({ x: this.options.x ?? 10, y: this.options.y ?? 20, width: this.options.width, height: this.options.height })
}

/** A system notification: recorded, shown or not, and clickable by a test. */
export class FakeNotification extends EventEmitter {
  static instances: FakeNotification[] = []
  static isSupported = () => true
  shown = false
  constructor(public options: { title: string; body: string }) {
    super()
    FakeNotification.instances.push(this)
  }
  show() {
    this.shown = true
  }
}

export interface FakeElectron {
  electron: ElectronLike
  app: EventEmitter & Record<string, any>
  /** showMessageBox answers Cancel (1) unless a test says otherwise. */
  dialog: { showErrorBox: ReturnType<typeof vi.fn>; showMessageBox: ReturnType<typeof vi.fn> }
  /** The handlers registered with ipcMain.handle, by channel. */
  ipcHandlers: Map<string, (event: { senderFrame?: { url: string } }, ...args: unknown[]) => unknown>
  shell: { openExternal: ReturnType<typeof vi.fn>; openPath: ReturnType<typeof vi.fn> }
  session: { defaultSession: Record<string, any> }
  menus: unknown[]
  quit(): void
}

/** A small stand-in for the `electron` module: enough for runDesktop under plain Node. */
export function fakeElectron({
  userData,
  gotLock = true,
  languages = ['en-US'],
}: {
  userData: string
  gotLock?: boolean
  /** The system's preferred languages (app.getPreferredSystemLanguages; app.getLocale is the first). */
  languages?: string[]
}): FakeElectron {
  FakeWindow.instances = []
  FakeNotification.instances = []
  const app = new EventEmitter() as EventEmitter & Record<string, any>
  app.quitCalls = 0
  app.exitCode = undefined as number | undefined
  app.requestSingleInstanceLock = vi.fn(() => gotLock)
  app.getPath = vi.fn((name: string) => {
    if (name !== 'userData') throw new Error(`unexpected path ${name}`)
    return userData
  })
  app.getVersion = () => '0.1.0'
  app.getPreferredSystemLanguages = () => languages
  app.getLocale = () => languages[0] ?? 'en-US'
  app.whenReady = () => Promise.resolve()
  app.exit = vi.fn((code: number) => {
    app.exitCode = code
  })
  // Electron's order: before-quit, will-quit (preventable), quit.
  app.quit = vi.fn(() => {
    app.quitCalls += 1
    app.emit('before-quit', fakeEvent())
    const event = fakeEvent()
    app.emit('will-quit', event)
    if (!event.defaultPrevented) app.emit('quit')
  })
  const dialog = { showErrorBox: vi.fn(), showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 1, checkboxChecked: false })) }
  const ipcHandlers: FakeElectron['ipcHandlers'] = new Map()
  const ipcMain = {
    handle: vi.fn((channel: string, handler: FakeElectron['ipcHandlers'] extends Map<string, infer H> ? H : never) => ipcHandlers.set(channel, handler)),
  }
  const shell = { openExternal: vi.fn(async () => {}), openPath: vi.fn(async () => '') }
  const session = { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } }
  const menus: unknown[] = []
  const Menu = { buildFromTemplate: (template: unknown) => ({ template }), setApplicationMenu: (menu: unknown) => menus.push(menu) }
  const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] }
  const electron = { app, BrowserWindow: FakeWindow, dialog, shell, session, Menu, screen, ipcMain, Notification: FakeNotification } as unknown as ElectronLike
  return { electron, app, dialog, shell, session, menus, ipcHandlers, quit: () => app.quit() }
}
