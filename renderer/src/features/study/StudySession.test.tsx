// @vitest-environment jsdom
import { act } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { reactRootPerTest } from '@/lib/react-test-root'
import type { StudyEngine } from './useStudySession'

/*
 * The study-session shell every mode shares: the place kept in the tab and read back after a
 * reload, each answer recorded through the offline outbox, and the focus moved when the view
 * changes. A signed-in student; the outbox (features/offline) is a stand-in.
 */

vi.mock('@/features/auth', () => ({ authStore: { get: () => ({ token: 't', user: { id: 'u1' } }) } }))
vi.mock('@/features/offline', () => ({
  queueAnswer: vi.fn(async () => undefined),
  readOfflineSet: vi.fn(),
  rememberProgress: vi.fn(),
  rememberStarred: vi.fn(),
  rememberSet: vi.fn(),
}))

const { useStudySession } = await import('./useStudySession')
const { StudySession, useFocusTarget } = await import('./StudySession')
const { queueAnswer } = await import('@/features/offline')

const react = reactRootPerTest()

/** A session that steps through its cards one answer at a time. */
interface Stepping {
  cards: readonly { id: string }[]
  at: number
}
const ENGINE: StudyEngine<Stepping, 'next'> = {
  mode: 'write',
  start: (cards) => ({ cards, at: 0 }),
  reduce: (state) => (state.at < state.cards.length ? { ...state, at: state.at + 1 } : state),
  finished: (state) => state.at === state.cards.length,
  answered: (before) => ({ cardId: before.cards[before.at]?.id ?? '', correct: true, question: 'written', outcome: 'right' }),
}
const PLACE_KEY = 'cardwise.place.write.s1'

let session: [Stepping, (event: 'next') => void]
function Probe({ cards }: { cards: Stepping['cards'] }) {
  session = useStudySession('s1', cards, ENGINE)
  return null
}

async function show(cards: Stepping['cards']): Promise<void> {
  await act(async () => react.root.render(<Probe cards={cards} />))
}
async function step(): Promise<void> {
  await act(async () => session[1]('next'))
}

beforeEach(() => {
  sessionStorage.clear()
  vi.mocked(queueAnswer).mockClear()
})

describe('useStudySession', () => {
  it('keeps the place after every step, goes on from it after a reload, and forgets it once finished', async () => {
    await show([{ id: 'a' }, { id: 'b' }, { id: 'c' }])
    expect(session[0].at).toBe(0)
    await step()
    expect(session[0].at).toBe(1)
    expect(JSON.parse(sessionStorage.getItem(PLACE_KEY) ?? '{}')).toMatchObject({ at: 1, cards: ['a', 'b', 'c'] })

    // A reload: the same cards read again, the page drawn anew.
    await act(async () => react.root.render(null))
    await show([{ id: 'a' }, { id: 'b' }, { id: 'c' }])
    expect(session[0].at).toBe(1)
    await step()
    await step()
    expect(session[0].at).toBe(3)
    expect(sessionStorage.getItem(PLACE_KEY)).toBeNull()
  })

  it('starts afresh over other cards', async () => {
    await show([{ id: 'a' }, { id: 'b' }])
    await step()
    await act(async () => react.root.render(null))
    await show([{ id: 'a' }, { id: 'x' }])
    expect(session[0].at).toBe(0)
  })

  it('takes two events before the next render one after the other, recording each answer once', async () => {
    await show([{ id: 'a' }, { id: 'b' }, { id: 'c' }])
    await act(async () => {
      session[1]('next')
      session[1]('next')
    })
    expect(session[0].at).toBe(2)
    expect(vi.mocked(queueAnswer).mock.calls.map(([, , answer]) => (answer as { cardId: string }).cardId)).toEqual(['a', 'b'])
  })

  it('records each answer through the offline outbox, with its mode', async () => {
    await show([{ id: 'a' }, { id: 'b' }])
    await step()
    expect(queueAnswer).toHaveBeenCalledTimes(1)
    expect(queueAnswer).toHaveBeenCalledWith('answer', 's1', expect.objectContaining({ cardId: 'a', mode: 'write', correct: true, outcome: 'right' }))
  })
})

function Target() {
  return (
    <button ref={useFocusTarget()} type="button">
      go
    </button>
  )
}

async function showView(view: string, focusAtStart = false): Promise<void> {
  await act(async () =>
    react.root.render(
      <StudySession view={view} focusAtStart={focusAtStart}>
        <Target />
      </StudySession>,
    ),
  )
}

describe('StudySession', () => {
  it('moves the focus to its target when the view changes, not on the first view', async () => {
    await showView('first')
    const button = react.container.querySelector('button')
    expect(document.activeElement).not.toBe(button)
    await showView('first')
    expect(document.activeElement).not.toBe(button)
    await showView('second')
    expect(document.activeElement).toBe(button)
  })

  it('focuses the first view too when asked', async () => {
    await showView('first', true)
    expect(document.activeElement).toBe(react.container.querySelector('button'))
  })
})
