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
  /** The file of every `[sound:...]` tag, in order (the card keeps the first); the tags are not text. */
  sounds: string[]
}

const DROPPED_BLOCKS = /<(script|style|template|iframe|object)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi
const COMMENTS = /<!--[\s\S]*?(-->|$)/g
const SOUND = /\[sound:([^\]]*)\]/gi
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

/**
 * Tags and entities of the kind an editor writes (`<br>`, `<div>`, `<b>`, `&nbsp;`): a plain
 * CSV or text file holding them was written from HTML fields (shared decks often are), and is read
 * as Anki reads such fields. A lone `<` or `&` in ordinary text is not taken for HTML.
 */
const HTML_HINT =
  /<(?:br|div|p|b|i|u|s|em|strong|span|font|sub|sup|ul|ol|li|img|hr|table|tr|td|th|a|h[1-6]|blockquote|pre|code)(?:\s[^<>]*)?\/?>|<\/(?:div|p|b|i|u|s|em|strong|span|font|sub|sup|ul|ol|li|table|tr|td|th|a|h[1-6]|blockquote|pre|code)>|&(?:nbsp|amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/i

/** Whether text (a whole file, or a field) holds HTML as an editor writes it. */
export function looksLikeHtml(text: string): boolean {
  return HTML_HINT.test(text)
}

export function fieldContent(html: string): FieldContent {
  const withoutActive = html.slice(0, MAX_FIELD_HTML).replace(DROPPED_BLOCKS, '').replace(COMMENTS, '')
  const images = imageSources(withoutActive)
  const sounds = [...withoutActive.matchAll(SOUND)].map((match) => decodeHTML(match[1] ?? '').trim()).filter(Boolean)
  // Runs of spaces in the HTML collapse as the browser shows them, before entities are decoded: `&nbsp;` is a space
  // the author meant (Cardwise's export writes a run of spaces so); a tab is kept (Anki's own exports keep it).
  const source = withoutActive.replace(SOUND, '').replace(BREAK, '\n').replace(BLOCK_EDGES, '\n').replace(ANY_TAG, '').replace(/ {2,}/g, ' ')
  const text = decodeHTML(source)
    .replace(/\u00a0/g, ' ')
    .replace(FURIGANA, '$1($2)')
    .split('\n')
    .map((line) => line.replace(/[\r\f\v]/g, '').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return { text, images, sounds }
}
