import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/** eslint.config.js's `cardwise/no-literal-ui-text` (issue 30): interface texts come from the catalogs. */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot })
})

async function rulesReported(code: string, file = 'renderer/src/components/Widget.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${file}` })
  return (result?.messages ?? []).map((message) => String(message.ruleId))
}

describe('no literal interface text', () => {
  it.each([
    ['a JSX text', 'export const A = () => <p>Save changes</p>'],
    ['an aria-label', 'export const A = () => <button aria-label="Close" />'],
    ['an alt text', 'export const A = () => <img alt="A cat" src="/x.png" />'],
    ['a placeholder in braces', "export const A = () => <input placeholder={'Search'} />"],
    ['a title in a template', 'export const A = () => <span title={`Due`} />'],
    ['a text in a ternary', "export const A = ({ done }: { done: boolean }) => <p>{done ? 'Saved' : 'Save'}</p>"],
    ['an Arabic text', 'export const A = () => <p>حفظ</p>'],
  ])('reports %s', async (_, code) => {
    expect(await rulesReported(code)).toEqual(['cardwise/no-literal-ui-text'])
  })

  it.each([
    [
      'texts from the catalogs',
      "import { useT } from '@/lib/i18n'\nexport const A = () => { const t = useT(); return <p title={t('shell.loading')}>{t('shell.loading')}</p> }",
    ],
    ['class names, ids and test ids', 'export const A = () => <p className="muted" id="x" data-testid="due-count" />'],
    ['symbols and numbers', "export const A = () => <p>{'·'} × ☰ 3/20</p>"],
    ['test files', 'export const A = () => <p>Save changes</p>', 'renderer/src/components/Widget.test.tsx'],
  ])('allows %s', async (_, code, file?: string) => {
    expect(await rulesReported(code, file)).toEqual([])
  })
})
