import katex, { type KatexOptions } from 'katex'
import 'katex/dist/katex.min.css'

/**
 * KaTeX, in a chunk of its own: FormulaText loads this module (and with it KaTeX's CSS and fonts)
 * the first time a formula is on screen, so pages without formulas never download it. The build
 * precaches the chunk, the CSS and the woff2 fonts with the app shell, so formulas draw offline.
 *
 * Options: `trust` off (no \href, \url, \includegraphics, \htmlClass...: they draw as errors, and
 * errors throw), `throwOnError` so a formula that does not parse shows its source instead, and
 * limits on macro expansion and sizes so no formula can stall or flood the page. `katex.render`
 * builds the DOM itself (styles set through the CSSOM), which the app's CSP (`style-src 'self'`)
 * allows where HTML with inline style attributes would be blocked.
 */
export const KATEX_OPTIONS: KatexOptions = {
  throwOnError: true,
  // A command refused by `trust` (\href...) is drawn as its name in the text's own colour
  // (KaTeX's red fails contrast on the dark theme).
  errorColor: 'inherit',
  trust: false,
  strict: 'ignore',
  maxExpand: 200,
  maxSize: 20,
  output: 'htmlAndMathml',
}

/** Draws `tex` into `element`; false (and the element left alone) when it does not parse. */
export function renderFormula(element: HTMLElement, tex: string, display: boolean): boolean {
  try {
    katex.render(tex, element, { ...KATEX_OPTIONS, displayMode: display })
    return true
  } catch {
    return false
  }
}
