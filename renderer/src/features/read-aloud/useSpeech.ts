import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { splitAnswer } from '#shared/study/answer-text'
import { type SideLanguages, setSideLanguages, voiceFor } from './speech'

/** The browser's speech synthesis, or undefined where there is none (old browsers, tests in Node). */
function synthesis(): SpeechSynthesis | undefined {
  if (typeof window === 'undefined' || !('speechSynthesis' in window) || typeof SpeechSynthesisUtterance === 'undefined') return undefined
  return window.speechSynthesis
}

const NO_VOICES: readonly SpeechSynthesisVoice[] = []
let known: readonly SpeechSynthesisVoice[] = NO_VOICES

/**
 * The voices now, the same array as long as they are the same voices: getVoices() makes a new
 * array on every call, and useSyncExternalStore wants an unchanged snapshot when nothing changed.
 */
function currentVoices(): readonly SpeechSynthesisVoice[] {
  const next = synthesis()?.getVoices() ?? NO_VOICES
  const same =
    next.length === known.length && next.every((voice, at) => voice === known[at] || (voice.voiceURI === known[at]?.voiceURI && voice.lang === known[at]?.lang))
  if (!same) known = next.length === 0 ? NO_VOICES : [...next]
  return known
}

/** Browsers load their voices late (Chrome: none at first), then fire 'voiceschanged'. */
function subscribe(onChange: () => void): () => void {
  const speech = synthesis()
  if (!speech || typeof speech.addEventListener !== 'function') return () => {}
  speech.addEventListener('voiceschanged', onChange)
  return () => speech.removeEventListener('voiceschanged', onChange)
}

/** The browser's speech voices, updated as they load. */
export function useVoices(): readonly SpeechSynthesisVoice[] {
  return useSyncExternalStore(subscribe, currentVoices, () => NO_VOICES)
}

/**
 * Read-aloud in `language` (a BCP 47 tag): the voice for it (undefined: the browser has none, so
 * there is nothing to offer) and `speak`, which stops whatever is being read and reads `text`.
 */
export function useSpeech(language: string | null): { voice: SpeechSynthesisVoice | undefined; speak: (text: string) => void } {
  const voices = useVoices()
  const voice = useMemo(() => voiceFor(voices, language), [voices, language])
  const speak = useCallback(
    (text: string) => {
      const speech = synthesis()
      if (!speech || !voice || language === null) return
      speech.cancel()
      const utterance = new SpeechSynthesisUtterance(text)
      utterance.lang = language
      utterance.voice = voice
      speech.speak(utterance)
    },
    [voice, language],
  )
  return { voice, speak }
}

/** The browser's language: what Latin-script text is guessed to be written in. */
const browserLanguage = () => (typeof navigator === 'undefined' ? null : navigator.language || null)

/**
 * The languages `set`'s sides are read in: the owner's choices, else guessed from the script of
 * `cards` (see setSideLanguages). Definitions may be engine answers with a picture marker.
 */
export function useSideLanguages(
  set: { termLanguage?: string | null; definitionLanguage?: string | null } | null | undefined,
  cards: ReadonlyArray<{ id?: string; term: string; definition: string }>,
): SideLanguages {
  const termLanguage = set?.termLanguage ?? null
  const definitionLanguage = set?.definitionLanguage ?? null
  return useMemo(
    () => setSideLanguages({ termLanguage, definitionLanguage }, cards, browserLanguage(), (text) => splitAnswer(text).text),
    [termLanguage, definitionLanguage, cards],
  )
}

type SetLanguages = { id: string; termLanguage?: string | null; definitionLanguage?: string | null }

/**
 * The languages of several sets' sides by set id, for a list mixing sets (Review): each set's
 * automatic sides guessed from its own cards in `items`.
 */
export function useSideLanguagesBySet(
  items: ReadonlyArray<{ set: SetLanguages; card: { id?: string; term: string; definition: string } }>,
): Map<string, SideLanguages> {
  return useMemo(() => {
    const bySet = new Map<string, { set: SetLanguages; cards: Array<{ id?: string; term: string; definition: string }> }>()
    for (const { set, card } of items) {
      const entry = bySet.get(set.id) ?? { set, cards: [] }
      entry.cards.push(card)
      bySet.set(set.id, entry)
    }
    const fallback = browserLanguage()
    return new Map([...bySet].map(([id, { set, cards }]) => [id, setSideLanguages(set, cards, fallback, (text) => splitAnswer(text).text)]))
  }, [items])
}
