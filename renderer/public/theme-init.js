// The stored theme when the student chose one, else the system's (light when it prefers light, dark
// otherwise). Mirrors themeFromStorage in features/theme/theme.ts.
try {
  var stored = localStorage.getItem('theme')
  var light = stored === 'light' || (stored !== 'dark' && window.matchMedia('(prefers-color-scheme: light)').matches)
  document.documentElement.dataset.theme = light ? 'light' : 'dark'
} catch (_) {
  document.documentElement.dataset.theme = 'dark'
}
