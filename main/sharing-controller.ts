import type { MessageBoxOptions } from 'electron'
import type { ElectronLike, WindowLike } from './electron-like'
import { type DesktopMessages, desktopCatalogs } from './i18n/messages'
import type { Locale } from '#shared/i18n/locales'
import type { LanSharing, SharingStatus } from './sharing'
import { sharingPageUrl, sharingWindowOptions } from './sharing-window'

/** The confirmation asked before sharing starts: Cancel is the default, so Enter does not share. */
export function confirmSharing(texts: DesktopMessages): MessageBoxOptions {
  return {
    type: 'question',
    title: texts.sharingTitle,
    message: texts.sharingQuestion,
    detail: texts.sharingDetail,
    buttons: [texts.share, texts.cancel],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  }
}

/** The confirmation in English. */
export const CONFIRM_SHARING: MessageBoxOptions = confirmSharing(desktopCatalogs.en)

export interface SharingUi {
  dialog: Pick<ElectronLike['dialog'], 'showMessageBox' | 'showErrorBox'>
  BrowserWindow: ElectronLike['BrowserWindow']
  /** The app's window, to attach the dialogs and the sharing window to. */
  parent(): WindowLike | undefined
  /** Called after every change: the menu's check mark and the preload bridge follow it. */
  onChange(status: SharingStatus): void
  /** The language of the dialogs and the sharing window (English unless told). */
  locale?: Locale
}

/**
 * The sharing commands of the menu and the preload bridge: start asks for confirmation first
 * and then shows the address and its QR code in a small window; stop closes that window too.
 */
export function sharingController(sharing: LanSharing, ui: SharingUi) {
  let addressWindow: WindowLike | undefined
  const locale = ui.locale ?? 'en'
  const texts = desktopCatalogs[locale]

  const confirm = async (): Promise<boolean> => {
    const parent = ui.parent()
    const { response } = parent ? await ui.dialog.showMessageBox(parent, confirmSharing(texts)) : await ui.dialog.showMessageBox(confirmSharing(texts))
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
    const window = new ui.BrowserWindow({ ...sharingWindowOptions(texts), ...(parent ? { parent } : {}) })
    addressWindow = window
    window.on('closed', () => {
      if (addressWindow === window) addressWindow = undefined
    })
    await window.loadURL(await sharingPageUrl(url, locale))
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
      ui.dialog.showErrorBox(texts.sharingFailed, error instanceof Error ? error.message : String(error))
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
