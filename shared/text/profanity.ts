import leoProfanity from 'leo-profanity'

/** leo-profanity's English word list, lower-cased, for whole-word lookups. */
const PROFANE_WORDS = new Set(leoProfanity.list().map((word) => word.toLowerCase()))

/**
 * The word list's wildcard entries (docs/content-rules.md, 'Saved text': the list plus its wildcard stems,
 * like the common lists' '*fuck*' and '*shit*'): a word containing one of these stems is
 * profane whatever letters surround it ('shithead', 'fuckface'), which whole-word matching misses.
 */
const WILDCARD_STEMS = /fuck|shit/i

/**
 * A word: letters and digits, with inner joiners the list's entries use ('g-spot', 's&m').
 * Everything else (spaces, punctuation, line breaks) separates words, so 'bastard!' is a word
 * followed by punctuation, not a new word that slips past the list.
 */
const WORD = /[\p{L}\p{N}]+(?:[-&'][\p{L}\p{N}]+)*/gu

function isProfane(word: string): boolean {
  const lower = word.toLowerCase()
  return PROFANE_WORDS.has(lower) || WILDCARD_STEMS.test(lower) || lower.split(/[-']/).some((part) => PROFANE_WORDS.has(part))
}

/** Whole-word, case-insensitive profanity check against the list and its wildcard entries. */
export function containsProfanity(text: string): boolean {
  for (const [word] of text.matchAll(WORD)) if (isProfane(word)) return true
  return false
}

/** Replaces each profane word with asterisks of the same length. */
export function maskProfanity(text: string): string {
  return text.replace(WORD, (word) => (isProfane(word) ? '*'.repeat(word.length) : word))
}

/** Usernames join words with dots, hyphens, underscores and digits: check each word on its own. */
export function usernameContainsProfanity(username: string): boolean {
  return containsProfanity(username.replace(/[._\-\d]+/g, ' '))
}
