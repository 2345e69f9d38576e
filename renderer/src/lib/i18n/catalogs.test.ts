import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '#shared/i18n/locales'

/**
 * The catalogs' check (issue 30), in `npm test`: every language has exactly English's keys in each
 * namespace, every message parses as ICU with the same placeholders and elements as English, and
 * every key is used by the renderer's code (a key nobody uses is a text nobody sees).
 */
const src = fileURLToPath(new URL('../../', import.meta.url))
const localesDir = path.join(src, 'locales')
const namespaces = readdirSync(path.join(localesDir, 'en')).map((file) => file.replace(/\.json$/, ''))

function readCatalog(locale: string, namespace: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(localesDir, locale, `${namespace}.json`), 'utf8'))
}

/** A message's placeholders (`{name}`, plural and select arguments) and element tags (`<0>`), sorted. */
function shape(message: string): string[] {
  const names = new Set<string>()
  // Lingui's compiled form: text, or [name], [name, format] or [name, 'plural' | 'select', { case: message }].
  const walk = (parts: unknown[]): void => {
    for (const part of parts) {
      if (typeof part === 'string') {
        for (const tag of part.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[1]}>`)
      } else if (Array.isArray(part)) {
        names.add(String(part[0]))
        const cases = part[2]
        if (cases && typeof cases === 'object') for (const value of Object.values(cases)) if (Array.isArray(value)) walk(value)
      }
    }
  }
  walk(compileMessage(message) as unknown[])
  return [...names].sort()
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe('the interface catalogs', () => {
  it('has a catalog of every namespace for every language', () => {
    for (const locale of LOCALES) expect(readdirSync(path.join(localesDir, locale)).sort(), locale).toEqual(namespaces.map((n) => `${n}.json`).sort())
  })

  for (const namespace of namespaces) {
    const english = readCatalog('en', namespace)
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      it(`${locale}/${namespace} has exactly the English keys, each with the same placeholders`, () => {
        const catalog = readCatalog(locale, namespace)
        const missing = Object.keys(english).filter((key) => !(key in catalog))
        const unused = Object.keys(catalog).filter((key) => !(key in english))
        expect({ missing, unused }).toEqual({ missing: [], unused: [] })
        for (const [key, message] of Object.entries(catalog)) {
          expect(message.trim(), `${locale} ${key} is empty`).not.toBe('')
          expect(shape(message), `${locale} ${key}: ${message}`).toEqual(shape(english[key] ?? ''))
        }
      })
    }
  }

  it('uses every key, and each key lives in one namespace', () => {
    const code = sourceFiles(src)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
    const seen = new Map<string, string>()
    const unused: string[] = []
    for (const namespace of namespaces) {
      for (const key of Object.keys(readCatalog('en', namespace))) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${namespace}`).toBeUndefined()
        seen.set(key, namespace)
        if (!code.includes(`'${key}'`) && !code.includes(`"${key}"`)) unused.push(`${namespace}: ${key}`)
      }
    }
    expect(unused).toEqual([])
  })

  it('reads placeholders, plurals and elements', () => {
    expect(shape('{count, plural, one {# card of {name}} other {# cards}} <0>here</0>')).toEqual(['<0>', 'count', 'name'])
  })
})
