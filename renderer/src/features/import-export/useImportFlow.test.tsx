// @vitest-environment jsdom
import { act } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import type { ImportLimits, ImportPreview } from '#shared/api/imports'
import type { StudySet } from '#shared/api/sets'
import { ApiError } from '@/lib/api'
import { reactRootPerTest } from '@/lib/react-test-root'
import { type ImportFlowOptions, useImportFlow } from './useImportFlow'

/*
 * The hook around import-flow.ts: it sends the request the state names, cancels the one it
 * replaces (and the one under way when the dialog goes), and hands answers back to the reducer;
 * after the sets are created it opens the one set or closes the dialog. The server is a stand-in
 * whose answers the test gives by hand.
 */

interface Call {
  name: string
  args: unknown[]
  signal: AbortSignal
  progress?: (loaded: number, total: number) => void
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

const server = vi.hoisted(() => ({ calls: [] as Call[] }))

vi.mock('./import-export-api', () => {
  const call = (name: string, args: unknown[], signal: AbortSignal, progress?: Call['progress']) =>
    new Promise((resolve, reject) => {
      server.calls.push({ name, args, signal, progress, resolve, reject })
    })
  return {
    importExportApi: {
      limits: async () => ({ textFileBytes: 5 * 1024 * 1024, packageBytes: 100 * 1024 * 1024 }) as ImportLimits,
      previewFile: (file: File, _progress: unknown, signal: AbortSignal, reading: unknown) => call('previewFile', [file.name, reading], signal),
      previewText: (input: unknown, signal: AbortSignal) => call('previewText', [input], signal),
      importSet: (input: { title: string }, progress: Call['progress'], signal: AbortSignal) => call('importSet', [input.title], signal, progress),
      importCards: (setId: string, cards: unknown[], progress: Call['progress'], signal: AbortSignal) =>
        call('importCards', [setId, cards.length], signal, progress),
    },
  }
})

const rendered = reactRootPerTest()
let flow: ReturnType<typeof useImportFlow>

function Flow(props: ImportFlowOptions) {
  flow = useImportFlow(props)
  return null
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

/** Opens the dialog's flow on My Sets, once the server's limits are in. */
async function open(options: Partial<ImportFlowOptions> = {}) {
  server.calls.length = 0
  const props = { onClose: vi.fn(), onImported: vi.fn(), ...options }
  await act(async () =>
    rendered.root.render(
      <MemoryRouter initialEntries={['/my-sets']}>
        <Routes>
          <Route path="/my-sets" element={<Flow {...props} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    ),
  )
  return props
}

const where = () => rendered.container.querySelector('[data-testid="where"]')?.textContent
const callsNamed = (name: string) => server.calls.filter((call) => call.name === name)
const file = (name: string) => new File(['Term,Definition\na,b\n'], name, { type: 'text/csv' })
const preview = (...titles: string[]): ImportPreview => ({
  format: 'csv',
  sets: titles.map((title) => ({
    title,
    tags: '',
    total: 1,
    cards: [
      { term: 'a', definition: 'b', termImage: null, definitionImage: null, termAudio: null, definitionAudio: null, kind: 'basic', reverse: false, guid: null },
    ],
  })),
  problems: [],
})
const created = (id: string) => ({ id, title: id }) as StudySet

/** Answers call `index` (of all the calls made) and lets the answer through. */
async function answer(index: number, value: unknown) {
  await act(async () => server.calls[index]?.resolve(value))
}

async function refuse(index: number, error: unknown) {
  await act(async () => server.calls[index]?.reject(error))
}

describe('useImportFlow', () => {
  it('a file chosen while another is read cancels that preview; its late answer shows nothing', async () => {
    await open()
    act(() => flow.chooseFile(file('a.csv')))
    act(() => flow.chooseFile(file('b.csv')))
    const [first, second] = callsNamed('previewFile')
    expect(first?.args[0]).toBe('a.csv')
    expect(first?.signal.aborted).toBe(true)
    expect(second?.signal.aborted).toBe(false)
    await answer(server.calls.indexOf(first as Call), preview('a'))
    expect(flow.state.preview).toBeNull()
    expect(flow.state.phase).toEqual({ kind: 'previewing' })
    await answer(server.calls.indexOf(second as Call), preview('b'))
    expect(flow.state.preview?.sets[0]?.title).toBe('b')
  })

  it('a file the client refuses is not sent, and its problem shows under the file', async () => {
    await open()
    act(() => flow.chooseFile(file('notes.pdf')))
    expect(callsNamed('previewFile')).toHaveLength(0)
    expect(flow.state.sourceErrors.file).toMatch(/files are supported/)
  })

  it("the server's refusal of a preview shows under the file", async () => {
    await open()
    act(() => flow.chooseFile(file('broken.json')))
    await refuse(server.calls.length - 1, new ApiError(400, 'invalid_input', 'Invalid input', { file: 'Invalid JSON format' }))
    expect(flow.state.sourceErrors).toEqual({ file: 'Invalid JSON format' })
    expect(flow.state.phase).toEqual({ kind: 'idle' })
  })

  it('one set created opens its page', async () => {
    const props = await open()
    act(() => flow.chooseFile(file('one.csv')))
    await answer(server.calls.length - 1, preview('One'))
    act(() => flow.submit())
    const upload = callsNamed('importSet')[0]
    act(() => upload?.progress?.(1, 2))
    expect(flow.state.phase).toEqual({ kind: 'importing', percent: 50, set: 1, of: 1 })
    await answer(server.calls.length - 1, created('s1'))
    expect(where()).toBe('/study-sets/s1')
    expect(props.onImported).not.toHaveBeenCalled()
  })

  it('several sets are created one after the other, then My Sets is told and the dialog closes', async () => {
    const props = await open()
    act(() => flow.chooseFile(file('decks.csv')))
    await answer(server.calls.length - 1, preview('One', 'Two'))
    act(() => flow.submit())
    await answer(server.calls.length - 1, created('s1'))
    expect(flow.state.phase).toEqual({ kind: 'importing', percent: 0, set: 2, of: 2 })
    expect(callsNamed('importSet').map((call) => call.args[0])).toEqual(['One', 'Two'])
    await answer(server.calls.length - 1, created('s2'))
    expect(props.onImported).toHaveBeenCalledWith([created('s1'), created('s2')])
    expect(props.onClose).toHaveBeenCalled()
  })

  it('a failure after some sets were created says so, and My Sets is told of those', async () => {
    const props = await open()
    act(() => flow.chooseFile(file('decks.csv')))
    await answer(server.calls.length - 1, preview('One', 'Two'))
    act(() => flow.submit())
    await answer(server.calls.length - 1, created('s1'))
    await refuse(server.calls.length - 1, new ApiError(400, 'invalid_input', 'Title is profane', { title: 'Title is profane' }))
    expect(flow.state.error).toEqual({ kind: 'partly', message: 'Title is profane', created: 1, total: 2 })
    expect(flow.state.phase).toEqual({ kind: 'idle' })
    expect(props.onImported).toHaveBeenCalledWith([created('s1')])
    expect(props.onClose).not.toHaveBeenCalled()
  })

  it('updating a set sends the cards to it and opens it', async () => {
    await open()
    act(() => flow.chooseFile(file('deck.json')))
    await answer(server.calls.length - 1, { ...preview('Deck'), matchingSets: [{ id: 's9', title: 'Deck', matching: 1 }] })
    act(() => flow.send({ type: 'chooseTarget', setId: 's9' }))
    const compare = server.calls.at(-1)
    expect(compare?.args).toEqual(['deck.json', { setId: 's9' }])
    act(() => flow.submit())
    expect(compare?.signal.aborted).toBe(true)
    expect(callsNamed('importCards')[0]?.args).toEqual(['s9', 1])
    await answer(server.calls.length - 1, { added: 1 })
    expect(where()).toBe('/study-sets/s9')
  })

  it('closing the dialog cancels the upload under way', async () => {
    await open()
    act(() => flow.chooseFile(file('one.csv')))
    await answer(server.calls.length - 1, preview('One'))
    act(() => flow.submit())
    const upload = callsNamed('importSet')[0]
    act(() => rendered.root.render(null))
    expect(upload?.signal.aborted).toBe(true)
  })
})
