import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The guides name the repo's files and folders (`server/access/sets.ts`, `#shared/limits`,
 * `@/features/study`); every one they name must exist, so a move or a rename that forgets the docs
 * fails here. A placeholder segment (`<feature>`, `X`, `*`, `...`) stands for any name: then the
 * folder before it must exist. Relative markdown links must lead somewhere too.
 */
const root = path.resolve(import.meta.dirname, '../..')
const DOCS = [
  'CONTRIBUTING.md',
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]
const TOP_LEVEL = new Set(readdirSync(root))
const ALIASES: Record<string, string> = { '#server/': 'server/', '#shared/': 'shared/', '#tests/': 'tests/', '@/': 'renderer/src/' }
/** What an import names without its extension. */
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '/index.ts']

const isPlaceholder = (segment: string) => /[<*{]|\.\.\./.test(segment) || /^[A-Z]$/.test(segment)

/** A backticked token that names a repo path, as a path from the root; undefined for anything else. */
function repoPath(token: string): string | undefined {
  if (/\s/.test(token)) return undefined
  const alias = Object.keys(ALIASES).find((prefix) => token.startsWith(prefix))
  const file = alias ? `${ALIASES[alias]}${token.slice(alias.length)}` : token
  const [first] = file.split('/')
  if (!file.includes('/') || !first || !TOP_LEVEL.has(first)) return undefined
  return file
}

/** Whether the path exists: itself (or as an import names it), or up to its first placeholder, the folder. */
function exists(file: string): boolean {
  const segments = file.split('/')
  const placeholder = segments.findIndex(isPlaceholder)
  if (placeholder !== -1) return existsSync(path.join(root, ...segments.slice(0, placeholder)))
  return EXTENSIONS.some((extension) => existsSync(path.join(root, file.replace(/\/$/, '') + extension)))
}

function namedPaths(doc: string): string[] {
  const text = readFileSync(path.join(root, doc), 'utf8')
  const named = new Set<string>()
  for (const [, token] of text.matchAll(/`([^`\n]+)`/g)) {
    const file = token && repoPath(token)
    if (file) named.add(file)
  }
  for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (target && !/^[a-z]+:/.test(target)) named.add(path.join(path.dirname(doc), target))
  }
  return [...named]
}

describe('the paths the guides name exist', () => {
  it.each(DOCS)('%s', (doc) => {
    const paths = namedPaths(doc)
    expect(paths.length).toBeGreaterThan(0)
    expect(paths.filter((file) => !exists(file))).toEqual([])
  })

  it('reads a placeholder as any name, and a missing file as missing', () => {
    expect(exists('server/features/<feature>/<feature>.routes.ts')).toBe(true)
    expect(exists('renderer/src/features/X/index.ts')).toBe(true)
    expect(exists('renderer/src/study/<mode>.ts')).toBe(false)
    expect(exists('tests/api/harness.ts')).toBe(false)
    expect(repoPath('#server/access/sets')).toBe('server/access/sets')
    expect(repoPath('npm run lint')).toBeUndefined()
    expect(repoPath('/api/sets')).toBeUndefined()
  })
})
