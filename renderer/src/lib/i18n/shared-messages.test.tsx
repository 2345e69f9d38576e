// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react'
import { act, Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ar } from '#shared/i18n/messages/ar'
import { de } from '#shared/i18n/messages/de'
import { ja } from '#shared/i18n/messages/ja'
import { routeErrorMessages } from '#shared/messages'
import { reactRootPerTest } from '@/lib/react-test-root'
import { i18n } from './i18n'
import { loadSharedCatalog, translateShared, useShared, useSharedWhenLoaded } from './shared-messages'

/**
 * The tables of shared/messages.ts are not in the landing page's JavaScript (issue 30): each
 * language's load on demand, and what shows them waits for them. (English's are in from the tests'
 * setup, as a page has them.)
 */
const rendered = reactRootPerTest()
afterEach(() => {
  i18n.activate('en')
})

/** Waits until the container's text is `text` (a chunk's import resolves on its own time). */
async function untilText(text: string): Promise<void> {
  for (let tries = 0; tries < 500 && rendered.container.textContent !== text; tries += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  }
  expect(rendered.container.textContent).toBe(text)
}

describe('shared texts', () => {
  it('useShared waits (suspends) until its language’s tables have loaded, then shows them', async () => {
    i18n.activate('ar')
    let waited = false
    function Waiting() {
      waited = true
      return null
    }
    function Title() {
      return <>{useShared('routeErrorMessages').title}</>
    }
    await act(async () =>
      rendered.root.render(
        <I18nProvider i18n={i18n}>
          <Suspense fallback={<Waiting />}>
            <Title />
          </Suspense>
        </I18nProvider>,
      ),
    )
    expect(waited).toBe(true)
    await untilText(ar.routeErrorMessages.title)
  })

  it('useSharedWhenLoaded is undefined until the tables are in (it loads them), then the language’s table', async () => {
    i18n.activate('ja')
    const seen: Array<string | null | undefined> = []
    function Title() {
      const texts = useSharedWhenLoaded('routeErrorMessages')
      seen.push(texts === undefined ? undefined : texts?.title)
      return <>{texts?.title ?? ''}</>
    }
    act(() =>
      rendered.root.render(
        <I18nProvider i18n={i18n}>
          <Title />
        </I18nProvider>,
      ),
    )
    expect(seen[0]).toBeUndefined()
    await untilText(ja.routeErrorMessages.title)
  })

  it('translateShared turns an English text into the language once its tables are loaded, and leaves others', async () => {
    expect(translateShared(routeErrorMessages.tryAgain, 'de')).toBe(routeErrorMessages.tryAgain)
    await loadSharedCatalog('de')
    expect(translateShared(routeErrorMessages.tryAgain, 'de')).toBe(de.routeErrorMessages.tryAgain)
    expect(translateShared('not a shared text', 'de')).toBe('not a shared text')
    expect(translateShared(routeErrorMessages.tryAgain, 'en')).toBe(routeErrorMessages.tryAgain)
  })
})
