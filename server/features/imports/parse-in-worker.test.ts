import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { getPriority, tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { DEV_WORKER_DIR } from '#tests/support/build-import-worker'
import { buildAnkiPackage, TINY_PNG } from '#tests/support/anki-packages'
import { type KeepMedia, parseInWorker, ParseTimeoutError, WORKER_NICE, workerBootstrap } from './parse-in-worker'

const limits = { maxEntries: 100, maxUncompressedBytes: 10 * 1024 * 1024, maxNotes: 100 }
/** Keeps nothing: every picture gets an id made of its name. */
const keepMedia: KeepMedia = async (media) => ({
  images: Object.fromEntries(Object.keys(media.images).map((name) => [name, `id${name.replace(/\W/g, '')}`])),
  sounds: {},
  problems: [],
})

describe('parseInWorker', () => {
  it.runIf(process.platform === 'linux')('loads the worker module already at the lower priority (its loading is most of a start)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cardwise-worker-'))
    try {
      // A stand-in for the worker bundle that reports its thread's priority while it is being loaded.
      const module = path.join(dir, 'report.mjs')
      writeFileSync(module, "import { getPriority } from 'node:os'\nimport { parentPort } from 'node:worker_threads'\nparentPort.postMessage(getPriority())\n")
      const worker = new Worker(workerBootstrap(pathToFileURL(module)), { eval: true })
      const priority = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject))
      await worker.terminate()
      // A process that already runs at a lower priority cannot raise its worker back; otherwise the worker is at WORKER_NICE.
      expect(priority).toBe(Math.max(WORKER_NICE, getPriority()))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reads a package on a worker thread', async () => {
    const bytes = buildAnkiPackage({
      generation: 'anki21b',
      notes: [{ fields: ['Hund', 'dog'] }, { fields: ['<img src="cat.png">', 'cat'] }],
      media: { 'cat.png': TINY_PNG },
    })
    const outcome = await parseInWorker({ kind: 'file', name: 'd.apkg', extension: 'apkg', bytes, separators: {}, limits }, 20_000, keepMedia)
    if (!outcome.ok) throw new Error(`refused: ${outcome.message}`)
    // The preview comes built and serialised by the worker, with the ids the request thread gave its pictures.
    expect(JSON.parse(new TextDecoder().decode(outcome.json))).toMatchObject({
      format: 'apkg',
      sets: [
        {
          title: 'Default',
          cards: [
            { term: 'Hund', definition: 'dog' },
            { term: '', definition: 'cat', termImage: 'idcatpng' },
          ],
        },
      ],
      problems: [],
    })
    // The upload was handed over, not copied.
    expect(bytes.byteLength).toBe(0)
  })

  it('answers a refused package with its message', async () => {
    const outcome = await parseInWorker(
      { kind: 'file', name: 'd.apkg', extension: 'apkg', bytes: new Uint8Array([1, 2, 3]), separators: {}, limits },
      20_000,
      keepMedia,
    )
    expect(outcome).toEqual({ ok: false, message: 'This file is not a valid Anki package (the zip archive is damaged).' })
  })

  it('stops a worker that takes longer than the time limit', async () => {
    const bytes = buildAnkiPackage({ generation: 'anki2', notes: [{ fields: ['a', 'b'] }] })
    await expect(parseInWorker({ kind: 'file', name: 'd.apkg', extension: 'apkg', bytes, separators: {}, limits }, 1, keepMedia)).rejects.toBeInstanceOf(
      ParseTimeoutError,
    )
  })

  it("loads no zod: the contracts are not the worker's (it was a third of every worker's start-up)", () => {
    // The bundle the tests' global setup built from import-worker.ts, its shared modules inlined.
    const bundle = readFileSync(`${DEV_WORKER_DIR}/import-worker.js`, 'utf8')
    expect(bundle).toMatch(/from "better-sqlite3"/)
    expect(bundle).not.toMatch(/from "zod"/)
  })
})
