import leoProfanity from 'leo-profanity'

/** Whole-word, case-insensitive profanity check against leo-profanity's English list. */
export function containsProfanity(text: string): boolean {
  return leoProfanity.check(text)
}

/** Replaces each profane word with asterisks of the same length. */
export function maskProfanity(text: string): string {
  return leoProfanity.clean(text, '*')
}

/** Usernames join words with dots, hyphens, underscores and digits: check each word on its own. */
export function usernameContainsProfanity(username: string): boolean {
  return containsProfanity(username.replace(/[._\-\d]+/g, ' '))
}
