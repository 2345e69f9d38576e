import { decodeHTML } from 'entities'

/**
 * An Anki field's HTML as the clean text of a card. Anki fields are small editor fragments
 * (`<b>`, `<div>`, `<br>`, `<img>`, entities), so a few ordered replacements do the job at a
 * fraction of a DOM's cost: a 10,000-note package has 20,000 fields to clean.
 */

export interface FieldContent {
  text: string
  /** The `src` of every `<img>`, in order (the card keeps the first). */
  images: string[]
}

const DROPPED_BLOCKS = /<(script|style|template|iframe|object)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi
const COMMENTS = /<!--[\s\S]*?(-->|$)/g
const SOUND = /\[sound:[^\]]*\]/gi
const IMAGE = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/gi
const BREAK = /<br\s*\/?>/gi
/**
 * The start or end of a block: a line ends there, but `</div><div>` is one line break, not two
 * (the editor writes `a<div>b</div><div>c</div>` for three lines).
 */
const BLOCK_EDGES = /(?:<\/?(?:div|p|li|tr|h[1-6]|blockquote|pre|ul|ol|table)(?:\s[^>]*)?>)+/gi
const ANY_TAG = /<\/?[a-z][^>]*>/gi
/**
 * Anki's furigana: `漢字[かんじ]`, optionally after a space that separates it from the text before.
 * Only when the base and the reading have a non-ASCII character, so `a[1]` in a programming card
 * and a cloze blank `東京は[...]` stay as they are.
 */
const FURIGANA = / ?([^\s[\]<>]{0,20}?[^\x00-\x7f][^\s[\]<>]{0,20}?)\[([^\][]{0,20}?[^\x00-\x7f][^\][]{0,20}?)\]/g
/**
 * Fields are cut before cleaning: a card keeps at most 300 characters, and every pattern above
 * then runs on a bounded string whatever a hostile package holds.
 */
const MAX_FIELD_HTML = 20_000

/** The image names an `<img>` points at, decoded like the rest of the field. */
function imageSources(html: string): string[] {
  const sources: string[] = []
  for (const match of html.matchAll(IMAGE)) {
    const src = decodeHTML(match[1] ?? match[2] ?? match[3] ?? '').trim()
    if (src) sources.push(src)
  }
  return sources
}

export function fieldContent(html: string): FieldContent {
  const withoutActive = html.slice(0, MAX_FIELD_HTML).replace(DROPPED_BLOCKS, '').replace(COMMENTS, '')
  const images = imageSources(withoutActive)
  const text = decodeHTML(withoutActive.replace(SOUND, '').replace(BREAK, '\n').replace(BLOCK_EDGES, '\n').replace(ANY_TAG, ''))
    .replace(/\u00a0/g, ' ')
    .replace(FURIGANA, '$1($2)')
    .split('\n')
    // Runs of spaces collapse as the browser shows them; a tab is kept (Anki's own exports keep it).
    .map((line) =>
      line
        .replace(/[\r\f\v]/g, '')
        .replace(/ {2,}/g, ' ')
        .trim(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return { text, images }
}
