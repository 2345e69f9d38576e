import { useCallback, useSyncExternalStore } from 'react'

export type Theme = 'dark' | 'light'

/** The local-storage key of the theme (docs/content-rules.md). public/theme-init.js reads it before the first paint. */
export const THEME_STORAGE_KEY = 'theme'

/**
 * The theme the student chose (stored), else the system's: light when the system prefers light,
 * dark otherwise (docs/content-rules.md). public/theme-init.js applies the same rule before the
 * first paint.
 */
export function themeFromStorage(stored: string | null, systemPrefersLight = false): Theme {
  if (stored === 'light' || stored === 'dark') return stored
  return systemPrefersLight ? 'light' : 'dark'
}

const LIGHT_QUERY = '(prefers-color-scheme: light)'

function systemPrefersLight(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(LIGHT_QUERY).matches
}

function storedTheme(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY)
  } catch {
    return null
  }
}

function readTheme(): Theme {
  return themeFromStorage(storedTheme(), systemPrefersLight())
}

const listeners = new Set<() => void>()
let current: Theme = typeof window === 'undefined' ? 'dark' : readTheme()

// Until the student chooses, the theme follows the system's as it changes.
if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  window.matchMedia(LIGHT_QUERY).addEventListener('change', () => {
    if (storedTheme() !== null) return
    current = readTheme()
    document.documentElement.dataset.theme = current
    for (const listener of listeners) listener()
  })
}

export function setTheme(theme: Theme): void {
  current = theme
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // Private browsing may refuse storage; the theme still applies to this page.
  }
  document.documentElement.dataset.theme = theme
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  )
  const toggleTheme = useCallback(() => setTheme(current === 'dark' ? 'light' : 'dark'), [])
  return { theme, toggleTheme }
}
