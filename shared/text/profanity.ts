import leoProfanity from 'leo-profanity'

/**
 * The word list's wildcard entries (spec section 5: "a large English word list with some wildcard
 * entries", like the common lists' '*fuck*' and '*shit*'): a word containing one of these stems is
 * profane whatever letters surround it ('shithead', 'fuckface'), which whole-word matching misses.
 */
const WILDCARD_STEMS = ['fuck', 'shit']
const wildcardWord = () => new RegExp(`\\p{L}*(?:${WILDCARD_STEMS.join('|')})\\p{L}*`, 'giu')

/** Whole-word, case-insensitive profanity check against leo-profanity's English list and the wildcard entries. */
export function containsProfanity(text: string): boolean {
  return leoProfanity.check(text) || wildcardWord().test(text)
}

/** Replaces each profane word with asterisks of the same length. */
export function maskProfanity(text: string): string {
  return leoProfanity.clean(text, '*').replace(wildcardWord(), (word) => '*'.repeat(word.length))
}

/** Usernames join words with dots, hyphens, underscores and digits: check each word on its own. */
export function usernameContainsProfanity(username: string): boolean {
  return containsProfanity(username.replace(/[._\-\d]+/g, ' '))
}
