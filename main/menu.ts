import type { MenuItemConstructorOptions } from 'electron'

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
}

/**
 * The small app menu: File (Share with My Class, Quit), View (reload, zoom, full screen), Help
 * (version, data folder). Rebuilt when sharing turns on or off, so its check mark follows.
 */
export function menuTemplate({ version, openDataFolder, isMac = false, sharing }: MenuActions): MenuItemConstructorOptions[] {
  const sharingItems: MenuItemConstructorOptions[] = sharing
    ? [
        { label: 'Share with My Class…', type: 'checkbox', checked: sharing.on, click: () => sharing.toggle() },
        { label: 'Show Sharing Address', enabled: sharing.on, click: () => sharing.showAddress() },
        { type: 'separator' },
      ]
    : []
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { label: 'File', submenu: [...sharingItems, { role: 'quit' }] },
    ...(isMac ? [{ role: 'editMenu' as const }] : []),
    {
      label: 'View',
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
      label: 'Help',
      submenu: [{ label: `Cardwise ${version}`, enabled: false }, { type: 'separator' }, { label: 'Open Data Folder', click: () => openDataFolder() }],
    },
  ]
}
