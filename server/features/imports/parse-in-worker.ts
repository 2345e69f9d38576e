import { Worker } from 'node:worker_threads'
import type { ParseJob, StoredMedia, WorkerMessage } from './parse-job'

/**
 * Runs a parse job on a worker thread, so a large or hostile package never blocks the request
 * thread: one worker per job (a fresh heap, nothing left over from someone else's file; a spare
 * is kept started for the next job), a time
 * limit after which the worker is terminated, a heap cap, and at most `MAX_RUNNING` at once (the
 * others wait their turn), so imports cannot take every core from the other requests.
 */

const MAX_RUNNING = 2
/** Heap of one worker: the package's SQLite and pictures live outside it, in buffers. */
const WORKER_HEAP_MB = 512
/** The worker's file name beside the built server (see vite.server.config.ts). */
const BUILT_WORKER = 'import-worker.js'

export class ParseTimeoutError extends Error {}

let running = 0
const waiting: Array<() => void> = []

async function turn(): Promise<() => void> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve))
  running += 1
  return () => {
    running -= 1
    waiting.shift()?.()
  }
}

/**
 * From a build, the worker is the bundled file beside this one (vite.server.config.ts and
 * electron.vite.config.ts emit it). From the TypeScript sources (vitest), Node 20 cannot load a
 * .ts worker, so the tests' global setup (tests/support/build-import-worker.ts) bundles it into
 * node_modules/.cache first. The names are held in variables so the bundler leaves them alone.
 */
function workerUrl(): URL {
  const here = import.meta.url
  const fromSources = /\.ts$/.test(new URL(here).pathname)
  const file = fromSources ? '../../../node_modules/.cache/cardwise-import-worker/import-worker.js' : `./${BUILT_WORKER}`
  return new URL(file, here)
}

/**
 * How far below the request thread the worker runs (a priority is a thread's own on Linux; elsewhere
 * it may be the process's, so Linux only). Where it is not allowed (a container's limits), the worker
 * runs at the process's priority.
 */
export const WORKER_NICE = 10

/**
 * The worker lowers its priority first and only then loads the parsers: loading them is most of a
 * worker's start (about 150 of 250 ms of processor), and a spare starts while the next preview is
 * uploaded and other clients are served (bench:import).
 */
export const workerBootstrap = (url: URL) =>
  `${process.platform === 'linux' ? `try { require('node:os').setPriority(${WORKER_NICE}) } catch {}\n` : ''}import(${JSON.stringify(url.href)})`

const startWorker = () => new Worker(workerBootstrap(workerUrl()), { eval: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })

/**
 * A worker started ahead of the next job: loading the parsers takes a worker a few hundred
 * milliseconds (seconds on a busy machine), which the next preview then does not wait for. Made
 * once a preview is done, never at start-up, and not while a job is read (its loading would then
 * compete with that job's worker and with every other request for the cores); unref'd, so it
 * never keeps the process alive.
 */
let spare: Worker | null = null

function takeWorker(): Worker {
  const worker = spare ?? startWorker()
  spare = null
  worker.ref()
  return worker
}

function keepSpare(): void {
  if (spare) return
  const started = startWorker()
  started.unref()
  started.once('exit', () => {
    if (spare === started) spare = null
  })
  spare = started
}

/** The preview as JSON bytes, ready to send; or the message for a file the worker refuses (null: an unexpected failure). */
export type PreviewOutcome = { ok: true; json: Uint8Array; guids: string[] } | { ok: false; message: string | null }

/** Keeps the pictures and sounds a worker found (on the request thread: it needs the database) and gives their ids. */
export type KeepMedia = (media: Extract<WorkerMessage, { stage: 'media' }>) => Promise<StoredMedia>

/**
 * Reads the job on a worker and answers the preview as JSON bytes: the worker parses, hands the
 * pictures and sounds over for `keepMedia`, then builds and serialises the preview. The time
 * limit covers the worker's parts, not the keeping of the media in between.
 */
export async function parseInWorker(job: ParseJob, timeoutMs: number, keepMedia: KeepMedia): Promise<PreviewOutcome> {
  const release = await turn()
  try {
    const worker = takeWorker()
    return await new Promise<PreviewOutcome>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined
      const startClock = () => {
        timer = setTimeout(() => {
          void worker.terminate()
          reject(new ParseTimeoutError(`parsing took longer than ${timeoutMs} ms`))
        }, timeoutMs)
      }
      const finish = () => {
        clearTimeout(timer)
        worker.removeAllListeners()
        void worker.terminate()
      }
      worker.on('message', (message: WorkerMessage) => {
        if (message.stage === 'media') {
          clearTimeout(timer)
          keepMedia(message).then(
            (stored) => {
              startClock()
              worker.postMessage(stored)
            },
            (error: unknown) => {
              finish()
              reject(error)
            },
          )
          return
        }
        finish()
        resolve(message.stage === 'preview' ? { ok: true, json: message.json, guids: message.guids } : { ok: false, message: message.message })
      })
      worker.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      worker.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the import worker stopped (exit code ${code})`))
      })
      startClock()
      // The upload's bytes are handed over, not copied, when they own their buffer (readMultipart makes them so).
      const own = job.kind === 'file' && job.bytes.byteOffset === 0 && job.bytes.byteLength === job.bytes.buffer.byteLength
      worker.postMessage(job, own ? [job.bytes.buffer as ArrayBuffer] : [])
    })
  } finally {
    release()
    keepSpare()
  }
}
