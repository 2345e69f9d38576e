import { describe, expect, it } from 'vitest'
import { requestMessages } from '#shared/messages'
import { catalogProblems, problemsOf, untranslatedShare } from '#tests/support/catalog-check'
import { contractCatalogs } from '#shared/i18n/contract-messages'
import { LOCALES } from '#shared/i18n/locales'
import { catalogs } from '#shared/i18n/messages'
import { sourceTexts, usesKey } from '#tests/support/source-files'
import { mailCatalogs } from '#server/mail/messages'
import { desktopCatalogs } from '#main/i18n/messages'

type Tables = Record<string, Record<string, unknown>>

/** One table per language, as a catalog of one named table. */
const named = (name: string, tables: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(tables).map(([locale, table]) => [locale, { [name]: table }]))

/** Every catalog, each language's as named tables: shared/messages.ts's and the contracts' tables, the emails', the desktop app's. */
const ALL = [catalogs, contractCatalogs, named('mail', mailCatalogs), named('desktop', desktopCatalogs)] as unknown as Record<string, Tables>[]

/**
 * The catalog check of shared/i18n, server/mail and main/i18n (issue 30, in `npm test`): every language has every key of
 * English and no other, keeps every `{placeholder}`, number and fill-in, is translated, and every
 * English key is used somewhere.
 */
describe('the catalogs of shared/i18n, server/mail and main/i18n', () => {
  for (const locale of LOCALES.filter((locale) => locale !== 'en')) {
    it(`${locale}: the same keys as English, every placeholder, number and fill-in kept, translated`, () => {
      for (const pick of ALL) {
        expect(catalogProblems(pick.en ?? {}, pick[locale] ?? {})).toEqual([])
        expect(untranslatedShare(pick.en ?? {}, pick[locale] ?? {})).toBeLessThan(0.1)
      }
    })
  }

  it('finds a placeholder, a number or a fill-in left out', () => {
    expect(problemsOf('Hello {name}', 'Hallo')).toEqual(['placeholders and numbers [] instead of [{name}]'])
    expect(problemsOf('At most 10 tags.', 'Höchstens zehn Tags.')).toHaveLength(1)
    expect(problemsOf('At most 1,000 tags.', 'Höchstens 1.000 Tags.')).toEqual([])
    expect(
      problemsOf(
        (label: string) => `${label} is empty.`,
        () => 'Leer.',
      ),
    ).toEqual(['takes 0 arguments instead of 1'])
    expect(
      problemsOf(
        (count: number) => `${count} cards`,
        (count: number) => (count === 1 ? 'eine Karte' : `${count} Karten`),
      ),
    ).toEqual(['leaves out 1 for (1): "eine Karte"'])
    expect(catalogProblems({ t: { a: 'A', b: 'B' } }, { t: { a: 'X', c: 'C' } })).toEqual(['t.b: missing', 't.c: not in English'])
  })

  it('has no key that nothing uses', () => {
    const sources = sourceTexts(
      ['server', 'shared', 'renderer/src', 'main'],
      (path) => path.startsWith('shared/i18n/') || path.startsWith('server/mail/messages'),
    )
    const english = Object.assign({}, ...ALL.map((pick) => pick.en)) as Tables
    const unused: string[] = []
    for (const [table, entries] of Object.entries(english)) {
      for (const [key, value] of Object.entries(entries)) {
        if (table === 'requestMessages') {
          // Matched by the text its schema writes: used when that text (fill-ins as wildcards) is still written somewhere.
          if (usesKey(sources, key) && sources.includes(`requestMessages.${key}`)) continue
          if (writtenIn(sources, value)) continue
        } else if (usesKey(sources, key)) continue
        unused.push(`${table}.${key}`)
      }
    }
    expect(unused).toEqual([])
    expect(writtenIn('a `${field} must be true or false.` b', requestMessages.trueOrFalse)).toBe(true)
    expect(writtenIn("'Must be a whole number.'", requestMessages.pageAtLeastOne)).toBe(false)
  })
})

/** Whether a request message's English text is still written in the sources, with anything where its fill-ins go. */
function writtenIn(sources: string, value: unknown): boolean {
  if (typeof value === 'string') return sources.includes(value)
  const text = value as (...args: string[]) => string
  const parts = text(...Array.from({ length: text.length }, (_, i) => `\u0001${i}\u0001`)).split(/\u0001\d+\u0001/)
  const pattern = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^\\n]*?')
  return new RegExp(pattern).test(sources)
}
