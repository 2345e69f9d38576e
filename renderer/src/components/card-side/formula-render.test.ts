import { JSDOM } from 'jsdom'
import katex from 'katex'
import { describe, expect, it } from 'vitest'
import { KATEX_OPTIONS } from './formula-render'

/** What the app's options make of a formula, as HTML (katex.render builds the same tree in the page). */
const drawn = (tex: string, display = false) => katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display })

describe("KaTeX with the app's options", () => {
  it('draws ordinary formulas, with MathML for screen readers', () => {
    const html = drawn('\\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}', true)
    expect(html).toContain('katex-display')
    expect(html).toContain('<math')
  })

  it.each([
    ['\\href', '\\href{javascript:alert(1)}{click}'],
    ['\\url', '\\url{javascript:alert(1)}'],
    ['\\includegraphics', '\\includegraphics{x.png}'],
    ['\\htmlClass', '\\htmlClass{evil}{x}'],
    ['\\htmlStyle', '\\htmlStyle{background:url(x)}{x}'],
    ['\\htmlData', '\\htmlData{x=1}{y}'],
    ['\\htmlId', '\\htmlId{main}{y}'],
    ['markup inside', '<img src=x onerror=alert(1)><script>alert(1)</script>'],
  ])('%s draws no link, picture, script or author attribute', (_name, tex) => {
    let html = ''
    try {
      html = drawn(tex)
    } catch {
      // Refused outright: FormulaText then shows the source as text.
      return
    }
    // Parsed as the page would: the source may be there as text (MathML's annotation), never as markup.
    const page = new JSDOM(`<body>${html}</body>`).window.document
    expect(page.querySelectorAll('a, img, script, [href], [src], [onerror], .evil, #main, [data-x]')).toHaveLength(0)
  })

  it('a formula that does not parse throws (its source is shown instead)', () => {
    expect(() => drawn('\\frac{1}{')).toThrow()
    expect(() => drawn('\\undefinedcommand')).toThrow()
  })

  it('macro bombs stop at the expansion limit', () => {
    expect(() => drawn('\\def\\a{\\a\\a}\\a')).toThrow()
  })
})
