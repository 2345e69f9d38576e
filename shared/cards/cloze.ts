/**
 * Cloze deletions in Anki's syntax (issue 26): `{{c1::answer}}` or `{{c1::answer::hint}}`, numbers 1 to 50. The same
 * number twice is one prompt with several blanks. Pure code, used by the server (validation, prompts) and the renderer
 * (study modes, the editor's preview).
 */
import { CLOZE_MAX_NUMBER } from '#shared/limits'

/** A piece of a cloze text: plain text, or a deletion with its number, answer and optional hint. */
export type ClozeSegment = { kind: 'text'; text: string } | { kind: 'deletion'; number: number; answer: string; hint: string | null }

// The answer runs (lazily) to the first `::` that starts a hint or to the first `}}`.
const DELETION = /\{\{c(\d{1,2})::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g

/** Splits a cloze text into plain text and deletions. A number outside 1..50 is not a deletion: it stays text. */
export function parseCloze(text: string): ClozeSegment[] {
  const segments: ClozeSegment[] = []
  let plain = ''
  let last = 0
  for (const match of text.matchAll(DELETION)) {
    const number = Number(match[1])
    const answer = match[2] ?? ''
    if (number < 1 || number > CLOZE_MAX_NUMBER || answer.trim() === '') continue
    plain += text.slice(last, match.index)
    if (plain !== '') segments.push({ kind: 'text', text: plain })
    plain = ''
    const hint = match[3]?.trim()
    segments.push({ kind: 'deletion', number, answer, hint: hint ? hint : null })
    last = match.index + match[0].length
  }
  plain += text.slice(last)
  if (plain !== '') segments.push({ kind: 'text', text: plain })
  return segments
}

/** The deletion numbers of a cloze text, ascending and without repeats. */
export function clozeNumbers(text: string): number[] {
  const numbers = new Set<number>()
  for (const segment of parseCloze(text)) if (segment.kind === 'deletion') numbers.add(segment.number)
  return [...numbers].sort((a, b) => a - b)
}

/** What asking deletion `number` shows: its blanks as `[...]` (or `[hint]`), every other deletion as plain text. */
export function clozeQuestion(text: string, number: number): string {
  return parseCloze(text)
    .map((segment) => {
      if (segment.kind === 'text') return segment.text
      if (segment.number !== number) return segment.answer
      return `[${segment.hint ?? '...'}]`
    })
    .join('')
}

/** The answer to deletion `number`: its deleted text, several blanks joined with ", ". */
export function clozeAnswer(text: string, number: number): string {
  return parseCloze(text)
    .flatMap((segment) => (segment.kind === 'deletion' && segment.number === number ? [segment.answer] : []))
    .join(', ')
}

/** The text with every deletion filled in, split so the asked deletion's parts can be highlighted. */
export function clozeFilled(text: string, number: number): { text: string; asked: boolean }[] {
  return parseCloze(text).map((segment) =>
    segment.kind === 'text' ? { text: segment.text, asked: false } : { text: segment.answer, asked: segment.number === number },
  )
}

/** The text with every deletion filled in, as a plain string. */
export function clozePlain(text: string): string {
  return parseCloze(text)
    .map((segment) => (segment.kind === 'text' ? segment.text : segment.answer))
    .join('')
}

/** The next unused deletion number of a text (1 for none; 50 at most), for the editor's Cloze button. */
export function nextClozeNumber(text: string): number {
  const numbers = clozeNumbers(text)
  return Math.min(CLOZE_MAX_NUMBER, (numbers.at(-1) ?? 0) + 1)
}

/** Wraps `text[start..end)` in the next deletion; with nothing selected, an empty deletion to type into. */
export function wrapInCloze(text: string, start: number, end: number): { text: string; cursor: number } {
  const number = nextClozeNumber(text)
  const open = `{{c${number}::`
  const wrapped = `${open}${text.slice(start, end)}}}`
  const cursor = start === end ? start + open.length : start + wrapped.length
  return { text: text.slice(0, start) + wrapped + text.slice(end), cursor }
}
