import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { menuTemplate } from './menu'

describe('menuTemplate', () => {
  it('has File: Quit, View: reload/zoom/full screen, Help: version and Open Data Folder', () => {
    const openDataFolder = vi.fn()
    const template = menuTemplate({ version: '1.2.3', openDataFolder })
    const items = (label: string) => (template.find((menu) => menu.label === label)?.submenu ?? []) as MenuItemConstructorOptions[]
    expect(template.map((menu) => menu.label)).toEqual(['File', 'View', 'Help'])
    expect(items('File').map((item) => item.role)).toEqual(['quit'])
    expect(items('View').map((item) => item.role).filter(Boolean)).toEqual(['reload', 'zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen'])
    expect(items('Help')[0]?.label).toBe('Cardwise 1.2.3')
    const open = items('Help').find((item) => item.label === 'Open Data Folder')
    ;(open?.click as () => void)()
    expect(openDataFolder).toHaveBeenCalled()
  })
})
