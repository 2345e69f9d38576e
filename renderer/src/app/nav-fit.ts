/**
 * Whether the header's row holds its items side by side: `widths` are their natural widths (the
 * navigation without wrapping), `gap` the space between two of them, `available` the row's inner
 * width. The header shows the menu button instead of the navigation when they do not.
 */
export function rowFits(available: number, widths: readonly number[], gap: number): boolean {
  const shown = widths.filter((width) => width > 0)
  const needed = shown.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, shown.length - 1)
  return needed <= available
}
