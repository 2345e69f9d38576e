import http from 'node:http'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { MenuItemConstructorOptions } from 'electron'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { silentLogger } from '#server/logger'
import { runDesktop } from './desktop-app'
import { fakeElectron, FakeWindow } from './fake-electron'
import { createLanSharing, NoNetworkError } from './sharing'
import { SHARING_CHANNEL, SHARING_STATUS_EVENT } from './sharing-channel'
import { CONFIRM_SHARING } from './sharing-controller'
import { type DesktopStart, startDesktopServer } from './start-server'

/**
 * "Share with my class" under plain Node. The shown address is 127.0.0.2: it reaches a listener
 * on 0.0.0.0 and not one bound to 127.0.0.1, like a network address would, and these tests never
 * send traffic to the machine's real network addresses.
 */
const SHOWN = '127.0.0.2'

let userData: string
const cleanups: (() => Promise<unknown>)[] = []
beforeEach(() => {
  userData = mkdtempSync(path.join(tmpdir(), 'cardwise-sharing-'))
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  rmSync(userData, { recursive: true, force: true })
})

/** A GET to `address:port` with the Host header given (default: that address and port). */
function get(address: string, port: number, host = `${address}:${port}`, urlPath = '/api/health'): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: address, port, path: urlPath, headers: { Host: host }, agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('error', reject)
    request.end()
  })
}

const rendererDir = mkdtempSync(path.join(tmpdir(), 'cardwise-sharing-renderer-'))
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Cardwise</title><div id="root"></div>')

async function desktopServer(): Promise<Extract<DesktopStart, { ok: true }>> {
  const started = await startDesktopServer(userData, { rendererDir, logger: silentLogger })
  if (!started.ok) throw new Error(started.reason)
  cleanups.push(() => started.server.close())
  return started
}

describe('createLanSharing', () => {
  it('is off by default: 127.0.0.1 only, other hosts refused', async () => {
    const started = await desktopServer()
    const sharing = createLanSharing({ server: started.server, allowedHosts: started.allowedHosts, lanAddress: () => SHOWN })
    const port = started.server.port
    expect(sharing.status()).toEqual({ sharing: false })
    expect(await get('127.0.0.1', port)).toBe(200)
    expect(await get('127.0.0.1', port, `localhost:${port}`)).toBe(200)
    expect(await get('127.0.0.1', port, `${SHOWN}:${port}`)).toBe(421)
    expect(await get('127.0.0.1', port, `rebound.example:${port}`)).toBe(421)
    await expect(get(SHOWN, port)).rejects.toThrow(/ECONNREFUSED/)
  })

  it('on: listens on all interfaces on a port of its own and serves the shown address; off: refused again, the window untouched', async () => {
    const started = await desktopServer()
    const sharing = createLanSharing({ server: started.server, allowedHosts: started.allowedHosts, lanAddress: () => SHOWN })
    const port = started.server.port

    const on = await sharing.start()
    const shared = Number(new URL(on.url ?? '').port)
    expect(on).toEqual({ sharing: true, url: `http://${SHOWN}:${shared}` })
    expect(shared).not.toBe(port)
    expect(await get(SHOWN, shared)).toBe(200)
    expect(await get(SHOWN, shared, `${SHOWN}:${shared}`, '/')).toBe(200)
    // Only the shown address (and this computer's names) on that port: no other Host.
    expect(await get(SHOWN, shared, `rebound.example:${shared}`)).toBe(421)
    expect(await get(SHOWN, shared, `${SHOWN}:${port}`)).toBe(421)
    expect(started.allowedHosts.list().sort()).toEqual(
      [`127.0.0.1:${port}`, `127.0.0.1:${shared}`, `${SHOWN}:${shared}`, `localhost:${port}`, `localhost:${shared}`].sort(),
    )
    // The window's listener is as it was: 127.0.0.1 only.
    expect(await get('127.0.0.1', port)).toBe(200)
    await expect(get(SHOWN, port)).rejects.toThrow(/ECONNREFUSED/)
    // Asking again changes nothing.
    expect(await sharing.start()).toEqual(on)

    expect(await sharing.stop()).toEqual({ sharing: false })
    await expect(get(SHOWN, shared)).rejects.toThrow(/ECONNREFUSED/)
    expect(started.allowedHosts.list().sort()).toEqual([`127.0.0.1:${port}`, `localhost:${port}`])
    expect(await get('127.0.0.1', port)).toBe(200)
    expect(await sharing.stop()).toEqual({ sharing: false })
  })

  it('shares on the port used last time when it is free, on another one when not', async () => {
    const started = await desktopServer()
    const first = createLanSharing({ server: started.server, allowedHosts: started.allowedHosts, lanAddress: () => SHOWN })
    const port = Number(new URL((await first.start()).url ?? '').port)
    await first.stop()
    const again = createLanSharing({ server: started.server, allowedHosts: started.allowedHosts, lanAddress: () => SHOWN, preferredPort: port })
    expect((await again.start()).url).toBe(`http://${SHOWN}:${port}`)
    // Taken (by the window's own listener here): any free port instead.
    const taken = createLanSharing({ server: started.server, allowedHosts: started.allowedHosts, lanAddress: () => SHOWN, preferredPort: port })
    const elsewhere = Number(new URL((await taken.start()).url ?? '').port)
    expect(elsewhere).not.toBe(port)
    await taken.stop()
    await again.stop()
  })

  it('without a network address it stays off and opens nothing', async () => {
    const started = await desktopServer()
    const sharing = createLanSharing({ server: started.server, allowedHosts: started.allowedHosts, lanAddress: () => undefined })
    await expect(sharing.start()).rejects.toBeInstanceOf(NoNetworkError)
    expect(sharing.status()).toEqual({ sharing: false })
    expect(started.allowedHosts.list()).toHaveLength(2)
  })

  it('closing the server (quitting) closes the shared listener too', async () => {
    const started = await startDesktopServer(userData, { rendererDir, logger: silentLogger })
    if (!started.ok) throw new Error(started.reason)
    const sharing = createLanSharing({ server: started.server, allowedHosts: started.allowedHosts, lanAddress: () => SHOWN })
    const shared = Number(new URL((await sharing.start()).url ?? '').port)
    expect(await get(SHOWN, shared)).toBe(200)
    await started.server.close()
    await expect(get(SHOWN, shared)).rejects.toThrow(/ECONNREFUSED/)
  })
})

describe('runDesktop: Share with my class', () => {
  const fileMenu = (fake: ReturnType<typeof fakeElectron>) => {
    const menu = fake.menus.at(-1) as { template: MenuItemConstructorOptions[] }
    return (menu.template.find((item) => item.label === 'File')?.submenu ?? []) as MenuItemConstructorOptions[]
  }
  const clickShare = (fake: ReturnType<typeof fakeElectron>) => (fileMenu(fake)[0]?.click as () => void)()
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

  it('is off at start; the menu item asks for confirmation; Cancel changes nothing', async () => {
    const fake = fakeElectron({ userData })
    const desktop = runDesktop(fake.electron, { preloadPath: '/p.cjs', rendererDir, logger: silentLogger, lanAddress: () => SHOWN })
    cleanups.push(async () => {
      fake.quit()
      await desktop.stopped
    })
    await desktop.ready
    expect(desktop.sharing()?.status()).toEqual({ sharing: false })
    expect(fileMenu(fake)[0]).toMatchObject({ label: 'Share with My Class…', checked: false })

    clickShare(fake)
    await settle()
    expect(fake.dialog.showMessageBox).toHaveBeenCalledTimes(1)
    expect(fake.dialog.showMessageBox.mock.calls[0]?.at(-1)).toEqual(CONFIRM_SHARING)
    expect(CONFIRM_SHARING).toMatchObject({ buttons: ['Share', 'Cancel'], defaultId: 1, cancelId: 1 })
    expect(CONFIRM_SHARING.detail).toMatch(/plain HTTP/)
    expect(desktop.sharing()?.status()).toEqual({ sharing: false })
    expect(FakeWindow.instances).toHaveLength(1)
  })

  it('confirmed: shares, shows the address and its QR code, checks the menu item, tells the window; quitting closes it', async () => {
    const fake = fakeElectron({ userData })
    const desktop = runDesktop(fake.electron, { preloadPath: '/p.cjs', rendererDir, logger: silentLogger, lanAddress: () => SHOWN })
    const started = await desktop.ready
    if (!started?.ok) throw new Error('did not start')
    fake.dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false })

    const status = await desktop.sharing()?.start()
    const url = status?.url ?? ''
    expect(url).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/)
    const shared = Number(new URL(url).port)
    expect(await get(SHOWN, shared)).toBe(200)

    // The address window: a data: page with the address and a QR code, no script.
    const addressWindow = FakeWindow.instances[1]
    expect(addressWindow?.options).toMatchObject({ title: 'Share with my class', webPreferences: { javascript: false, sandbox: true } })
    const page = decodeURIComponent(Buffer.from((addressWindow?.loadedUrl ?? '').split('base64,')[1] ?? '', 'base64').toString('utf8'))
    expect(page).toContain(url)
    expect(page).toMatch(/<img alt="QR code of http:\/\/127\.0\.0\.2:\d+" src="data:image\/png;base64,[A-Za-z0-9+/=]{200,}">/)

    expect(fileMenu(fake)[0]).toMatchObject({ checked: true })
    expect(fileMenu(fake)[1]).toMatchObject({ label: 'Show Sharing Address', enabled: true })
    expect(FakeWindow.instances[0]?.webContents.sent).toContainEqual([SHARING_STATUS_EVENT, { sharing: true, url }])
    expect(JSON.parse(readFileSync(path.join(userData, 'sharing.json'), 'utf8'))).toEqual({ port: shared })

    // The preload bridge: the app's window may ask; another origin may not.
    const handler = fake.ipcHandlers.get(SHARING_CHANNEL)
    expect(await handler?.({ senderFrame: { url: `${started.server.url}/my-sets` } }, 'status')).toEqual({ sharing: true, url })
    await expect(Promise.resolve().then(() => handler?.({ senderFrame: { url: `http://${SHOWN}:${shared}/` } }, 'stop'))).rejects.toThrow(/Cardwise window/)
    expect(desktop.sharing()?.status().sharing).toBe(true)

    fake.quit()
    await desktop.stopped
    await expect(get(SHOWN, shared)).rejects.toThrow(/ECONNREFUSED/)
  })

  it('turning it off (menu or bridge) closes the listener and the address window, and unchecks the item', async () => {
    const fake = fakeElectron({ userData })
    const desktop = runDesktop(fake.electron, { preloadPath: '/p.cjs', rendererDir, logger: silentLogger, lanAddress: () => SHOWN })
    cleanups.push(async () => {
      fake.quit()
      await desktop.stopped
    })
    const started = await desktop.ready
    if (!started?.ok) throw new Error('did not start')
    const handler = fake.ipcHandlers.get(SHARING_CHANNEL)
    const fromWindow = { senderFrame: { url: started.server.url } }

    fake.dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false })
    const on = (await handler?.(fromWindow, 'start')) as { url: string }
    expect(fake.dialog.showMessageBox).toHaveBeenCalledTimes(1)
    const shared = Number(new URL(on.url).port)
    expect(await get(SHOWN, shared)).toBe(200)

    clickShare(fake)
    await settle()
    expect(desktop.sharing()?.status()).toEqual({ sharing: false })
    await expect(get(SHOWN, shared)).rejects.toThrow(/ECONNREFUSED/)
    expect(FakeWindow.instances[1]?.close).toHaveBeenCalled()
    expect(fileMenu(fake)[0]).toMatchObject({ checked: false })
    expect(fileMenu(fake)[1]).toMatchObject({ enabled: false })
    expect(FakeWindow.instances[0]?.webContents.sent.at(-1)).toEqual([SHARING_STATUS_EVENT, { sharing: false }])
    // No second confirmation was needed to stop.
    expect(fake.dialog.showMessageBox).toHaveBeenCalledTimes(1)
    expect(await get('127.0.0.1', started.server.port)).toBe(200)
  })

  it('a computer on no network: an error dialog, and sharing stays off', async () => {
    const fake = fakeElectron({ userData })
    const desktop = runDesktop(fake.electron, { preloadPath: '/p.cjs', rendererDir, logger: silentLogger, lanAddress: () => undefined })
    cleanups.push(async () => {
      fake.quit()
      await desktop.stopped
    })
    await desktop.ready
    fake.dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false })
    expect(await desktop.sharing()?.start()).toEqual({ sharing: false })
    expect(fake.dialog.showErrorBox).toHaveBeenCalledWith('Sharing could not start', expect.stringMatching(/not connected to a network/))
  })
})

describe('runDesktop in the system language (issue 30)', () => {
  const menuOf = (fake: ReturnType<typeof fakeElectron>) => (fake.menus.at(-1) as { template: MenuItemConstructorOptions[] }).template
  const labels = (items: MenuItemConstructorOptions[]) => items.filter((item) => item.label).map((item) => item.label)

  it('menus, the sharing confirmation and the sharing window in German when the system prefers it', async () => {
    const fake = fakeElectron({ userData, languages: ['de-CH', 'fr-CH', 'en-US'] })
    const desktop = runDesktop(fake.electron, { preloadPath: '/p.cjs', rendererDir, logger: silentLogger, lanAddress: () => SHOWN })
    cleanups.push(async () => {
      fake.quit()
      await desktop.stopped
    })
    await desktop.ready
    const menu = menuOf(fake)
    expect(labels(menu)).toEqual(['Datei', 'Ansicht', 'Hilfe'])
    expect(labels(menu[0]?.submenu as MenuItemConstructorOptions[])).toEqual(['Mit meiner Klasse teilen …', 'Freigabeadresse anzeigen'])
    expect(labels(menu[2]?.submenu as MenuItemConstructorOptions[])).toEqual(['Cardwise 0.1.0', 'Datenordner öffnen'])

    fake.dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false })
    await desktop.sharing()?.start()
    expect(fake.dialog.showMessageBox.mock.calls[0]?.at(-1)).toMatchObject({
      title: 'Mit meiner Klasse teilen',
      message: 'Cardwise mit den Geräten in diesem Netzwerk teilen?',
      buttons: ['Teilen', 'Abbrechen'],
      defaultId: 1,
      cancelId: 1,
    })
    const addressWindow = FakeWindow.instances[1]
    expect(addressWindow?.options.title).toBe('Mit meiner Klasse teilen')
    const page = Buffer.from((addressWindow?.loadedUrl ?? '').split('base64,')[1] ?? '', 'base64').toString('utf8')
    expect(page).toContain('<html lang="de" dir="ltr">')
    expect(page).toContain('<h1>Schüler öffnen diese Adresse</h1>')
    expect(page).toMatch(/<img alt="QR-Code von http:\/\/127\.0\.0\.2:\d+"/)
  })

  it('Arabic right to left; English for a language the app does not speak', async () => {
    const arabic = fakeElectron({ userData, languages: ['ar-EG'] })
    const desktop = runDesktop(arabic.electron, { preloadPath: '/p.cjs', rendererDir, logger: silentLogger, lanAddress: () => SHOWN })
    await desktop.ready
    expect(labels(menuOf(arabic))).toEqual(['ملف', 'عرض', 'مساعدة'])
    arabic.dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false })
    await desktop.sharing()?.start()
    const page = Buffer.from((FakeWindow.instances[1]?.loadedUrl ?? '').split('base64,')[1] ?? '', 'base64').toString('utf8')
    expect(page).toContain('<html lang="ar" dir="rtl">')
    arabic.quit()
    await desktop.stopped

    const korean = fakeElectron({ userData, languages: ['ko-KR'] })
    const english = runDesktop(korean.electron, { preloadPath: '/p.cjs', rendererDir, logger: silentLogger, lanAddress: () => SHOWN })
    cleanups.push(async () => {
      korean.quit()
      await english.stopped
    })
    await english.ready
    expect(labels(menuOf(korean))).toEqual(['File', 'View', 'Help'])
  })
})
