/**
 * The import dialog's flow as a pure reducer: the source (a file or pasted text), the server's
 * preview of it (nothing saved), how the file is read (encoding, "Fields contain HTML"), the
 * student's choices over the preview, "Update an existing set", and the confirm step with its
 * progress and errors. What to ask the server is part of the state (`request`); useImportFlow
 * sends it and hands the answer back as an action carrying the request's id, so an answer to a
 * request since replaced or cancelled (another file chosen, the text edited) changes nothing.
 */

import { createImportSelectionSchema, type ImportPreview, type PreviewTextInput, previewTextSchema } from '#shared/api/imports'
import { fieldErrors } from '#shared/api/validation'
import { type ImportCard, importMessages } from '#shared/import/parse-import'
import type { ImportSetInput, ReadingChoice } from './import-export-api'
import { type ImportChoices, importCards, initialChoices, planImport, type SplitChoice } from './import-plan'
import { type SeparatorChoice, separatorValue } from './import-source'

export type Source = 'file' | 'text'
export type TermSeparator = SeparatorChoice<'tab' | 'comma'>
export type RowSeparator = SeparatorChoice<'newline' | 'semicolon'>

export type Phase = { kind: 'idle' } | { kind: 'previewing' } | { kind: 'importing'; percent: number; set: number; of: number; waitSeconds?: number }

/**
 * The form's error: a message (a text of shared/messages.ts in English, or one already in the
 * interface's language), or a failure after some sets were created (they stay; it says so).
 */
export type FlowError = { kind: 'message'; message: string } | { kind: 'partly'; message: string; created: number; total: number }

/** What a preview reads: the chosen file (as the student asked it read) or the pasted text with its separators. */
export type PreviewFrom = { kind: 'file'; file: File; reading: ReadingChoice } | { kind: 'text'; input: PreviewTextInput }

/** The request under way: a preview, a comparison with one of the student's sets, creating the sets, or updating one. */
export type ImportRequest =
  | { id: number; kind: 'preview'; from: PreviewFrom }
  | { id: number; kind: 'compare'; setId: string; from: PreviewFrom }
  | { id: number; kind: 'import'; sets: ImportSetInput[] }
  | { id: number; kind: 'update'; setId: string; cards: ImportCard[] }

export interface ImportFlowState {
  source: Source
  file: File | null
  text: string
  termSeparator: TermSeparator
  rowSeparator: RowSeparator
  /** How the student asked for the text to be read; the server detects the rest. */
  reading: ReadingChoice
  /** Errors under the file, the text or a separator (`file`, `text`, `termSeparator`, `rowSeparator`). */
  sourceErrors: Record<string, string>
  /** The server's answer for the source, or null before one (or once the source changed). */
  preview: ImportPreview | null
  choices: ImportChoices
  /** The confirm step's errors: `title-<set index>`, `description`, `form`. */
  fields: Record<string, string>
  error: FlowError | null
  /** Issue 27: one of the student's sets to update in place, and the preview against it (its add/update/same counts). */
  target: string | null
  targetPreview: ImportPreview | null
  phase: Phase
  /** A file is dragged over the dialog. */
  dragging: boolean
  /** The request under way; an answer for any other is stale. */
  request: ImportRequest | null
  /** How many requests were made, for the next one's id. */
  requests: number
}

export type ImportFlowAction =
  | { type: 'switchSource'; source: Source }
  /** A file from the chooser or a drop; `problem` is the client's check of it (checkChosenFile), null when fine. */
  | { type: 'chooseFile'; file: File | undefined; problem: string | null; dropped?: boolean }
  | { type: 'dragOver' }
  | { type: 'dragLeave' }
  | { type: 'editText'; text: string }
  | { type: 'termSeparator'; choice: TermSeparator }
  | { type: 'rowSeparator'; choice: RowSeparator }
  /** Another encoding, or "Fields contain HTML" flipped: the preview reads the file (or text) again. */
  | { type: 'reread'; change: ReadingChoice }
  /** Compare with one of the student's sets, or (null) go back to a new set. */
  | { type: 'chooseTarget'; setId: string | null }
  | { type: 'title'; index: number; title: string }
  | { type: 'include'; index: number; included: boolean }
  | { type: 'split'; index: number; split: SplitChoice }
  | { type: 'description'; description: string }
  /** The dialog's button; `fileProblem` is the client's check of the chosen file, in case it is read again. */
  | { type: 'submit'; fileProblem: string | null }
  /** The server's preview for request `id` (a preview or a comparison). */
  | { type: 'answered'; id: number; preview: ImportPreview }
  | { type: 'progress'; id: number; percent: number; set: number; of: number; waitSeconds?: number }
  /** The sets were created (or the set updated): the dialog closes or opens the set, the progress stays meanwhile. */
  | { type: 'imported'; id: number }
  /** Request `id` failed: the server's field errors, its message (errorMessage), and the sets created before it. */
  | { type: 'failed'; id: number; fields: Record<string, string>; message: string; created?: number }

const EMPTY_PREVIEW: ImportPreview = { format: 'text', sets: [], problems: [] }
const IDLE: Phase = { kind: 'idle' }

export function initialImportFlow(): ImportFlowState {
  return {
    source: 'file',
    file: null,
    text: '',
    termSeparator: { kind: 'tab', custom: '' },
    rowSeparator: { kind: 'newline', custom: '' },
    reading: {},
    sourceErrors: {},
    preview: null,
    choices: initialChoices(EMPTY_PREVIEW),
    fields: {},
    error: null,
    target: null,
    targetPreview: null,
    phase: IDLE,
    dragging: false,
    request: null,
    requests: 0,
  }
}

/** While a request runs, the dialog's button waits. */
export const isBusy = (state: ImportFlowState): boolean => state.phase.kind !== 'idle'

/** A preview with something to import: the button confirms it. */
export const isReady = (state: ImportFlowState): boolean => state.preview !== null && state.preview.sets.length > 0

/** The dialog's button: Import (or Update set) once a preview is ready, else Preview. */
export function submitLabel(state: ImportFlowState): 'import.busy' | 'import.update.submit' | 'import.submit' | 'import.preview.submit' {
  if (state.phase.kind === 'importing') return 'import.busy'
  if (!isReady(state)) return 'import.preview.submit'
  return state.target ? 'import.update.submit' : 'import.submit'
}

/** An upload's progress in whole percent (0 when the browser cannot tell the total). */
export function uploadPercent(loaded: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0
}

/** The checks of the confirm step, the same ones POST /api/sets/import makes (markup is the server's to strip). */
const selectionSchema = createImportSelectionSchema((text) => text)

/**
 * The sets to create from the preview and the choices, checked as the server checks them; when
 * refused, each set's message goes under the title it came from (`title-<index>`), the
 * description's under it, any other under the form.
 */
export function checkSelection(
  preview: ImportPreview,
  choices: ImportChoices,
): { ok: true; sets: ImportSetInput[] } | { ok: false; fields: Record<string, string> } {
  const planned = planImport(preview, choices)
  const checked = selectionSchema.safeParse({ sets: planned })
  if (checked.success) {
    return {
      ok: true,
      sets: checked.data.sets.map((set) => ({ title: set.title, ...(set.description ? { description: set.description } : {}), cards: importCards(set.cards) })),
    }
  }
  const found: Record<string, string> = {}
  for (const set of planned) {
    const one = selectionSchema.shape.sets.element.safeParse(set)
    if (one.success) continue
    const refused = fieldErrors(one.error)
    if (refused.title && !found[`title-${set.source}`]) found[`title-${set.source}`] = refused.title
    if (refused.description && !found.description) found.description = refused.description
    if (refused.cards && !found.form) found.form = refused.cards
  }
  const whole = fieldErrors(checked.error)
  if (Object.keys(found).length === 0 && whole.sets) found.form = whole.sets
  return { ok: false, fields: found }
}

/** The pasted text as the preview takes it, with "Fields contain HTML" when the student set it. */
function textInput(state: ImportFlowState, html = state.reading.html): PreviewTextInput {
  return {
    text: state.text,
    termSeparator: separatorValue(state.termSeparator),
    rowSeparator: separatorValue(state.rowSeparator),
    ...(html === undefined ? {} : { html }),
  }
}

/** A request before it has its id. */
type NewRequest<R = ImportRequest> = R extends unknown ? Omit<R, 'id'> : never

function withRequest(state: ImportFlowState, request: NewRequest): ImportFlowState {
  const id = state.requests + 1
  return { ...state, requests: id, request: { ...request, id } as ImportRequest }
}

/** The source changed: its preview (and what went with it) is gone, and a preview under way is stale. */
function dropPreview(state: ImportFlowState): ImportFlowState {
  const previewing = state.request?.kind === 'preview' || state.request?.kind === 'compare'
  return {
    ...state,
    preview: null,
    target: null,
    targetPreview: null,
    fields: {},
    ...(previewing ? { request: null, phase: IDLE } : {}),
  }
}

/** Asks the server what would be imported; `keep`: the last preview stays on show meanwhile. */
function requestPreview(state: ImportFlowState, from: PreviewFrom, keep: boolean): ImportFlowState {
  const next = keep ? state : dropPreview(state)
  return withRequest({ ...next, error: null, phase: { kind: 'previewing' } }, { kind: 'preview', from })
}

/** The pasted text, checked as the server checks it, then previewed. */
function previewText(state: ImportFlowState, html = state.reading.html): ImportFlowState {
  const checked = previewTextSchema.safeParse(textInput(state, html))
  if (!checked.success) return { ...state, sourceErrors: fieldErrors(checked.error) }
  return requestPreview({ ...state, sourceErrors: {} }, { kind: 'text', input: checked.data }, state.preview !== null)
}

function chooseFile(state: ImportFlowState, file: File, problem: string | null): ImportFlowState {
  const chosen = dropPreview({ ...state, file, reading: {}, error: null, sourceErrors: problem ? { file: problem } : {} })
  return problem ? chosen : requestPreview(chosen, { kind: 'file', file, reading: {} }, false)
}

/** What a comparison reads: the same file or text as the preview. */
function previewFrom(state: ImportFlowState): PreviewFrom {
  return state.source === 'file' && state.file ? { kind: 'file', file: state.file, reading: state.reading } : { kind: 'text', input: textInput(state) }
}

function submit(state: ImportFlowState, fileProblem: string | null): ImportFlowState {
  if (isBusy(state)) return state
  const { preview } = state
  if (preview && preview.sets.length > 0) {
    if (state.target) {
      // Updates the chosen set in place with every previewed card, then opens it.
      const cards = importCards((state.targetPreview ?? preview).sets.flatMap((set) => set.cards))
      return withRequest({ ...state, error: null, phase: { kind: 'importing', percent: 0, set: 1, of: 1 } }, { kind: 'update', setId: state.target, cards })
    }
    const checked = checkSelection(preview, state.choices)
    if (!checked.ok) return { ...state, error: null, fields: checked.fields }
    return withRequest(
      { ...state, error: null, fields: {}, phase: { kind: 'importing', percent: 0, set: 1, of: checked.sets.length } },
      { kind: 'import', sets: checked.sets },
    )
  }
  if (state.source === 'text') return previewText(state)
  if (!state.file) return { ...state, sourceErrors: { file: importMessages.noFile } }
  return chooseFile(state, state.file, fileProblem)
}

/** The server's preview: its sets with their titles as the choices, nothing to import shown as the form's error. */
function showPreview(state: ImportFlowState, preview: ImportPreview): ImportFlowState {
  return {
    ...state,
    preview,
    target: null,
    targetPreview: null,
    choices: initialChoices(preview),
    fields: {},
    error: preview.sets.length === 0 ? { kind: 'message', message: preview.problems.at(-1)?.message ?? importMessages.noValidCards } : null,
    phase: IDLE,
    request: null,
  }
}

/** A failed request: a preview's field error goes under the file or the text, the others under the form. */
function fail(state: ImportFlowState, request: ImportRequest, fields: Record<string, string>, message: string, created: number): ImportFlowState {
  const done = { ...state, request: null, phase: IDLE }
  switch (request.kind) {
    case 'preview': {
      const field = request.from.kind
      const shown = fields[field] ?? Object.values(fields)[0]
      return shown ? { ...done, sourceErrors: { [field]: shown } } : { ...done, error: { kind: 'message', message } }
    }
    case 'compare':
    case 'update':
      return { ...done, error: { kind: 'message', message } }
    case 'import': {
      const refused = fields.title ?? fields.description ?? Object.values(fields)[0] ?? message
      // Sets already created stay; the message says so.
      return { ...done, error: created > 0 ? { kind: 'partly', message: refused, created, total: request.sets.length } : { kind: 'message', message: refused } }
    }
  }
}

function setChoice<K extends 'titles' | 'included' | 'split'>(state: ImportFlowState, key: K, index: number, value: ImportChoices[K][number]): ImportFlowState {
  const list = state.choices[key].map((current, at) => (at === index ? value : current)) as ImportChoices[K]
  return { ...state, choices: { ...state.choices, [key]: list } }
}

export function importFlowReducer(state: ImportFlowState, action: ImportFlowAction): ImportFlowState {
  const importing = state.phase.kind === 'importing'
  switch (action.type) {
    case 'switchSource':
      if (importing) return state
      return { ...dropPreview(state), source: action.source, sourceErrors: {}, error: null }
    case 'chooseFile': {
      const dropped = action.dropped ? { ...state, dragging: false } : state
      if (importing) return dropped
      const onFile = action.dropped ? { ...dropped, source: 'file' as const } : dropped
      return action.file ? chooseFile(onFile, action.file, action.problem) : onFile
    }
    case 'dragOver':
      return state.dragging ? state : { ...state, dragging: true }
    case 'dragLeave':
      return state.dragging ? { ...state, dragging: false } : state
    case 'editText':
      if (importing) return state
      return { ...dropPreview(state), text: action.text, reading: {} }
    case 'termSeparator':
      if (importing) return state
      return { ...dropPreview(state), termSeparator: action.choice }
    case 'rowSeparator':
      if (importing) return state
      return { ...dropPreview(state), rowSeparator: action.choice }
    case 'reread': {
      if (importing) return state
      const reading = { ...state.reading, ...action.change }
      const next = { ...state, reading }
      if (state.source === 'text') return previewText(next, reading.html)
      return state.file ? requestPreview(next, { kind: 'file', file: state.file, reading }, true) : next
    }
    case 'chooseTarget': {
      // While the preview is read again its answer resets the choice: nothing to compare with yet.
      if (isBusy(state) || !state.preview) return state
      const next: ImportFlowState = { ...state, target: action.setId, targetPreview: null, error: null, request: null }
      return action.setId === null ? next : withRequest(next, { kind: 'compare', setId: action.setId, from: previewFrom(state) })
    }
    case 'title':
      return setChoice(state, 'titles', action.index, action.title)
    case 'include':
      return setChoice(state, 'included', action.index, action.included)
    case 'split':
      return setChoice(state, 'split', action.index, action.split)
    case 'description':
      return { ...state, choices: { ...state.choices, description: action.description } }
    case 'submit':
      return submit(state, action.fileProblem)
    case 'answered':
      if (state.request?.id !== action.id) return state
      if (state.request.kind === 'compare') return { ...state, targetPreview: action.preview, request: null }
      return state.request.kind === 'preview' ? showPreview(state, action.preview) : state
    case 'progress':
      if (state.request?.id !== action.id || !importing) return state
      return {
        ...state,
        phase: {
          kind: 'importing',
          percent: action.percent,
          set: action.set,
          of: action.of,
          ...(action.waitSeconds === undefined ? {} : { waitSeconds: action.waitSeconds }),
        },
      }
    case 'imported':
      // The progress stays on show while the set opens or the dialog closes.
      return state.request?.id === action.id ? { ...state, request: null } : state
    case 'failed':
      if (state.request?.id !== action.id) return state
      return fail(state, state.request, action.fields, action.message, action.created ?? 0)
  }
}
