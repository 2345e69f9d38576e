import type { MenuItemConstructorOptions } from 'electron'
import { type DesktopMessages, desktopCatalogs } from './i18n/messages'

export interface MenuActions {
  version: string
  openDataFolder(): void
  isMac?: boolean
  /** "Share with my class" (issue 20): a check item that turns sharing on (after a confirmation) and off. */
  sharing?: {
    on: boolean
    toggle(): void
    showAddress(): void
  }
  /** The menu's language (./i18n/messages.ts); English unless told. */
  texts?: DesktopMessages
}

/**
 * The small app menu: File (Share with My Class, Quit), View (reload, zoom, full screen), Help
 * (version, data folder). Rebuilt when sharing turns on or off, so its check mark follows.
 */
export function menuTemplate({ version, openDataFolder, isMac = false, sharing, texts = desktopCatalogs.en }: MenuActions): MenuItemConstructorOptions[] {
  const sharingItems: MenuItemConstructorOptions[] = sharing
    ? [
        { label: texts.shareWithClass, type: 'checkbox', checked: sharing.on, click: () => sharing.toggle() },
        { label: texts.showSharingAddress, enabled: sharing.on, click: () => sharing.showAddress() },
        { type: 'separator' },
      ]
    : []
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { label: texts.file, submenu: [...sharingItems, { role: 'quit' }] },
    ...(isMac ? [{ role: 'editMenu' as const }] : []),
    {
      label: texts.view,
      submenu: [
        { role: 'reload' },
        { type: 'separator' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'resetZoom' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: texts.help,
      submenu: [{ label: texts.version(version), enabled: false }, { type: 'separator' }, { label: texts.openDataFolder, click: () => openDataFolder() }],
    },
  ]
}
