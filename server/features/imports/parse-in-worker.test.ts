import { describe, expect, it } from 'vitest'
import { buildAnkiPackage } from '#tests/support/anki-packages'
import { parseInWorker, ParseTimeoutError } from './parse-in-worker'

const limits = { maxEntries: 100, maxUncompressedBytes: 10 * 1024 * 1024, maxNotes: 100 }

describe('parseInWorker', () => {
  it('reads a package on a worker thread', async () => {
    const bytes = buildAnkiPackage({ generation: 'anki21b', notes: [{ fields: ['Hund', 'dog'] }] })
    const outcome = await parseInWorker({ kind: 'file', name: 'd.apkg', extension: 'apkg', bytes, separators: {}, limits }, 20_000)
    expect(outcome).toMatchObject({ ok: true, result: { format: 'apkg', sets: [{ title: 'Default', cards: [{ term: 'Hund', definition: 'dog' }] }] } })
  })

  it('answers a refused package with its message', async () => {
    const outcome = await parseInWorker({ kind: 'file', name: 'd.apkg', extension: 'apkg', bytes: new Uint8Array([1, 2, 3]), separators: {}, limits }, 20_000)
    expect(outcome).toEqual({ ok: false, message: 'This file is not a valid Anki package (the zip archive is damaged).' })
  })

  it('stops a worker that takes longer than the time limit', async () => {
    const bytes = buildAnkiPackage({ generation: 'anki2', notes: [{ fields: ['a', 'b'] }] })
    await expect(parseInWorker({ kind: 'file', name: 'd.apkg', extension: 'apkg', bytes, separators: {}, limits }, 1)).rejects.toBeInstanceOf(ParseTimeoutError)
  })
})
