import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Rectangle } from './electron-like'

export const WINDOW_STATE_FILE = 'window-state.json'

export interface WindowState {
  x?: number
  y?: number
  width: number
  height: number
  maximized: boolean
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/**
 * The saved size and position, or undefined when there is none or it is unreadable. A position
 * that lies off every display (a monitor was unplugged) is dropped, so the window opens centred.
 */
export function loadWindowState(file: string, displays: Array<{ workArea: Rectangle }>): WindowState | undefined {
  let saved: Record<string, unknown>
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  } catch {
    return undefined
  }
  if (!saved || !isNumber(saved.width) || !isNumber(saved.height) || saved.width < 200 || saved.height < 200) return undefined
  const state: WindowState = { width: Math.round(saved.width), height: Math.round(saved.height), maximized: saved.maximized === true }
  if (isNumber(saved.x) && isNumber(saved.y)) {
    const bounds = { x: saved.x, y: saved.y, width: state.width, height: state.height }
    if (displays.some((display) => overlaps(bounds, display.workArea))) {
      state.x = Math.round(saved.x)
      state.y = Math.round(saved.y)
    }
  }
  return state
}

/** True when enough of the window's title bar area is on the display to grab it. */
function overlaps(window: Rectangle, area: Rectangle): boolean {
  const left = Math.max(window.x, area.x)
  const right = Math.min(window.x + window.width, area.x + area.width)
  const top = Math.max(window.y, area.y)
  const bottom = Math.min(window.y + 40, area.y + area.height)
  return right - left >= 50 && bottom > top
}

export function saveWindowState(file: string, state: WindowState): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, `${JSON.stringify(state)}\n`)
  } catch {
    // Remembering the window is a nicety; never fail a quit over it.
  }
}

/** The state to save for a window as it is now (its normal bounds when maximized). */
export function currentWindowState(window: { getNormalBounds(): Rectangle; isMaximized(): boolean }): WindowState {
  const bounds = window.getNormalBounds()
  return { ...bounds, maximized: window.isMaximized() }
}
