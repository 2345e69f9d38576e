/**
 * A first guess at the language a set's side is written in, from the scripts of its text, for
 * read-aloud before the owner picks one. Scripts used by one main language name it (kana:
 * Japanese, Hangul: Korean, Thai, Greek, Hebrew...); Han alone is Chinese unless kana appear
 * nearby; Cyrillic is Russian and Arabic script Arabic (their most spoken languages). Latin script
 * says nothing about the language, so it falls back to `latinFallback` (the browser's language).
 */
const SCRIPTS: [RegExp, string][] = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'ja'],
  [/\p{Script=Hangul}/u, 'ko'],
  [/\p{Script=Han}/u, 'zh'],
  [/\p{Script=Thai}/u, 'th'],
  [/\p{Script=Greek}/u, 'el'],
  [/\p{Script=Hebrew}/u, 'he'],
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Devanagari}/u, 'hi'],
  [/\p{Script=Bengali}/u, 'bn'],
  [/\p{Script=Tamil}/u, 'ta'],
  [/\p{Script=Georgian}/u, 'ka'],
  [/\p{Script=Armenian}/u, 'hy'],
  [/\p{Script=Cyrillic}/u, 'ru'],
]

/** The language of most of `texts` by script, or `latinFallback` when they are Latin (or empty). */
export function guessLanguage(texts: readonly string[], latinFallback: string | null): string | null {
  const votes = new Map<string, number>()
  for (const text of texts) {
    const found = SCRIPTS.find(([script]) => script.test(text))
    if (found) votes.set(found[1], (votes.get(found[1]) ?? 0) + 1)
  }
  // Kanji are Han characters: beside any kana, the Han-only texts are Japanese too.
  if (votes.has('ja') && votes.has('zh')) {
    votes.set('ja', (votes.get('ja') ?? 0) + (votes.get('zh') ?? 0))
    votes.delete('zh')
  }
  let best: string | null = null
  let bestVotes = 0
  for (const [language, count] of votes) {
    if (count > bestVotes) [best, bestVotes] = [language, count]
  }
  // A script counts only when it writes at least a third of the texts: a few Greek letters in a
  // physics set (Ω, λ) do not make it Greek.
  return best !== null && bestVotes * 3 >= texts.filter((text) => text.trim() !== '').length ? best : latinFallback
}
