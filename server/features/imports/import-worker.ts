import { type ParseJob, previewGuids, previewOf, settleParseJob, type StoredMedia, type WorkerMessage } from './parse-job'
import { lowerProcessPriority } from './worker-priority'

/**
 * The import worker's entry, run as a process of its own (parse-in-worker.ts forks it): reads one
 * job, sends its pictures and sounds, and once told their ids, the preview as JSON bytes
 * (parse-job.ts, `WorkerMessage`): the parsing, the building of the preview and its serialisation
 * all happen here, off the server's process. Built as its own file beside the server bundle
 * (vite.server.config.ts, electron.vite.config.ts).
 *
 * A process rather than a thread: its every thread, V8's garbage collector and compiler included,
 * runs at a lower priority (bench:import: other clients' reads keep their p99 while a large package
 * is read; a thread's collector works on threads shared with the request thread, at its priority),
 * and a file that crashes the native SQLite reader takes only this process with it.
 */
const WORKER_NICE = 10
lowerProcessPriority(WORKER_NICE)

// The server went away (it stopped, or crashed): nothing is left to answer.
process.once('disconnect', () => process.exit(0))

const send = (message: WorkerMessage) => process.send?.(message)

process.once('message', (job: ParseJob) => {
  void settleParseJob(job).then((outcome) => {
    if (!outcome.ok) {
      send({ stage: 'refused', message: outcome.message })
      return
    }
    const parsed = outcome.result
    process.once('message', (media: StoredMedia) => {
      const preview = previewOf(job, parsed, media)
      send({ stage: 'preview', json: new TextEncoder().encode(JSON.stringify(preview)), guids: previewGuids(preview) })
    })
    send({ stage: 'media', images: parsed.images, sounds: parsed.sounds ?? {} })
  })
})
