import type { PreviewFormat, PreviewProblem, TextEncodingName } from '#shared/api/imports'
import type { MediaAudioType } from '#shared/api/media-kinds'
import { cutText, IMPORT_LIMITS } from '#shared/import/parse-import'
import type { CardKind } from '#shared/cards/prompts'

/**
 * What a parser (Anki package or text) hands the preview: sets of cards whose pictures are still
 * file names inside the package, the pictures' bytes, and the problems met. The preview service
 * stores the pictures and answers `ImportPreview` (shared/api/imports.ts).
 */

export interface ParsedCard {
  term: string
  definition: string
  /** A picture's file name in `ParsedImport.images`, or null. */
  termImage: string | null
  definitionImage: string | null
  /** A recording's file name in `ParsedImport.sounds` (Anki's `[sound:...]`), or none. */
  termAudio?: string | null
  definitionAudio?: string | null
  /** The line or note it came from, for problems found later (a picture that cannot be stored). */
  line: number | null
  /** An Anki cloze note kept as one cloze card (its term holds the deletions); basic when absent. */
  kind?: CardKind
  /** An Anki reversed note: the card is also asked from its definition (issue 26). */
  reverse?: boolean
  /** Stable identity (issue 27): the Anki note's guid, a text file's guid column or a JSON export's `guid`. */
  guid?: string
}

export interface ParsedSet {
  title: string
  tags: string
  cards: ParsedCard[]
}

export interface ParsedImport {
  format: PreviewFormat
  sets: ParsedSet[]
  problems: PreviewProblem[]
  /** Pictures the cards name, by file name (only those present in the package). */
  images: Record<string, Uint8Array>
  /** Recordings the cards name, by file name, with the container their name says. */
  sounds?: Record<string, { bytes: Uint8Array; type: MediaAudioType }>
  /** The encoding a text file was read in (absent for packages and pasted text). */
  encoding?: TextEncodingName
  /** Whether the fields were read as HTML (text formats only). */
  html?: boolean
}

/** At most this many problems are listed one by one; the rest are counted in one last line. */
export const MAX_LISTED_PROBLEMS = 200

/** Problems with their line or note number, capped so a broken 10,000-line file gives a short answer. */
export class ProblemList {
  private readonly items: PreviewProblem[] = []
  private extra = 0

  constructor(private readonly unit: 'line' | 'note' | 'card') {}

  add(line: number | null, text: string): void {
    if (this.items.length >= MAX_LISTED_PROBLEMS) {
      this.extra += 1
      return
    }
    this.items.push({ line, message: line === null ? text : `${this.unit} ${line}: ${text}` })
  }

  list(): PreviewProblem[] {
    if (this.extra === 0) return [...this.items]
    return [...this.items, { line: null, message: `${this.extra} more problems not listed` }]
  }
}

/** Card text as the import saves it: line breaks unified, trimmed. */
const tidy = (text: string) => text.replace(/\r\n?/g, '\n').trim()

/**
 * A card within the spec's limits (term 120, definition 300): cut, and said so; a card without a
 * term or a definition is skipped, and said so. Returns null for a skipped card.
 */
export function limitCard(card: ParsedCard, line: number | null, problems: ProblemList): ParsedCard | null {
  let term = tidy(card.term)
  let definition = tidy(card.definition)
  // A side may be only a picture or only a sound.
  if (!term && !card.termImage && !card.termAudio) {
    problems.add(line, 'no term, skipped')
    return null
  }
  // A cloze card's definition is optional extra text.
  if (!definition && !card.definitionImage && !card.definitionAudio && card.kind !== 'cloze') {
    problems.add(line, 'no definition, skipped')
    return null
  }
  if (term.length > IMPORT_LIMITS.term) {
    term = cutText(term, IMPORT_LIMITS.term).trim()
    problems.add(line, `term cut to ${IMPORT_LIMITS.term} characters`)
  }
  if (definition.length > IMPORT_LIMITS.definition) {
    definition = cutText(definition, IMPORT_LIMITS.definition).trim()
    problems.add(line, `definition cut to ${IMPORT_LIMITS.definition} characters`)
  }
  return { ...card, term, definition }
}
