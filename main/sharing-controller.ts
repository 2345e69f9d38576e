import type { MessageBoxOptions } from 'electron'
import type { ElectronLike, WindowLike } from './electron-like'
import type { LanSharing, SharingStatus } from './sharing'
import { sharingPageUrl, sharingWindowOptions } from './sharing-window'

/** The confirmation asked before sharing starts: Cancel is the default, so Enter does not share. */
export const CONFIRM_SHARING: MessageBoxOptions = {
  type: 'question',
  title: 'Share with my class',
  message: 'Share Cardwise with the devices on this network?',
  detail:
    'Students on the same network (Wi-Fi or cable) can then open Cardwise from their phones and laptops, make accounts and study the sets you assign.\n\n' +
    'The connection is plain HTTP, not encrypted: share only on a network you trust, such as the school network, and stop sharing when the lesson ends. ' +
    'Sharing stops when you quit Cardwise.',
  buttons: ['Share', 'Cancel'],
  defaultId: 1,
  cancelId: 1,
  noLink: true,
}

export interface SharingUi {
  dialog: Pick<ElectronLike['dialog'], 'showMessageBox' | 'showErrorBox'>
  BrowserWindow: ElectronLike['BrowserWindow']
  /** The app's window, to attach the dialogs and the sharing window to. */
  parent(): WindowLike | undefined
  /** Called after every change: the menu's check mark and the preload bridge follow it. */
  onChange(status: SharingStatus): void
}

/**
 * The sharing commands of the menu and the preload bridge: start asks for confirmation first
 * and then shows the address and its QR code in a small window; stop closes that window too.
 */
export function sharingController(sharing: LanSharing, ui: SharingUi) {
  let addressWindow: WindowLike | undefined

  const confirm = async (): Promise<boolean> => {
    const parent = ui.parent()
    const { response } = parent ? await ui.dialog.showMessageBox(parent, CONFIRM_SHARING) : await ui.dialog.showMessageBox(CONFIRM_SHARING)
    return response === 0
  }

  async function showAddress(): Promise<void> {
    const { url } = sharing.status()
    if (!url) return
    if (addressWindow && !addressWindow.isDestroyed()) {
      addressWindow.show()
      addressWindow.focus()
      return
    }
    const parent = ui.parent()
    const window = new ui.BrowserWindow({ ...sharingWindowOptions(), ...(parent ? { parent } : {}) })
    addressWindow = window
    window.on('closed', () => {
      if (addressWindow === window) addressWindow = undefined
    })
    await window.loadURL(await sharingPageUrl(url))
    window.show()
  }

  function closeAddressWindow(): void {
    if (addressWindow && !addressWindow.isDestroyed()) addressWindow.close()
    addressWindow = undefined
  }

  async function start(): Promise<SharingStatus> {
    if (sharing.status().sharing) {
      await showAddress()
      return sharing.status()
    }
    if (!(await confirm())) return sharing.status()
    try {
      const status = await sharing.start()
      ui.onChange(status)
      await showAddress()
      return status
    } catch (error) {
      ui.dialog.showErrorBox('Sharing could not start', error instanceof Error ? error.message : String(error))
      return sharing.status()
    }
  }

  async function stop(): Promise<SharingStatus> {
    closeAddressWindow()
    const status = await sharing.stop()
    ui.onChange(status)
    return status
  }

  return {
    status: () => sharing.status(),
    start,
    stop,
    toggle: () => (sharing.status().sharing ? stop() : start()),
    showAddress,
    addressWindow: () => addressWindow,
  }
}

export type SharingController = ReturnType<typeof sharingController>
