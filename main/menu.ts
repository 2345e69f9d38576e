import type { MenuItemConstructorOptions } from 'electron'

export interface MenuActions {
  version: string
  openDataFolder(): void
  isMac?: boolean
}

/** The small app menu: File (Quit), View (reload, zoom, full screen), Help (version, data folder). */
export function menuTemplate({ version, openDataFolder, isMac = false }: MenuActions): MenuItemConstructorOptions[] {
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { label: 'File', submenu: [{ role: 'quit' }] },
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
      submenu: [
        { label: `Cardwise ${version}`, enabled: false },
        { type: 'separator' },
        { label: 'Open Data Folder', click: () => openDataFolder() },
      ],
    },
  ]
}
