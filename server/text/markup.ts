import { createRequire } from 'node:module'
import createDOMPurify, { type DOMPurify } from 'dompurify'

let purify: DOMPurify | undefined

/**
 * DOMPurify needs a DOM; on the server it gets jsdom's, made once on first use. jsdom is loaded
 * only then (it takes seconds to load), so the server and the desktop app start fast and plain
 * text never pays for it.
 */
function sanitizer(): DOMPurify {
  if (!purify) {
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof import('jsdom')
    purify = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis)
  }
  return purify
}

function stripOnce(text: string): string {
  // No tags and no entities: nothing to strip (the common case, kept off the parser).
  if (!text.includes('<') && !text.includes('&')) return text
  const fragment = sanitizer().sanitize(text, { ALLOWED_TAGS: [], KEEP_CONTENT: true, RETURN_DOM_FRAGMENT: true })
  return fragment.textContent ?? ''
}

/**
 * User text with all markup removed by a real HTML sanitiser: tags go, the text inside ordinary
 * tags stays, script and style contents go, entities become characters. Repeated until stable,
 * so an escaped tag ('&lt;b&gt;') cannot come back as markup.
 */
export function stripMarkup(text: string): string {
  let current = text
  for (let round = 0; round < 3; round++) {
    const next = stripOnce(current)
    if (next === current) return next
    current = next
  }
  return current.replace(/[<>]/g, '')
}
