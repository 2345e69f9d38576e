import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The import rules of eslint.config.js (docs/renderer.md), run on snippets placed in the tree:
 * each forbidden import is reported, each allowed one is not.
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot })
})

async function errorsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${file}` })
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`)
}

describe('renderer import boundaries', () => {
  it.each([
    ['a design-system component imports a feature', 'renderer/src/components/Widget.tsx', "import { useAuth } from '@/features/auth'"],
    ['lib imports a feature', 'renderer/src/lib/thing.ts', "import { authStore } from '@/features/auth/auth-store'"],
    ['a feature imports another feature’s internals', 'renderer/src/features/sets/Thing.tsx', "import { LearnMode } from '@/features/study/learn/LearnMode'"],
    ['a feature imports a page', 'renderer/src/features/sets/Thing.tsx', "import { HomePage } from '@/pages/HomePage'"],
    ['a feature imports the shell', 'renderer/src/features/study/Thing.tsx', "import { Layout } from '@/app/Layout'"],
    ['a page imports the shell', 'renderer/src/pages/ThingPage.tsx', "import { Header } from '@/app/Header'"],
    ['an import climbs folders', 'renderer/src/features/study/learn/Thing.tsx', "import { StudyPanel } from '../StudyFrame'"],
    ['shared imports the renderer', 'shared/api/thing.ts', "import { api } from '@/lib/api'"],
  ])('reports %s', async (_, file, code) => {
    const errors = await errorsOf(file, code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^no-restricted-imports: /)
  })

  it.each([
    ['a feature uses another through its public entry', 'renderer/src/features/sets/Thing.tsx', "import { TermsList } from '@/features/study'"],
    ['a feature uses its own files', 'renderer/src/features/study/learn/Thing.tsx', "import { StudyPanel } from '@/features/study/StudyFrame'"],
    ['a page renders a feature component', 'renderer/src/pages/ThingPage.tsx', "import { LearnMode } from '@/features/study/learn/LearnMode'"],
    [
      'the shell imports anything',
      'renderer/src/app/Thing.tsx',
      "import { SessionManager } from '@/features/auth/SessionManager'\nimport { HomePage } from '@/pages/HomePage'",
    ],
    ['a component uses lib and shared', 'renderer/src/components/Widget.tsx', "import { api } from '@/lib/api'\nimport { messages } from '#shared/messages'"],
  ])('allows %s', async (_, file, code) => {
    expect(await errorsOf(file, code)).toEqual([])
  })
})

describe('one data path', () => {
  it('reports a feature that loads with an AbortController of its own', async () => {
    const code = 'export function useThing() {\n  const controller = new AbortController()\n  return controller.signal\n}'
    const errors = await errorsOf('renderer/src/features/sets/useThing.ts', code)
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-syntax: Load server data with useServerData/)])
    expect(await errorsOf('renderer/src/lib/thing.ts', code)).toEqual([])
  })
})
