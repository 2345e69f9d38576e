import { parentPort } from 'node:worker_threads'
import { type ParseJob, previewGuids, previewOf, settleParseJob, type StoredMedia, type WorkerMessage } from './parse-job'

/**
 * The import worker's entry: reads one job, posts its pictures and sounds, and once told their
 * ids, the preview as JSON bytes (parse-job.ts, `WorkerMessage`): the parsing, the building of
 * the preview and its serialisation all happen here, off the request thread. Built as its own
 * file beside the server bundle (vite.server.config.ts, electron.vite.config.ts) and started by
 * parse-in-worker.ts.
 */
const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(message, [...new Set(transfer)])

parentPort?.once('message', (job: ParseJob) => {
  void settleParseJob(job).then((outcome) => {
    if (!outcome.ok) {
      post({ stage: 'refused', message: outcome.message })
      return
    }
    const parsed = outcome.result
    const sounds = parsed.sounds ?? {}
    parentPort?.once('message', (media: StoredMedia) => {
      const preview = previewOf(job, parsed, media)
      const json = new TextEncoder().encode(JSON.stringify(preview))
      post({ stage: 'preview', json, guids: previewGuids(preview) }, [json.buffer as ArrayBuffer])
    })
    const buffers = [...Object.values(parsed.images), ...Object.values(sounds).map((sound) => sound.bytes)].map((bytes) => bytes.buffer as ArrayBuffer)
    post({ stage: 'media', images: parsed.images, sounds }, buffers)
  })
})
