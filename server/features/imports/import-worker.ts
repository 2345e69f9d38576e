import { parentPort } from 'node:worker_threads'
import { type ParseJob, settleParseJob } from './parse-job'

/**
 * The import worker's entry: reads one job, answers once. Built as its own file beside the server
 * bundle (vite.server.config.ts, electron.vite.config.ts) and started by parse-in-worker.ts.
 */
parentPort?.once('message', (job: ParseJob) => {
  void settleParseJob(job).then((outcome) => {
    const transfer = outcome.ok ? Object.values(outcome.result.images).map((bytes) => bytes.buffer as ArrayBuffer) : []
    parentPort?.postMessage(outcome, [...new Set(transfer)])
  })
})
