import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** The repository's root (this file is tests/support/source-files.ts). */
const ROOT = join(import.meta.dirname, '..', '..')

/** The text of every source file under these folders (tests and the catalogs themselves left out), for the unused-key checks. */
export function sourceTexts(folders: readonly string[], leaveOut: (path: string) => boolean): string {
  const texts: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path)
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !leaveOut(relative(ROOT, path))) {
        texts.push(readFileSync(path, 'utf8'))
      }
    }
  }
  for (const folder of folders) walk(join(ROOT, folder))
  return texts.join('\n')
}

/** Whether the sources name this key (`messages.key`, `catalog.key`, `{ key }`...). */
export function usesKey(sources: string, key: string): boolean {
  return new RegExp(`(\\.|\\{\\s*|,\\s*)${key}\\b`).test(sources)
}
