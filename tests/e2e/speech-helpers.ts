import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

/*
 * Read aloud in the browser. Headless Chromium has no voices, so speechSynthesis is replaced
 * before the app loads by one with an English and a Japanese voice, which arrive late (as
 * Chrome's do, with 'voiceschanged') and whose utterances are recorded in window.__spoken.
 */

export interface Spoken {
  text: string
  lang: string
  voice: string | null
}

export async function stubSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const voices = [
      { name: 'Test English', lang: 'en-US', voiceURI: 'test-en', default: true, localService: true },
      { name: 'Test Japanese', lang: 'ja-JP', voiceURI: 'test-ja', default: false, localService: true },
    ]
    const spoken: Array<{ text: string; lang: string; voice: string | null }> = []
    let loaded = false
    class FakeSynthesis extends EventTarget {
      speaking = false
      pending = false
      paused = false
      getVoices() {
        return loaded ? voices.slice() : []
      }
      speak(utterance: { text: string; lang: string; voice: { name: string } | null }) {
        spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name ?? null })
      }
      cancel() {}
      pause() {}
      resume() {}
    }
    class FakeUtterance {
      lang = ''
      voice: unknown = null
      constructor(public text: string) {}
    }
    const synthesis = new FakeSynthesis()
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: synthesis })
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { configurable: true, writable: true, value: FakeUtterance })
    Object.defineProperty(window, '__spoken', { value: spoken })
    setTimeout(() => {
      loaded = true
      synthesis.dispatchEvent(new Event('voiceschanged'))
    }, 300)
  })
}

export const lastSpoken = (page: Page) => page.evaluate(() => ((window as unknown as { __spoken: Spoken[] }).__spoken.at(-1) ?? null) as Spoken | null)
export const spokenCount = (page: Page) => page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken.length)

/** Clicks `button` and expects one more utterance: `text` in `lang`. */
export async function readAloud(page: Page, button: Locator, text: string, lang: string): Promise<void> {
  const before = await spokenCount(page)
  await button.click()
  await expect.poll(() => spokenCount(page)).toBe(before + 1)
  expect(await lastSpoken(page)).toMatchObject({ text, lang })
}
