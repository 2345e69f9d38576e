import { describe, expect, it } from 'vitest'
import type { ImportPreview, PreviewSet } from '#shared/api/imports'
import { importMessages } from '#shared/import/parse-import'
import {
  checkSelection,
  type ImportFlowAction,
  importFlowReducer,
  type ImportFlowState,
  type ImportRequest,
  initialImportFlow,
  isBusy,
  isReady,
  submitLabel,
  uploadPercent,
} from './import-flow'

const cards = (count: number, guid = false) =>
  Array.from({ length: count }, (_, i) => ({
    term: `t${i + 1}`,
    definition: `d${i + 1}`,
    termImage: null,
    definitionImage: null,
    termAudio: null,
    definitionAudio: null,
    kind: 'basic' as const,
    reverse: false,
    guid: guid ? `g${i + 1}` : null,
  }))
const set = (title: string, count = 2): PreviewSet => ({ title, tags: '', total: count, cards: cards(count) })
const previewOf = (sets: PreviewSet[], more: Partial<ImportPreview> = {}): ImportPreview => ({ format: 'csv', sets, problems: [], ...more })

const ONE = previewOf([set('Spanish')])
const MATCHING = previewOf([set('Followed deck', 3)], { matchingSets: [{ id: 's1', title: 'Followed deck', matching: 2 }] })

const fileNamed = (name: string) => new File(['Term,Definition\na,b\n'], name, { type: 'text/csv' })
const A = fileNamed('a.csv')
const B = fileNamed('b.csv')

function run(state: ImportFlowState, actions: ImportFlowAction[]): ImportFlowState {
  return actions.reduce(importFlowReducer, state)
}

/** The request under way, failing the test when there is none. */
function requestOf(state: ImportFlowState): ImportRequest {
  if (!state.request) throw new Error('no request under way')
  return state.request
}

const choose = (file: File | undefined, problem: string | null = null): ImportFlowAction => ({ type: 'chooseFile', file, problem })
const answer = (state: ImportFlowState, preview: ImportPreview): ImportFlowAction => ({ type: 'answered', id: requestOf(state).id, preview })
const failure = (state: ImportFlowState, fields: Record<string, string> = {}, message = 'Something went wrong', created?: number): ImportFlowAction => ({
  type: 'failed',
  id: requestOf(state).id,
  fields,
  message,
  ...(created === undefined ? {} : { created }),
})
const submit: ImportFlowAction = { type: 'submit', fileProblem: null }

/** A file chosen and its preview shown. */
function previewed(preview: ImportPreview = ONE, file: File = A): ImportFlowState {
  const asked = run(initialImportFlow(), [choose(file)])
  return importFlowReducer(asked, answer(asked, preview))
}

/** Pasted text, its separators, and its preview asked for. */
function pasted(text = 'sol\tsun'): ImportFlowState {
  return run(initialImportFlow(), [{ type: 'switchSource', source: 'text' }, { type: 'editText', text }, submit])
}

describe('the start', () => {
  it('is a file to choose, nothing asked, the button Preview', () => {
    const state = initialImportFlow()
    expect(state.source).toBe('file')
    expect(state.request).toBeNull()
    expect(isBusy(state)).toBe(false)
    expect(isReady(state)).toBe(false)
    expect(submitLabel(state)).toBe('import.preview.submit')
  })
})

describe('choosing a file', () => {
  it('asks the server for its preview, read as detected, and waits', () => {
    const state = run(initialImportFlow(), [{ type: 'reread', change: { encoding: 'shift_jis' } }, choose(A)])
    expect(state.file).toBe(A)
    expect(state.reading).toEqual({})
    expect(state.phase).toEqual({ kind: 'previewing' })
    expect(state.request).toEqual({ id: 1, kind: 'preview', from: { kind: 'file', file: A, reading: {} } })
    expect(isBusy(state)).toBe(true)
  })

  it("shows the preview's sets with their titles as the choices", () => {
    const state = previewed(previewOf([set('Animals'), set('Maths', 1)]))
    expect(state.preview?.sets).toHaveLength(2)
    expect(state.choices).toEqual({ titles: ['Animals', 'Maths'], included: [true, true], split: ['split', 'split'], description: '' })
    expect(state.phase).toEqual({ kind: 'idle' })
    expect(state.request).toBeNull()
    expect(state.error).toBeNull()
    expect(isReady(state)).toBe(true)
    expect(submitLabel(state)).toBe('import.submit')
  })

  it('shows a preview with nothing to import with its last problem (or "no valid cards") as the error', () => {
    const problems = [
      { line: 2, message: 'line 2: no definition, skipped' },
      { line: 3, message: 'line 3: no term, skipped' },
    ]
    const withProblems = previewed(previewOf([], { problems }))
    expect(withProblems.error).toEqual({ kind: 'message', message: 'line 3: no term, skipped' })
    expect(isReady(withProblems)).toBe(false)
    expect(submitLabel(withProblems)).toBe('import.preview.submit')
    expect(previewed(previewOf([])).error).toEqual({ kind: 'message', message: importMessages.noValidCards })
  })

  it('refused by the client shows the problem under the file and asks nothing', () => {
    const state = run(initialImportFlow(), [choose(fileNamed('notes.pdf'), 'Only .csv files are supported')])
    expect(state.sourceErrors).toEqual({ file: 'Only .csv files are supported' })
    expect(state.request).toBeNull()
    expect(state.phase).toEqual({ kind: 'idle' })
  })

  it('ignores no file at all', () => {
    const state = initialImportFlow()
    expect(importFlowReducer(state, choose(undefined))).toBe(state)
  })

  it('drops the last preview, its choices and errors, and the set to update', () => {
    const before = run(previewed(MATCHING), [{ type: 'title', index: 0, title: '' }, submit, { type: 'chooseTarget', setId: 's1' }])
    expect(before.fields).toEqual({ 'title-0': importMessages.titleRequired })
    expect(before.target).toBe('s1')
    const state = importFlowReducer(before, choose(B))
    expect(state.preview).toBeNull()
    expect(state.target).toBeNull()
    expect(state.targetPreview).toBeNull()
    expect(state.fields).toEqual({})
    expect(state.error).toBeNull()
  })
})

describe('a stale answer', () => {
  it('for a file since changed is ignored; the new file’s answer shows', () => {
    const first = run(initialImportFlow(), [choose(A)])
    const second = importFlowReducer(first, choose(B))
    expect(requestOf(second).id).not.toBe(requestOf(first).id)
    const late = importFlowReducer(second, answer(first, previewOf([set('a')])))
    expect(late).toBe(second)
    expect(late.preview).toBeNull()
    expect(late.phase).toEqual({ kind: 'previewing' })
    expect(importFlowReducer(late, answer(second, previewOf([set('b')]))).preview?.sets[0]?.title).toBe('b')
  })

  it('for a file replaced by one the client refused is ignored, and nothing waits', () => {
    const first = run(initialImportFlow(), [choose(A)])
    const refused = importFlowReducer(first, choose(fileNamed('x.pdf'), 'Only .csv files are supported'))
    expect(refused.request).toBeNull()
    expect(refused.phase).toEqual({ kind: 'idle' })
    expect(importFlowReducer(refused, answer(first, ONE))).toBe(refused)
    expect(importFlowReducer(refused, failure(first, { file: 'Invalid JSON format' }))).toBe(refused)
  })

  it('for a text since edited, or a source since switched, is ignored and nothing waits', () => {
    const asked = pasted()
    for (const change of [
      { type: 'editText', text: 'luna\tmoon' },
      { type: 'termSeparator', choice: { kind: 'comma', custom: '' } },
      { type: 'rowSeparator', choice: { kind: 'semicolon', custom: '' } },
      { type: 'switchSource', source: 'file' },
    ] satisfies ImportFlowAction[]) {
      const changed = importFlowReducer(asked, change)
      expect(changed.request, change.type).toBeNull()
      expect(changed.phase, change.type).toEqual({ kind: 'idle' })
      expect(importFlowReducer(changed, answer(asked, ONE)), change.type).toBe(changed)
    }
  })

  it('of any kind is ignored after the dialog moved on (progress, failure, done)', () => {
    const importing = importFlowReducer(previewed(), submit)
    const id = requestOf(importing).id
    for (const action of [
      { type: 'progress', id: id + 1, percent: 50, set: 1, of: 1 },
      { type: 'failed', id: id - 1, fields: {}, message: 'late' },
      { type: 'imported', id: id + 1 },
      { type: 'answered', id: id - 1, preview: ONE },
    ] satisfies ImportFlowAction[]) {
      expect(importFlowReducer(importing, action), action.type).toBe(importing)
    }
  })
})

describe('a failed preview', () => {
  it("shows the server's field error under the file", () => {
    const asked = run(initialImportFlow(), [choose(A)])
    const state = importFlowReducer(asked, failure(asked, { file: 'Invalid JSON format' }))
    expect(state.sourceErrors).toEqual({ file: 'Invalid JSON format' })
    expect(state.error).toBeNull()
    expect(state.phase).toEqual({ kind: 'idle' })
    expect(state.request).toBeNull()
  })

  it('shows another field’s error under the source, and a failure without fields under the form', () => {
    const asked = pasted()
    expect(importFlowReducer(asked, failure(asked, { termSeparator: 'A separator cannot be empty.' })).sourceErrors).toEqual({
      text: 'A separator cannot be empty.',
    })
    const offline = importFlowReducer(asked, failure(asked, {}, 'You are offline.'))
    expect(offline.sourceErrors).toEqual({})
    expect(offline.error).toEqual({ kind: 'message', message: 'You are offline.' })
  })

  it('read again keeps the last preview on show', () => {
    const asked = importFlowReducer(previewed(), { type: 'reread', change: { html: false } })
    const state = importFlowReducer(asked, failure(asked))
    expect(state.preview).toEqual(ONE)
    expect(state.error).toEqual({ kind: 'message', message: 'Something went wrong' })
  })
})

describe('how the file is read', () => {
  it('another encoding reads the file again with it, the preview and the set to update on show until the answer', () => {
    const compared = run(previewed(MATCHING), [{ type: 'chooseTarget', setId: 's1' }])
    const withCounts = importFlowReducer(compared, answer(compared, { ...MATCHING, actions: { setId: 's1', add: 1, update: 1, same: 1 } }))
    const state = importFlowReducer(withCounts, { type: 'reread', change: { encoding: 'windows-1252' } })
    expect(state.reading).toEqual({ encoding: 'windows-1252' })
    expect(state.request).toMatchObject({ kind: 'preview', from: { kind: 'file', file: A, reading: { encoding: 'windows-1252' } } })
    expect(state.phase).toEqual({ kind: 'previewing' })
    expect(state.preview).toEqual(MATCHING)
    expect(state.target).toBe('s1')
    const answered = importFlowReducer(state, answer(state, MATCHING))
    expect(answered.target).toBeNull()
    expect(answered.targetPreview).toBeNull()
    expect(answered.reading).toEqual({ encoding: 'windows-1252' })
  })

  it('the HTML switch keeps the encoding chosen', () => {
    const state = run(previewed(), [
      { type: 'reread', change: { encoding: 'shift_jis' } },
      { type: 'reread', change: { html: false } },
    ])
    expect(state.reading).toEqual({ encoding: 'shift_jis', html: false })
    expect(state.request).toMatchObject({ kind: 'preview', from: { kind: 'file', reading: { encoding: 'shift_jis', html: false } } })
  })

  it('the HTML switch on pasted text previews the text again with it', () => {
    const asked = pasted()
    const shown = importFlowReducer(asked, answer(asked, ONE))
    const state = importFlowReducer(shown, { type: 'reread', change: { html: true } })
    expect(state.request).toMatchObject({ kind: 'preview', from: { kind: 'text', input: { text: 'sol\tsun', html: true } } })
    expect(state.preview).toEqual(ONE)
  })

  it('without a file remembers the choice and asks nothing', () => {
    const state = importFlowReducer(initialImportFlow(), { type: 'reread', change: { html: true } })
    expect(state.reading).toEqual({ html: true })
    expect(state.request).toBeNull()
  })
})

describe('pasted text', () => {
  it('is previewed with its separators, named or custom', () => {
    const state = run(initialImportFlow(), [
      { type: 'switchSource', source: 'text' },
      { type: 'editText', text: 'sol = sun | luna = moon' },
      { type: 'termSeparator', choice: { kind: 'custom', custom: ' = ' } },
      { type: 'rowSeparator', choice: { kind: 'custom', custom: ' | ' } },
      submit,
    ])
    expect(state.request).toEqual({
      id: 1,
      kind: 'preview',
      from: { kind: 'text', input: { text: 'sol = sun | luna = moon', termSeparator: ' = ', rowSeparator: ' | ' } },
    })
    expect(state.phase).toEqual({ kind: 'previewing' })
  })

  it('is checked as the server checks it before it is sent', () => {
    const empty = run(initialImportFlow(), [{ type: 'switchSource', source: 'text' }, submit])
    expect(empty.sourceErrors).toEqual({ text: 'Paste the text to import.' })
    expect(empty.request).toBeNull()
    const noSeparator = run(initialImportFlow(), [
      { type: 'switchSource', source: 'text' },
      { type: 'editText', text: 'a;b' },
      { type: 'termSeparator', choice: { kind: 'custom', custom: '' } },
      submit,
    ])
    expect(noSeparator.sourceErrors).toEqual({ termSeparator: 'A separator cannot be empty.' })
    expect(noSeparator.request).toBeNull()
  })

  it('edited drops the preview and how it was read; a separator changed drops the preview only', () => {
    const asked = run(pasted(), [{ type: 'reread', change: { html: true } }])
    const shown = importFlowReducer(asked, answer(asked, ONE))
    const edited = importFlowReducer(shown, { type: 'editText', text: 'luna\tmoon' })
    expect(edited.preview).toBeNull()
    expect(edited.reading).toEqual({})
    const separated = importFlowReducer(shown, { type: 'rowSeparator', choice: { kind: 'semicolon', custom: '' } })
    expect(separated.preview).toBeNull()
    expect(separated.reading).toEqual({ html: true })
  })
})

describe('switching between a file and pasted text', () => {
  it('drops the preview and every error', () => {
    const refused = run(initialImportFlow(), [choose(fileNamed('x.pdf'), 'Only .csv files are supported')])
    const state = importFlowReducer(refused, { type: 'switchSource', source: 'text' })
    expect(state.source).toBe('text')
    expect(state.sourceErrors).toEqual({})
    const empty = importFlowReducer(previewed(previewOf([])), { type: 'switchSource', source: 'text' })
    expect(empty.preview).toBeNull()
    expect(empty.error).toBeNull()
  })
})

describe('the button before a preview', () => {
  it('without a file says so under the file', () => {
    expect(importFlowReducer(initialImportFlow(), submit).sourceErrors).toEqual({ file: importMessages.noFile })
  })

  it('with a file reads it again, or shows the client’s problem with it', () => {
    const refused = run(initialImportFlow(), [choose(A, 'File size exceeds the maximum limit of 5MB')])
    const again = importFlowReducer(refused, { type: 'submit', fileProblem: 'File size exceeds the maximum limit of 5MB' })
    expect(again.sourceErrors).toEqual({ file: 'File size exceeds the maximum limit of 5MB' })
    expect(again.request).toBeNull()
    const read = importFlowReducer(refused, submit)
    expect(read.sourceErrors).toEqual({})
    expect(read.request).toMatchObject({ kind: 'preview', from: { kind: 'file', file: A } })
  })

  it('does nothing while a preview is read', () => {
    const asked = run(initialImportFlow(), [choose(A)])
    expect(importFlowReducer(asked, submit)).toBe(asked)
  })
})

describe('the choices over a preview', () => {
  it('edit titles, leave out decks, choose how to split, and give a description', () => {
    const state = run(previewed(previewOf([set('Animals'), set('Big', 501)])), [
      { type: 'title', index: 0, title: 'German animals' },
      { type: 'include', index: 1, included: false },
      { type: 'split', index: 1, split: 'first' },
      { type: 'description', description: 'From Anki' },
    ])
    expect(state.choices).toEqual({ titles: ['German animals', 'Big'], included: [true, false], split: ['split', 'first'], description: 'From Anki' })
  })
})

describe('confirming', () => {
  it('creates each chosen set (a big one split), with the description, one after the other', () => {
    const state = run(previewed(previewOf([set('Big', 1200), set('Small')])), [{ type: 'description', description: 'Notes' }, submit])
    const request = requestOf(state)
    expect(request.kind).toBe('import')
    if (request.kind !== 'import') return
    expect(request.sets.map((one) => [one.title, one.description, one.cards.length])).toEqual([
      ['Big (1 of 3)', 'Notes', 500],
      ['Big (2 of 3)', 'Notes', 500],
      ['Big (3 of 3)', 'Notes', 200],
      ['Small', 'Notes', 2],
    ])
    expect(request.sets[3]?.cards[0]).toEqual({ term: 't1', definition: 'd1' })
    expect(state.phase).toEqual({ kind: 'importing', percent: 0, set: 1, of: 4 })
    expect(submitLabel(state)).toBe('import.busy')
  })

  it('leaves out an empty description', () => {
    const request = requestOf(importFlowReducer(previewed(), submit))
    expect(request.kind === 'import' && request.sets[0]).toEqual({ title: 'Spanish', cards: [expect.anything(), expect.anything()] })
  })

  it("refused shows each set's message under its title, the description's under it, and sends nothing", () => {
    const state = run(previewed(previewOf([set('Animals'), set('Maths')])), [
      { type: 'title', index: 1, title: '' },
      { type: 'description', description: 'd'.repeat(301) },
      submit,
    ])
    expect(state.fields).toEqual({ 'title-1': importMessages.titleRequired, description: importMessages.descriptionTooLong })
    expect(state.request).toBeNull()
    expect(state.phase).toEqual({ kind: 'idle' })
    const fixed = run(state, [{ type: 'title', index: 1, title: 'Maths' }, { type: 'description', description: '' }, submit])
    expect(fixed.fields).toEqual({})
    expect(requestOf(fixed).kind).toBe('import')
  })

  it('with every deck left out says to choose one', () => {
    const state = run(previewed(previewOf([set('Animals'), set('Maths')])), [
      { type: 'include', index: 0, included: false },
      { type: 'include', index: 1, included: false },
      submit,
    ])
    expect(state.fields).toEqual({ form: 'Choose at least one set to import.' })
  })

  it('shows the upload’s progress, set by set, and the wait before a retry', () => {
    const importing = importFlowReducer(previewed(previewOf([set('One'), set('Two')])), submit)
    const { id } = requestOf(importing)
    const halfway = importFlowReducer(importing, { type: 'progress', id, percent: 50, set: 2, of: 2 })
    expect(halfway.phase).toEqual({ kind: 'importing', percent: 50, set: 2, of: 2 })
    const waiting = importFlowReducer(halfway, { type: 'progress', id, percent: 0, set: 2, of: 2, waitSeconds: 16 })
    expect(waiting.phase).toEqual({ kind: 'importing', percent: 0, set: 2, of: 2, waitSeconds: 16 })
    expect(importFlowReducer(waiting, { type: 'progress', id, percent: 10, set: 2, of: 2 }).phase).toEqual({ kind: 'importing', percent: 10, set: 2, of: 2 })
  })

  it('done keeps the progress on show while the set opens or the dialog closes', () => {
    const importing = importFlowReducer(previewed(), submit)
    const done = importFlowReducer(importing, { type: 'imported', id: requestOf(importing).id })
    expect(done.request).toBeNull()
    expect(done.phase.kind).toBe('importing')
    expect(isBusy(done)).toBe(true)
  })

  it("failed shows the server's message, a title's or description's first, and the form is usable again", () => {
    const importing = importFlowReducer(previewed(), submit)
    const refused = importFlowReducer(importing, failure(importing, { description: 'Description is profane', title: 'Title is profane' }))
    expect(refused.error).toEqual({ kind: 'message', message: 'Title is profane' })
    expect(refused.phase).toEqual({ kind: 'idle' })
    expect(refused.request).toBeNull()
    expect(submitLabel(refused)).toBe('import.submit')
    expect(importFlowReducer(importing, failure(importing, { cards: 'Too many' })).error).toEqual({ kind: 'message', message: 'Too many' })
    expect(importFlowReducer(importing, failure(importing, {}, 'No valid flashcards found in file')).error).toEqual({
      kind: 'message',
      message: 'No valid flashcards found in file',
    })
  })

  it('failed after some sets were created says how many were', () => {
    const importing = importFlowReducer(previewed(previewOf([set('One'), set('Two'), set('Three')])), submit)
    const state = importFlowReducer(importing, failure(importing, {}, 'Too many attempts.', 2))
    expect(state.error).toEqual({ kind: 'partly', message: 'Too many attempts.', created: 2, total: 3 })
  })

  it('again clears the last error', () => {
    const importing = importFlowReducer(previewed(), submit)
    const failed = importFlowReducer(importing, failure(importing))
    const again = importFlowReducer(failed, submit)
    expect(again.error).toBeNull()
    expect(requestOf(again).id).toBeGreaterThan(requestOf(importing).id)
  })

  it('cannot change the source, the text or the choices’ reading while the sets are sent; a dropped file only ends the drag', () => {
    const importing = run(previewed(), [submit, { type: 'dragOver' }])
    for (const action of [
      { type: 'switchSource', source: 'text' },
      choose(B),
      { type: 'editText', text: 'x' },
      { type: 'termSeparator', choice: { kind: 'comma', custom: '' } },
      { type: 'rowSeparator', choice: { kind: 'semicolon', custom: '' } },
      { type: 'reread', change: { html: false } },
      { type: 'chooseTarget', setId: 's1' },
      submit,
    ] satisfies ImportFlowAction[]) {
      expect(importFlowReducer(importing, action), action.type).toBe(importing)
    }
    const dropped = importFlowReducer(importing, { type: 'chooseFile', file: B, problem: null, dropped: true })
    expect(dropped).toEqual({ ...importing, dragging: false })
  })
})

describe('updating an existing set', () => {
  it('compares the file with the chosen set, then shows the counts and the button Update set', () => {
    const state = importFlowReducer(previewed(MATCHING), { type: 'chooseTarget', setId: 's1' })
    expect(state.target).toBe('s1')
    expect(state.request).toMatchObject({ kind: 'compare', setId: 's1', from: { kind: 'file', file: A, reading: {} } })
    expect(isBusy(state)).toBe(false)
    expect(submitLabel(state)).toBe('import.update.submit')
    const counts = { ...MATCHING, actions: { setId: 's1', add: 1, update: 1, same: 1 } }
    const answered = importFlowReducer(state, answer(state, counts))
    expect(answered.targetPreview).toEqual(counts)
    expect(answered.preview).toEqual(MATCHING)
    expect(answered.request).toBeNull()
  })

  it('compares pasted text as it was previewed, with the HTML choice', () => {
    const asked = run(pasted(), [{ type: 'reread', change: { html: false } }])
    const shown = importFlowReducer(asked, answer(asked, MATCHING))
    expect(importFlowReducer(shown, { type: 'chooseTarget', setId: 's1' }).request).toMatchObject({
      kind: 'compare',
      from: { kind: 'text', input: { text: 'sol\tsun', termSeparator: 'tab', rowSeparator: 'newline', html: false } },
    })
  })

  it('back to a new set stops the comparison; its late answer is ignored', () => {
    const comparing = importFlowReducer(previewed(MATCHING), { type: 'chooseTarget', setId: 's1' })
    const back = importFlowReducer(comparing, { type: 'chooseTarget', setId: null })
    expect(back.target).toBeNull()
    expect(back.request).toBeNull()
    expect(submitLabel(back)).toBe('import.submit')
    expect(importFlowReducer(back, answer(comparing, MATCHING))).toBe(back)
  })

  it('a comparison that failed shows its message', () => {
    const comparing = importFlowReducer(previewed(MATCHING), { type: 'chooseTarget', setId: 's1' })
    const state = importFlowReducer(comparing, failure(comparing, {}, 'Study set not found'))
    expect(state.error).toEqual({ kind: 'message', message: 'Study set not found' })
    expect(state.target).toBe('s1')
    expect(state.phase).toEqual({ kind: 'idle' })
  })

  it('cannot be chosen while the preview is read again (its answer resets the choice)', () => {
    const rereading = importFlowReducer(previewed(MATCHING), { type: 'reread', change: { encoding: 'utf-8' } })
    expect(importFlowReducer(rereading, { type: 'chooseTarget', setId: 's1' })).toBe(rereading)
  })

  it('sends every previewed card (as compared) to the chosen set', () => {
    const comparing = importFlowReducer(previewed(MATCHING), { type: 'chooseTarget', setId: 's1' })
    const compared = previewOf([{ ...set('Followed deck', 3), cards: cards(3, true) }], { actions: { setId: 's1', add: 1, update: 1, same: 1 } })
    const state = run(comparing, [answer(comparing, compared), submit])
    expect(state.request).toMatchObject({ kind: 'update', setId: 's1' })
    const request = requestOf(state)
    expect(request.kind === 'update' && request.cards.map((card) => card.guid)).toEqual(['g1', 'g2', 'g3'])
    expect(state.phase).toEqual({ kind: 'importing', percent: 0, set: 1, of: 1 })
  })

  it('without the comparison yet sends the preview’s cards, superseding the comparison', () => {
    const comparing = importFlowReducer(previewed(MATCHING), { type: 'chooseTarget', setId: 's1' })
    const state = importFlowReducer(comparing, submit)
    const request = requestOf(state)
    expect(request.kind === 'update' && request.cards).toHaveLength(3)
    expect(importFlowReducer(state, answer(comparing, MATCHING))).toBe(state)
  })

  it("failed shows the server's message and the form is usable again", () => {
    const updating = run(previewed(MATCHING), [{ type: 'chooseTarget', setId: 's1' }, submit])
    const state = importFlowReducer(updating, failure(updating, { cards: 'ignored' }, 'Too many attempts. Please try again later.'))
    expect(state.error).toEqual({ kind: 'message', message: 'Too many attempts. Please try again later.' })
    expect(state.phase).toEqual({ kind: 'idle' })
    expect(submitLabel(state)).toBe('import.update.submit')
  })
})

describe('dragging a file over the dialog', () => {
  it('marks the drop zone until the file leaves or drops; a drop chooses the file, switching to files', () => {
    const over = run(initialImportFlow(), [{ type: 'switchSource', source: 'text' }, { type: 'dragOver' }])
    expect(over.dragging).toBe(true)
    expect(importFlowReducer(over, { type: 'dragOver' })).toBe(over)
    expect(importFlowReducer(over, { type: 'dragLeave' }).dragging).toBe(false)
    const dropped = importFlowReducer(over, { type: 'chooseFile', file: A, problem: null, dropped: true })
    expect(dropped.dragging).toBe(false)
    expect(dropped.source).toBe('file')
    expect(dropped.request).toMatchObject({ kind: 'preview', from: { kind: 'file', file: A } })
  })
})

describe('uploadPercent', () => {
  it('rounds, caps at 100, and is 0 when the total is unknown', () => {
    expect(uploadPercent(1, 3)).toBe(33)
    expect(uploadPercent(5, 4)).toBe(100)
    expect(uploadPercent(10, 0)).toBe(0)
  })
})

describe('checkSelection', () => {
  it("gives the sets to create, or the first message for each set's title", () => {
    const preview = previewOf([set('A'), set('B')])
    const ok = checkSelection(preview, { titles: [' A ', 'B'], included: [true, true], split: ['split', 'split'], description: '' })
    expect(ok.ok && ok.sets.map((one) => one.title)).toEqual(['A', 'B'])
    const refused = checkSelection(preview, { titles: ['x'.repeat(46), ''], included: [true, true], split: ['split', 'split'], description: '' })
    expect(refused).toEqual({ ok: false, fields: { 'title-0': importMessages.titleTooLong, 'title-1': importMessages.titleRequired } })
  })
})
