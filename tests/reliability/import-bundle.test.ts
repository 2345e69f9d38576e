import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildAnkiPackage } from '#tests/support/anki-packages'
import { bundleServer, call, type ServerProcess, signUp, spawnServer } from './server-process'

/**
 * The import preview from the built server bundle: the worker is the bundle's own
 * `import-worker.js` (vite.server.config.ts), found beside index.js. Doubles as the bench of the
 * issue: an Anki package of 10,000 notes previewed, while other requests keep being answered; the
 * figures are printed (not asserted as timings: the machine is shared).
 */

let bundle: Awaited<ReturnType<typeof bundleServer>>
let server: ServerProcess
let dataDir: string
const agent = new http.Agent({ keepAlive: true })

beforeAll(async () => {
  bundle = await bundleServer()
  dataDir = mkdtempSync(path.join(tmpdir(), 'cardwise-import-bundle-'))
  server = await spawnServer(bundle.entry, dataDir)
}, 60_000)
afterAll(async () => {
  server?.child.kill('SIGTERM')
  await server?.exited
  agent.destroy()
  bundle?.remove()
  rmSync(dataDir, { recursive: true, force: true })
})

async function preview(token: string, name: string, bytes: Uint8Array) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const response = await fetch(`${server.url}/api/imports/preview`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } })
  return { status: response.status, body: await response.json() }
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0

describe('the import preview in the built server', () => {
  it('previews a 10,000-note package on the bundled worker while other requests are answered', async () => {
    const token = await signUp(agent, server.url, 'bundled')
    const notes = Array.from({ length: 10_000 }, (_, i) => ({
      type: i % 10 === 0 ? ('cloze' as const) : ('basic' as const),
      fields: i % 10 === 0 ? [`Word {{c1::${i}}} in <b>bold</b>`, ''] : [`term <i>${i}</i>&nbsp;漢字[かんじ]`, `definition ${i}<br>second line`],
      deck: `Bench::Deck ${i % 4}`,
      tags: ['bench'],
    }))
    const bytes = buildAnkiPackage({ generation: 'anki21b', notes })
    // The first preview after start-up also starts the spare worker; the bench measures the next one.
    expect((await preview(token, 'warm-up.apkg', buildAnkiPackage({ generation: 'anki2', notes: [{ fields: ['a', 'b'] }] }))).status).toBe(200)

    // Other requests during the preview: their latency shows whether the request thread stayed free.
    const latencies: number[] = []
    let previewing = true
    const healthAgent = new http.Agent({ keepAlive: false })
    const others = (async () => {
      while (previewing) {
        const started = performance.now()
        const answer = await call(healthAgent, server.url, 'GET', '/api/health')
        expect(answer.status).toBe(200)
        latencies.push(performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    const started = performance.now()
    const result = await preview(token, 'bench.apkg', bytes)
    const elapsed = performance.now() - started
    previewing = false
    await others
    healthAgent.destroy()

    expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(200)
    expect(result.body.sets.map((set: { title: string; total: number }) => [set.title, set.total])).toEqual([
      ['Bench › Deck 0', 2500],
      ['Bench › Deck 1', 2500],
      ['Bench › Deck 2', 2500],
      ['Bench › Deck 3', 2500],
    ])
    console.info(
      `import bench: 10,000 notes (${(bytes.length / 1024 / 1024).toFixed(1)} MB anki21b) previewed in ${Math.round(elapsed)} ms; ` +
        `${latencies.length} health requests meanwhile, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    )
  }, 120_000)

  it('answers a broken package with 400 from the bundled worker', async () => {
    const token = await signUp(agent, server.url, 'bundled2')
    const result = await preview(token, 'broken.apkg', new Uint8Array([1, 2, 3, 4]))
    expect(result).toEqual({
      status: 400,
      body: {
        error: {
          status: 400,
          code: 'invalid_input',
          message: 'This file is not a valid Anki package (the zip archive is damaged).',
          fields: { file: 'This file is not a valid Anki package (the zip archive is damaged).' },
        },
      },
    })
  }, 60_000)
})
