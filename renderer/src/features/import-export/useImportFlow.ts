import { useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { ImportPreview } from '#shared/api/imports'
import type { StudySet } from '#shared/api/sets'
import { errorMessage, fieldErrorsOf } from '@/lib/api'
import { useLatestCall } from '@/lib/latest-call'
import { useServerData } from '@/lib/server-data'
import { importExportApi } from './import-export-api'
import { type ImportFlowAction, type ImportRequest, importFlowReducer, initialImportFlow, type PreviewFrom, uploadPercent } from './import-flow'
import { checkChosenFile } from './import-source'
import { withRateLimitRetry } from './retry'

export interface ImportFlowOptions {
  onClose: () => void
  /** Told when several sets were created (one set opens its page instead), or some before a failure. */
  onImported?: (sets: StudySet[]) => void
}

function previewOf(from: PreviewFrom, signal: AbortSignal, setId?: string): Promise<ImportPreview> {
  const compared = setId ? { setId } : {}
  return from.kind === 'file'
    ? importExportApi.previewFile(from.file, undefined, signal, { ...from.reading, ...compared })
    : importExportApi.previewText({ ...from.input, ...compared }, signal)
}

/**
 * The import dialog's state (import-flow.ts) and its requests: each action goes through the
 * reducer, and a request the new state names is sent, replacing the one before (the one under way
 * is cancelled when the dialog closes). Answers come back as actions with the request's id.
 */
export function useImportFlow({ onClose, onImported }: ImportFlowOptions) {
  const navigate = useNavigate()
  // The limits the server enforces, shown in the hint and checked before an upload.
  const limitsData = useServerData('import-limits', (signal) => importExportApi.limits(signal))
  const limits = limitsData.state === 'ready' ? limitsData.data : null
  const calls = useLatestCall()
  const [state, setState] = useState(initialImportFlow)
  // The latest state, for the actions sent from a request's answer (after the render that started it).
  const latest = useRef(state)

  const send = (action: ImportFlowAction) => {
    const before = latest.current
    const after = importFlowReducer(before, action)
    if (after === before) return
    latest.current = after
    setState(after)
    if (after.request === before.request) return
    if (after.request) start(after.request)
    else calls.cancel()
  }

  const failed = (id: number, failure: unknown, created?: number) =>
    send({ type: 'failed', id, fields: fieldErrorsOf(failure), message: errorMessage(failure), ...(created === undefined ? {} : { created }) })

  const start = (request: ImportRequest) => {
    const { id } = request
    switch (request.kind) {
      case 'preview':
      case 'compare': {
        const { from } = request
        const setId = request.kind === 'compare' ? request.setId : undefined
        void calls
          .run((signal) => previewOf(from, signal, setId))
          .then((result) => {
            if (result.state === 'done') send({ type: 'answered', id, preview: result.value })
            else if (result.state === 'failed') failed(id, result.error)
          })
        return
      }
      case 'import': {
        const { sets } = request
        const created: StudySet[] = []
        void calls
          .run(async (signal) => {
            for (const [index, input] of sets.entries()) {
              const progress = (percent: number, waitSeconds?: number) =>
                send({ type: 'progress', id, percent, set: index + 1, of: sets.length, ...(waitSeconds === undefined ? {} : { waitSeconds }) })
              progress(0)
              created.push(
                await withRateLimitRetry(
                  () => {
                    progress(0)
                    return importExportApi.importSet(input, (loaded, total) => progress(uploadPercent(loaded, total)), signal)
                  },
                  { signal, onWait: (delayMs) => progress(0, Math.ceil(delayMs / 1000)) },
                ),
              )
            }
          })
          .then((result) => {
            if (result.state === 'cancelled') return
            if (result.state === 'failed') {
              failed(id, result.error, created.length)
              if (created.length > 0) onImported?.(created)
              return
            }
            send({ type: 'imported', id })
            const [only] = created
            if (created.length === 1 && only) navigate(`/study-sets/${encodeURIComponent(only.id)}`)
            else {
              onImported?.(created)
              onClose()
            }
          })
        return
      }
      case 'update': {
        const { setId, cards } = request
        const progress = (percent: number, waitSeconds?: number) =>
          send({ type: 'progress', id, percent, set: 1, of: 1, ...(waitSeconds === undefined ? {} : { waitSeconds }) })
        void calls
          .run((signal) =>
            withRateLimitRetry(() => importExportApi.importCards(setId, cards, (loaded, total) => progress(uploadPercent(loaded, total)), signal), {
              signal,
              onWait: (delayMs) => progress(0, Math.ceil(delayMs / 1000)),
            }),
          )
          .then((result) => {
            if (result.state === 'failed') failed(id, result.error)
            if (result.state !== 'done') return
            send({ type: 'imported', id })
            navigate(`/study-sets/${encodeURIComponent(setId)}`)
          })
        return
      }
    }
  }

  /** A file from the chooser or a drop, checked here before the server reads it. */
  const chooseFile = (file: File | undefined, dropped = false) =>
    send({ type: 'chooseFile', file, problem: file ? checkChosenFile(file, limits) : null, ...(dropped ? { dropped } : {}) })

  /** The dialog's button: preview the source, or confirm the preview. */
  const submit = () => send({ type: 'submit', fileProblem: latest.current.file ? checkChosenFile(latest.current.file, limits) : null })

  return { state, limits, send, chooseFile, submit }
}
