import { describe, expect, it, vi } from 'vitest'
import type { WebContentsLike } from './electron-like'
import { fakeEvent, FakeWebContents } from './fake-electron'
import { denyPermissions, guardNavigation, windowOptions } from './window'

const origin = 'http://127.0.0.1:41234'

function guarded() {
  const webContents = new FakeWebContents()
  const shell = { openExternal: vi.fn(async (_url: string) => {}), openPath: vi.fn(async (_path: string) => '') }
  guardNavigation(webContents as unknown as WebContentsLike, origin, shell)
  return { webContents, shell }
}

describe('windowOptions', () => {
  it('follows the security checklist and uses the preload script', () => {
    const options = windowOptions('/app/out/preload/index.cjs')
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
    expect(options.show).toBe(false)
  })

  it('takes remembered bounds', () => {
    expect(windowOptions('/p', { x: 5, y: 6, width: 700, height: 500 })).toMatchObject({ x: 5, y: 6, width: 700, height: 500 })
  })
})

describe('guardNavigation', () => {
  it('lets the window navigate within the app', () => {
    const { webContents, shell } = guarded()
    const event = fakeEvent()
    webContents.emit('will-navigate', event, `${origin}/my-sets`)
    expect(event.defaultPrevented).toBe(false)
    expect(shell.openExternal).not.toHaveBeenCalled()
  })

  it('stops navigation and redirects to another origin and opens web links in the browser', () => {
    const { webContents, shell } = guarded()
    for (const [name, url] of [
      ['will-navigate', 'https://example.org/page'],
      ['will-navigate', 'http://127.0.0.1:9999/'],
      ['will-redirect', 'https://evil.example/'],
      ['will-navigate', 'file:///etc/passwd'],
    ] as const) {
      const event = fakeEvent()
      webContents.emit(name, event, url)
      expect(event.defaultPrevented, url).toBe(true)
    }
    expect(shell.openExternal.mock.calls.map(([url]) => url)).toEqual(['https://example.org/page', 'http://127.0.0.1:9999/', 'https://evil.example/'])
  })

  it('denies every new window; other origins open externally, the app origin does not', () => {
    const { webContents, shell } = guarded()
    expect(webContents.openHandler?.({ url: 'https://example.org/help' })).toEqual({ action: 'deny' })
    expect(webContents.openHandler?.({ url: `${origin}/sets/1` })).toEqual({ action: 'deny' })
    expect(webContents.openHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(shell.openExternal.mock.calls).toEqual([['https://example.org/help']])
  })

  it('prevents <webview> attachment', () => {
    const { webContents } = guarded()
    const event = fakeEvent()
    webContents.emit('will-attach-webview', event, {}, {})
    expect(event.defaultPrevented).toBe(true)
  })
})

describe('denyPermissions', () => {
  it('denies permission requests and checks, except the microphone alone (a card recording)', () => {
    const session = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() }
    denyPermissions(session)
    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0] as (w: unknown, p: string, cb: (ok: boolean) => void, d?: unknown) => void
    for (const [permission, details] of [
      ['media', { mediaTypes: ['video'] }],
      ['media', { mediaTypes: ['audio', 'video'] }],
      ['media', {}],
      ['geolocation', {}],
      ['notifications', {}],
      ['clipboard-read', {}],
    ] as const) {
      const callback = vi.fn()
      request({}, permission, callback, details)
      expect(callback).toHaveBeenCalledWith(false)
    }
    const microphone = vi.fn()
    request({}, 'media', microphone, { mediaTypes: ['audio'] })
    expect(microphone).toHaveBeenCalledWith(true)
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0] as (w: unknown, p: string, o: string, d: unknown) => boolean
    expect(check({}, 'media', 'http://127.0.0.1', { mediaType: 'video' })).toBe(false)
    expect(check({}, 'geolocation', 'http://127.0.0.1', {})).toBe(false)
    expect(check({}, 'media', 'http://127.0.0.1', { mediaType: 'audio' })).toBe(true)
  })
})
