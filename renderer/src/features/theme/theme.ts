import { useCallback, useSyncExternalStore } from 'react'

export type Theme = 'dark' | 'light'

/** The local-storage key of the theme (docs/content-rules.md). public/theme-init.js reads it before the first paint. */
export const THEME_STORAGE_KEY = 'theme'

/** Dark by default; light only when the stored theme is 'light' (docs/content-rules.md). */
export function themeFromStorage(stored: string | null): Theme {
  return stored === 'light' ? 'light' : 'dark'
}

function readTheme(): Theme {
  try {
    return themeFromStorage(localStorage.getItem(THEME_STORAGE_KEY))
  } catch {
    return 'dark'
  }
}

const listeners = new Set<() => void>()
let current: Theme = typeof window === 'undefined' ? 'dark' : readTheme()

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
