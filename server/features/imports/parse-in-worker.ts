import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { ParseJob, StoredMedia, WorkerMessage } from './parse-job'

/**
 * Runs a parse job in a worker process (import-worker.ts), so a large or hostile package never
 * blocks the request thread nor takes the cores from it: one process per job (nothing left over
 * from someone else's file; a spare is kept started for the next job), at a lower priority, a time
 * limit after which it is killed, a heap cap, and at most `MAX_RUNNING` at once (the others wait
 * their turn), so imports cannot take every core from the other requests.
 */

const MAX_RUNNING = 2
/** Heap of one worker process: the package's SQLite and pictures live outside it, in buffers. */
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
 * electron.vite.config.ts emit it). From the TypeScript sources (vitest), Node 20 cannot run a
 * .ts file, so the tests' global setup (tests/support/build-import-worker.ts) bundles it into
 * node_modules/.cache first. The names are held in variables so the bundler leaves them alone.
 */
function workerUrl(): URL {
  const here = import.meta.url
  const fromSources = /\.ts$/.test(new URL(here).pathname)
  const file = fromSources ? '../../../node_modules/.cache/cardwise-import-worker/import-worker.js' : `./${BUILT_WORKER}`
  return new URL(file, here)
}

/**
 * A worker process: its own flags only (not a test runner's loaders or an inspector port of this
 * one) and none of the server's settings or secrets (a package is untrusted input; Windows needs
 * SystemRoot), V8's serialisation for the bytes, its errors printed with the server's. In Electron,
 * `fork` runs Electron as plain Node, with the same native modules.
 */
const startWorker = (): ChildProcess =>
  fork(fileURLToPath(workerUrl()), [], {
    execArgv: [`--max-old-space-size=${WORKER_HEAP_MB}`],
    env: process.env.SystemRoot ? { SystemRoot: process.env.SystemRoot } : {},
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })

/**
 * A worker started ahead of the next job: starting one and loading the parsers takes a few
 * hundred milliseconds (seconds on a busy machine), which the next preview then does not wait for.
 * Made once a preview is done, never at start-up, and not while a job is read (its loading would
 * then compete with that job's worker and with every other request for the cores); unref'd, so it
 * never keeps the server alive, and it exits when the server does (import-worker.ts).
 */
let spare: ChildProcess | null = null

function takeWorker(): ChildProcess {
  const worker = spare ?? startWorker()
  spare = null
  worker.ref()
  worker.channel?.ref()
  return worker
}

function keepSpare(): void {
  if (spare) return
  const started = startWorker()
  started.unref()
  started.channel?.unref()
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
          worker.kill('SIGKILL')
          reject(new ParseTimeoutError(`parsing took longer than ${timeoutMs} ms`))
        }, timeoutMs)
      }
      const finish = () => {
        clearTimeout(timer)
        worker.removeAllListeners()
        worker.kill('SIGKILL')
      }
      worker.on('message', (message: WorkerMessage) => {
        if (message.stage === 'media') {
          clearTimeout(timer)
          keepMedia(message).then(
            (stored) => {
              startClock()
              worker.send(stored)
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
      worker.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`the import worker stopped (${signal ?? `exit code ${code}`})`))
      })
      startClock()
      worker.send(job)
    })
  } finally {
    release()
    keepSpare()
  }
}
