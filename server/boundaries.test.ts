import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The server's import rules of eslint.config.js (docs/server.md), run
 * on snippets placed in the tree: each forbidden import is reported, each allowed one is not.
 */
const repoRoot = fileURLToPath(new URL('../', import.meta.url))
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot })
})

async function errorsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${file}` })
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`)
}

describe('server import boundaries', () => {
  it.each([
    [
      "a feature imports another feature's repo",
      'server/features/study/thing.ts',
      "import { listSets } from '#server/features/sets/sets.repo'",
      /through its service/,
    ],
    [
      "a feature imports another feature's mapper",
      'server/features/classes/thing.ts',
      "import { toSet } from '#server/features/sets/sets.mapper'",
      /through its service/,
    ],
    [
      "a feature imports another feature's routes",
      'server/features/memory/thing.ts',
      "import { studyRoutes } from '#server/features/study/study.routes'",
      /through its service/,
    ],
    [
      "a feature's subfolder imports another feature's helper",
      'server/features/imports/anki/thing.ts',
      "import { processImage } from '#server/features/media/image'",
      /through its service/,
    ],
    ['http/ imports a feature', 'server/http/thing.ts', "import { findSet } from '#server/features/sets/sets.service'", /Infrastructure imports no feature/],
    [
      'access/ imports a feature',
      'server/access/thing.ts',
      "import { findUser } from '#server/features/accounts/account.service'",
      /Infrastructure imports no feature/,
    ],
    ['db/ imports a feature', 'server/db/thing.ts', "import { listSets } from '#server/features/sets/sets.repo'", /Infrastructure imports no feature/],
    [
      'deps.ts imports a feature',
      'server/deps.ts',
      "import type { Session } from '#server/features/accounts/sessions.service'",
      /Infrastructure imports no feature/,
    ],
    [
      'mail/ imports a feature',
      'server/mail/thing.ts',
      "import { emailLink } from '#server/features/accounts/email-links.service'",
      /Infrastructure imports no feature/,
    ],
    ['the server imports the renderer', 'server/features/sets/thing.ts', "import { api } from '@/lib/api'", /import nothing of the renderer/],
    ['main/ imports the renderer', 'main/thing.ts', "import { api } from '@/lib/api'", /import nothing of the renderer/],
    ['shared imports the server', 'shared/thing.ts', "import type { Deps } from '#server/deps'", /imports neither/],
    ['the renderer imports the server', 'renderer/src/lib/thing.ts', "import { newId } from '#server/db/ids'", /nothing of the server or the tests/],
    ['a server import climbs folders', 'server/features/imports/anki/thing.ts', "import { ParsedImport } from '../parsed-import'", /instead of climbing/],
    ['a test import climbs folders', 'tests/api/thing.test.ts', "import { startTestApp } from '../support/test-app'", /instead of climbing/],
    ['a script climbs folders', 'scripts/thing.mjs', "import { spawnListening } from '../tests/support/spawn-listening.mjs'", /instead of climbing/],
  ])('reports %s', async (_, file, code, message) => {
    const errors = await errorsOf(file, code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^no-restricted-imports: /)
    expect(errors[0]).toMatch(message)
  })

  it.each([
    ["a feature uses another's service", 'server/features/classes/thing.ts', "import { findSet } from '#server/features/sets/sets.service'"],
    [
      'a feature uses its own repo from a subfolder',
      'server/features/imports/anki/thing.ts',
      "import { ParsedImport } from '#server/features/imports/parsed-import'",
    ],
    [
      'a feature uses the infrastructure',
      'server/features/sets/thing.ts',
      "import { assertReadableSet } from '#server/access/sets'\nimport { notFound } from '#server/http/errors'",
    ],
    ['a feature uses its own files', 'server/features/sets/thing.ts', "import * as repo from './sets.repo'"],
    ['the composition root wires the features', 'server/app.ts', "import { setsRoutes } from '#server/features/sets/sets.routes'"],
    [
      'infrastructure uses shared and itself',
      'server/http/thing.ts',
      "import { apiMessages } from '#shared/messages'\nimport type { DB } from '#server/db/database'",
    ],
    ["a test reads a feature's repo", 'tests/api/thing.test.ts', "import { listSets } from '#server/features/sets/sets.repo'"],
  ])('allows %s', async (_, file, code) => {
    expect(await errorsOf(file, code)).toEqual([])
  })
})
