import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * CONTRIBUTING's "Where things live": the limits the product states are in `shared/limits.ts`
 * and the texts people see in `shared/messages.ts`, and only there. A table of texts
 * (`export const somethingMessages`) or a limit (`export const X_MAX`, `X_LIMITS`, `MAX_X`) declared
 * anywhere else in `shared/` fails here, so a second home cannot grow back. The catalogs
 * (`shared/i18n/`) translate those tables and may name them.
 */
const root = path.resolve(import.meta.dirname, '../..')
const ALLOWED = new Set(['shared/limits.ts', 'shared/messages.ts'])

function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`
    if (entry.isDirectory()) return file === 'shared/i18n' ? [] : sourcesUnder(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

const MESSAGE_TABLE = /^export const (\w+Messages)\b/gm
const LIMIT = /^export const ((?:MAX|MIN)_[A-Z_]+|[A-Z_]+_(?:MAX|MIN|LIMITS))\b/gm

describe('limits and messages live in one place', () => {
  const files = sourcesUnder('shared').filter((file) => !ALLOWED.has(file))

  it('finds the shared sources it checks', () => {
    expect(files).toContain('shared/api/classes.ts')
  })

  it('declares no table of texts and no limit outside shared/messages.ts and shared/limits.ts', () => {
    const found = files.flatMap((file) => {
      const source = readFileSync(path.join(root, file), 'utf8')
      return [...source.matchAll(MESSAGE_TABLE), ...source.matchAll(LIMIT)].map((match) => `${file}: ${match[1]}`)
    })
    expect(found).toEqual([])
  })
})
