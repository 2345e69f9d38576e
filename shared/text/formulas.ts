/**
 * Formulas in card text (api.md, "Third round" > Formulas): `\(...\)` inline and `\[...\]` on a
 * line of their own, LaTeX inside, drawn with KaTeX by the renderer. The server's text cleaning
 * strips markup from the text around them and keeps each formula verbatim (a `<` in a formula is
 * "less than", not a tag): the formula's source is never read as HTML anywhere, only drawn by
 * KaTeX (with `trust` off: no links, no classes, no styles of the author's) or shown as text.
 */

export type TextPart = { kind: 'text'; text: string } | { kind: 'formula'; display: boolean; tex: string; source: string }

const CLOSERS = { '(': '\\)', '[': '\\]' } as const

/**
 * The text cut into plain text and formulas, in order. An opener without its closer is text,
 * and so is an empty formula; formulas do not nest (the first closer ends one).
 */
export function splitFormulas(text: string): TextPart[] {
  const parts: TextPart[] = []
  let plain = ''
  let at = 0
  while (at < text.length) {
    const open = text.indexOf('\\', at)
    if (open < 0) break
    const kind = text[open + 1]
    if (kind !== '(' && kind !== '[') {
      plain += text.slice(at, open + 1)
      at = open + 1
      continue
    }
    const close = text.indexOf(CLOSERS[kind], open + 2)
    const tex = close < 0 ? '' : text.slice(open + 2, close)
    if (close < 0 || tex.trim() === '') {
      plain += text.slice(at, open + 2)
      at = open + 2
      continue
    }
    plain += text.slice(at, open)
    if (plain) parts.push({ kind: 'text', text: plain })
    plain = ''
    parts.push({ kind: 'formula', display: kind === '[', tex, source: text.slice(open, close + 2) })
    at = close + 2
  }
  plain += text.slice(at)
  if (plain) parts.push({ kind: 'text', text: plain })
  return parts
}

/** Whether the text holds a formula (the renderer loads KaTeX only then). */
export function hasFormula(text: string): boolean {
  return (text.includes('\\(') || text.includes('\\[')) && splitFormulas(text).some((part) => part.kind === 'formula')
}

/** A text cleaner that cleans the text between formulas and keeps each formula as it is. */
export function keepingFormulas(clean: (text: string) => string): (text: string) => string {
  return (text) => {
    if (!text.includes('\\(') && !text.includes('\\[')) return clean(text)
    return splitFormulas(text)
      .map((part) => (part.kind === 'formula' ? part.source : clean(part.text)))
      .join('')
  }
}
