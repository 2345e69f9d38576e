import { fork } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEV_WORKER_DIR } from '#tests/support/build-import-worker'
import { buildAnkiPackage, TINY_PNG } from '#tests/support/anki-packages'
import { type KeepMedia, parseInWorker, ParseTimeoutError } from './parse-in-worker'

const limits = { maxEntries: 100, maxUncompressedBytes: 10 * 1024 * 1024, maxNotes: 100 }
/** Keeps nothing: every picture gets an id made of its name. */
const keepMedia: KeepMedia = async (media) => ({
  images: Object.fromEntries(Object.keys(media.images).map((name) => [name, `id${name.replace(/\W/g, '')}`])),
  sounds: {},
  problems: [],
})

describe('parseInWorker', () => {
  it('reads a package in a worker process', async () => {
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

  it.runIf(process.platform === 'linux')("runs every thread of the worker process at a lower priority, V8's own included", async () => {
    const worker = fork(`${DEV_WORKER_DIR}/import-worker.js`, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    const threadNices = () =>
      readdirSync(`/proc/${worker.pid}/task`).map((thread) => {
        const stat = readFileSync(`/proc/${worker.pid}/task/${thread}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
      })
    try {
      // Node starts its own threads (V8's collector and compiler, libuv's) before the worker's code runs.
      await expect.poll(threadNices, { timeout: 10_000 }).toSatisfy((nices: number[]) => nices.length > 3 && nices.every((nice) => nice === 10))
    } finally {
      worker.kill('SIGKILL')
    }
  })

  it.runIf(process.platform === 'linux')("gives the worker process none of the server's environment (its settings and secrets)", async () => {
    process.env.CARDWISE_PROBE_SECRET = 'not for the worker'
    try {
      const bytes = buildAnkiPackage({ generation: 'anki2', notes: [{ fields: ['a', 'b'] }] })
      await parseInWorker({ kind: 'file', name: 'd.apkg', extension: 'apkg', bytes, separators: {}, limits }, 20_000, keepMedia)
      // The spare worker, started once the job is done.
      const workers = () =>
        readdirSync(`/proc/${process.pid}/task`)
          .flatMap((thread) => readFileSync(`/proc/${process.pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean))
          .filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('import-worker.js'))
      await expect.poll(() => workers().length, { timeout: 10_000 }).toBeGreaterThan(0)
      for (const pid of workers()) expect(readFileSync(`/proc/${pid}/environ`, 'utf8')).not.toContain('CARDWISE_PROBE_SECRET')
    } finally {
      delete process.env.CARDWISE_PROBE_SECRET
    }
  })
})
