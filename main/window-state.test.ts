import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { currentWindowState, loadWindowState, saveWindowState } from './window-state'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cardwise-window-'))
  file = path.join(dir, 'window-state.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }, { workArea: { x: 1920, y: 0, width: 1280, height: 1024 } }]

describe('window state', () => {
  it('is undefined when nothing was saved or the file is garbage', () => {
    expect(loadWindowState(file, displays)).toBeUndefined()
    writeFileSync(file, '{not json')
    expect(loadWindowState(file, displays)).toBeUndefined()
    writeFileSync(file, JSON.stringify({ width: 'big' }))
    expect(loadWindowState(file, displays)).toBeUndefined()
  })

  it('round-trips size, position and maximized', () => {
    saveWindowState(file, { x: 2000, y: 50, width: 900, height: 700, maximized: true })
    expect(loadWindowState(file, displays)).toEqual({ x: 2000, y: 50, width: 900, height: 700, maximized: true })
  })

  it('drops a position off every display but keeps the size', () => {
    saveWindowState(file, { x: 5000, y: 3000, width: 900, height: 700, maximized: false })
    expect(loadWindowState(file, displays)).toEqual({ width: 900, height: 700, maximized: false })
  })

  it('saves the normal bounds of a window', () => {
    const window = { getNormalBounds: () => ({ x: 1, y: 2, width: 800, height: 600 }), isMaximized: () => false }
    expect(currentWindowState(window)).toEqual({ x: 1, y: 2, width: 800, height: 600, maximized: false })
  })
})
