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
    expect(
      items('View')
        .map((item) => item.role)
        .filter(Boolean),
    ).toEqual(['reload', 'zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen'])
    expect(items('Help')[0]?.label).toBe('Cardwise 1.2.3')
    const open = items('Help').find((item) => item.label === 'Open Data Folder')
    ;(open?.click as () => void)()
    expect(openDataFolder).toHaveBeenCalled()
  })
})

describe('the sharing items', () => {
  const fileItems = (on: boolean, toggle = vi.fn(), showAddress = vi.fn()) =>
    (menuTemplate({ version: '1', openDataFolder: vi.fn(), sharing: { on, toggle, showAddress } }).find((menu) => menu.label === 'File')?.submenu ??
      []) as MenuItemConstructorOptions[]

  it('off: an unchecked "Share with My Class…" that toggles, the address item disabled, then Quit', () => {
    const toggle = vi.fn()
    const items = fileItems(false, toggle)
    expect(items.map((item) => item.label ?? item.role ?? item.type)).toEqual(['Share with My Class…', 'Show Sharing Address', 'separator', 'quit'])
    expect(items[0]).toMatchObject({ type: 'checkbox', checked: false })
    expect(items[1]?.enabled).toBe(false)
    ;(items[0]?.click as () => void)()
    expect(toggle).toHaveBeenCalledTimes(1)
  })

  it('on: checked, and the address item opens the address window', () => {
    const showAddress = vi.fn()
    const items = fileItems(true, vi.fn(), showAddress)
    expect(items[0]?.checked).toBe(true)
    expect(items[1]?.enabled).toBe(true)
    ;(items[1]?.click as () => void)()
    expect(showAddress).toHaveBeenCalledTimes(1)
  })
})
