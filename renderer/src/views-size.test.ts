import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue 25: a view only draws its state, so no view file of a feature or a page is over 300 lines;
 * what grows goes into a sub-component, a hook or the feature's pure engine (docs/renderer.md).
 */
const MAX_LINES = 300
const renderer = import.meta.dirname

function viewFiles(folder: string): string[] {
  return readdirSync(path.join(renderer, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
}

const lineCount = (file: string) => readFileSync(path.join(renderer, file), 'utf8').replace(/\n$/, '').split('\n').length

describe('view files stay small', () => {
  const files = [...viewFiles('features'), ...viewFiles('pages')]

  it('finds the views', () => {
    expect(files.length).toBeGreaterThan(50)
    expect(files).toContain('features/study/learn/LearnMode.tsx')
  })

  it(`no .tsx under features/ or pages/ is over ${MAX_LINES} lines`, () => {
    const over = files.flatMap((file) => (lineCount(file) > MAX_LINES ? [`${file}: ${lineCount(file)} lines`] : []))
    expect(over).toEqual([])
  })
})
