import { clozeNumberOf } from '#shared/cards/prompts'
import { splitPromptItemId } from '#shared/study/prompts'
import { guessLanguage } from '#shared/text/language'

/**
 * The pure parts of read-aloud (issue #19): which language a side is read in, and which of the
 * browser's voices reads it. The hook and the button are in useSpeech.ts and SpeakButton.tsx.
 */

/** The languages offered in the set form, by BCP 47 tag; the form's "Automatic" is null. */
export const LANGUAGE_CHOICES: ReadonlyArray<{ tag: string; name: string }> = [
  { tag: 'ar', name: 'Arabic' },
  { tag: 'bn', name: 'Bengali' },
  { tag: 'zh-CN', name: 'Chinese (Simplified)' },
  { tag: 'zh-TW', name: 'Chinese (Traditional)' },
  { tag: 'cs', name: 'Czech' },
  { tag: 'da', name: 'Danish' },
  { tag: 'nl', name: 'Dutch' },
  { tag: 'en-GB', name: 'English (UK)' },
  { tag: 'en-US', name: 'English (US)' },
  { tag: 'fi', name: 'Finnish' },
  { tag: 'fr', name: 'French' },
  { tag: 'de', name: 'German' },
  { tag: 'el', name: 'Greek' },
  { tag: 'he', name: 'Hebrew' },
  { tag: 'hi', name: 'Hindi' },
  { tag: 'hu', name: 'Hungarian' },
  { tag: 'id', name: 'Indonesian' },
  { tag: 'it', name: 'Italian' },
  { tag: 'ja', name: 'Japanese' },
  { tag: 'ko', name: 'Korean' },
  { tag: 'la', name: 'Latin' },
  { tag: 'nb', name: 'Norwegian' },
  { tag: 'pl', name: 'Polish' },
  { tag: 'pt-BR', name: 'Portuguese (Brazil)' },
  { tag: 'pt-PT', name: 'Portuguese (Portugal)' },
  { tag: 'ro', name: 'Romanian' },
  { tag: 'ru', name: 'Russian' },
  { tag: 'es-MX', name: 'Spanish (Mexico)' },
  { tag: 'es-ES', name: 'Spanish (Spain)' },
  { tag: 'sv', name: 'Swedish' },
  { tag: 'ta', name: 'Tamil' },
  { tag: 'th', name: 'Thai' },
  { tag: 'tr', name: 'Turkish' },
  { tag: 'uk', name: 'Ukrainian' },
  { tag: 'vi', name: 'Vietnamese' },
]

/** The options of a language select: the list, plus `current` when it is a tag not on it (set through the API). */
export function languageOptions(current: string | null): ReadonlyArray<{ tag: string; name: string }> {
  if (current === null || LANGUAGE_CHOICES.some((choice) => sameTag(choice.tag, current))) return LANGUAGE_CHOICES
  return [...LANGUAGE_CHOICES, { tag: current, name: current }]
}

/** The one choice on the list naming `tag` (any case), else the tag as it is. */
export function listedTag(tag: string): string {
  return LANGUAGE_CHOICES.find((choice) => sameTag(choice.tag, tag))?.tag ?? tag
}

/** A tag in one spelling: lower case, '-' between subtags (some systems give voices 'en_US'). */
const normal = (tag: string) => tag.trim().replace(/_/g, '-').toLowerCase()
const sameTag = (a: string, b: string) => normal(a) === normal(b)
const primary = (tag: string) => normal(tag).split('-')[0] ?? ''

/** What a voice is matched on (SpeechSynthesisVoice has more; only these are read). */
export interface VoiceLike {
  lang: string
  default?: boolean
  localService?: boolean
}

/**
 * The voice for `language`: one of exactly that tag ('pt-BR' for 'pt-BR'), else one of the same
 * language ('pt' matches 'pt-BR', 'pt-PT' takes 'pt-BR' when that is all there is). Among equals
 * the browser's default voice, then a voice on the device, then the first. Undefined: no voice.
 */
export function voiceFor<V extends VoiceLike>(voices: readonly V[], language: string | null): V | undefined {
  if (language === null || primary(language) === '') return undefined
  const exact = voices.filter((voice) => sameTag(voice.lang, language))
  const candidates = exact.length > 0 ? exact : voices.filter((voice) => primary(voice.lang) === primary(language))
  return candidates.find((voice) => voice.default) ?? candidates.find((voice) => voice.localService) ?? candidates[0]
}

/**
 * The language a side is read in: the owner's choice, else the guess from the script of the
 * side's texts (guessLanguage), Latin script falling back to `fallback` (the browser's language).
 */
export function sideLanguage(chosen: string | null | undefined, texts: readonly string[], fallback: string | null): string | null {
  if (chosen) return chosen
  return guessLanguage(texts, fallback)
}

/** The languages a set's two sides are read in (null: none known, so no button). */
export interface SideLanguages {
  term: string | null
  definition: string | null
}

/** A card or study item: an item's id names the prompt it asks (shared/study/prompts.ts, promptItemId). */
type SpokenCard = { id?: string; term: string; definition: string }

/**
 * The card sides an asked item's two sides come from (issue 26): a reverse prompt (`r`) asks the
 * definition side and answers with the term; a cloze prompt asks and answers with pieces of the term.
 */
function sidesOf(item: SpokenCard): { term: string; definition: string | null } {
  const { prompt } = splitPromptItemId(item.id ?? '')
  if (prompt === 'r') return { term: item.definition, definition: item.term }
  if (clozeNumberOf(prompt) !== null) return { term: item.term, definition: null }
  return { term: item.term, definition: item.definition }
}

/**
 * Both sides' languages for a set: the owner's choices, each side left automatic guessed from the
 * texts of that side of `cards` (definitions as the engines hold them may carry a picture marker:
 * `textOf` gives their text). `cards` may be study items: each text counts toward the card side
 * it comes from (a reverse item's question is a definition).
 */
export function setSideLanguages(
  set: { termLanguage?: string | null; definitionLanguage?: string | null } | null | undefined,
  cards: ReadonlyArray<SpokenCard>,
  fallback: string | null,
  textOf: (text: string) => string = (text) => text,
): SideLanguages {
  const sides = cards.map(sidesOf)
  const definitions = sides.flatMap((side) => (side.definition === null ? [] : [textOf(side.definition)]))
  return {
    term: sideLanguage(set?.termLanguage, set?.termLanguage ? [] : sides.map((side) => textOf(side.term)), fallback),
    definition: sideLanguage(set?.definitionLanguage, set?.definitionLanguage ? [] : definitions, fallback),
  }
}

/**
 * The languages an asked item's question (`term`) and answer (`definition`) are read in, by its id:
 * a reverse item's question is read in the definitions' language and its answer in the terms'; a
 * cloze item's both in the terms' language. A card asked as itself keeps the set's languages.
 */
export function itemLanguages(languages: SideLanguages, itemId: string): SideLanguages {
  const { prompt } = splitPromptItemId(itemId)
  if (prompt === 'r') return { term: languages.definition, definition: languages.term }
  if (clozeNumberOf(prompt) !== null) return { term: languages.term, definition: languages.term }
  return languages
}
