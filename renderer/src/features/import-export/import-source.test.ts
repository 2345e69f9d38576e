import { describe, expect, it } from 'vitest'
import type { ImportLimits } from '#shared/api/imports'
import { checkChosenFile, fileHint } from './import-source'

/** Limits as GET /api/imports/limits serves them, here with a 20 MB package limit set on the server. */
const limits: ImportLimits = {
  packageBytes: 20 * 1024 * 1024,
  textFileBytes: 5 * 1024 * 1024,
  unpackedBytes: 400 * 1024 * 1024,
  files: 20_000,
  notes: 20_000,
  cardsPerSet: 500,
  mediaQuotaBytes: 500 * 1024 * 1024,
  audioSeconds: 60,
  timeoutSeconds: 30,
}

describe('the import dialog follows the limits the server serves (issue 27)', () => {
  it('checks a package against the server package limit, not a number of its own', () => {
    expect(checkChosenFile({ name: 'deck.apkg', size: 20 * 1024 * 1024 }, limits)).toBeNull()
    expect(checkChosenFile({ name: 'deck.apkg', size: 20 * 1024 * 1024 + 1 }, limits)).toBe('File size exceeds the maximum limit of 20MB')
    expect(checkChosenFile({ name: 'words.csv', size: 5 * 1024 * 1024 + 1 }, limits)).toBe('File size exceeds the maximum limit of 5MB')
  })

  it('leaves sizes to the server until the limits are known; the file type is checked always', () => {
    expect(checkChosenFile({ name: 'deck.apkg', size: 500 * 1024 * 1024 }, null)).toBeNull()
    expect(checkChosenFile({ name: 'notes.pdf', size: 10 }, null)).toBe('Only .apkg, .colpkg, .csv, .tsv, .txt, .json files are supported')
  })

  it('says the limits in the hint once known', () => {
    expect(fileHint(limits)).toBe('A .json, .csv, .tsv or .txt file up to 5MB, or an Anki package (.apkg, .colpkg) up to 20MB; you can also drop it here.')
    expect(fileHint(null)).toBe('A .json, .csv, .tsv or .txt file, or an Anki package (.apkg, .colpkg); you can also drop it here.')
  })
})
