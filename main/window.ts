import type { BrowserWindowConstructorOptions, Session } from 'electron'
import type { Rectangle, ShellLike, WebContentsLike } from './electron-like'

/** The window's options, following Electron's security checklist. */
export function windowOptions(preloadPath: string, bounds: Partial<Rectangle> = {}): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 800,
    ...bounds,
    minWidth: 360,
    minHeight: 480,
    show: false,
    title: 'Cardwise',
    backgroundColor: '#111318',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
    },
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/** Links worth handing to the system: web pages and mail. */
const externalProtocols = new Set(['http:', 'https:', 'mailto:'])

/**
 * Keeps the window on the app's origin: navigation elsewhere is stopped, window.open and links
 * to other origins open in the system browser, no new Electron windows, no <webview>.
 */
export function guardNavigation(webContents: WebContentsLike, origin: string, shell: ShellLike): void {
  const openOutside = (url: string) => {
    try {
      if (externalProtocols.has(new URL(url).protocol)) void shell.openExternal(url)
    } catch {
      // Not a URL: nothing to open.
    }
  }
  webContents.setWindowOpenHandler(({ url }) => {
    if (originOf(url) !== origin) openOutside(url)
    return { action: 'deny' }
  })
  const stayInside = (event: { preventDefault(): void }, url: string) => {
    if (originOf(url) === origin) return
    event.preventDefault()
    openOutside(url)
  }
  webContents.on('will-navigate', stayInside)
  webContents.on('will-redirect', stayInside)
  webContents.on('will-attach-webview', (event) => event.preventDefault())
}

/**
 * Camera, notifications, geolocation...: the app needs none, so every request is denied. The one
 * exception is the microphone alone (a card side's recording in the card editor): `media` asking
 * for audio and nothing else.
 */
export function denyPermissions(session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
    const types = (details as { mediaTypes?: string[] } | undefined)?.mediaTypes ?? []
    callback(permission === 'media' && types.length > 0 && types.every((type) => type === 'audio'))
  })
  session.setPermissionCheckHandler((_webContents, permission, _origin, details) => {
    return permission === 'media' && (details as { mediaType?: string } | undefined)?.mediaType === 'audio'
  })
}
