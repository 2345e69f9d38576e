// Dark by default; light only when the stored theme is 'light' (spec section 4). Mirrors features/theme/theme.ts.
try {
  document.documentElement.dataset.theme = localStorage.getItem('theme') === 'light' ? 'light' : 'dark'
} catch (_) {
  document.documentElement.dataset.theme = 'dark'
}
