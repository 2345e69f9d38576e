import { describe, expect, it } from 'vitest'
import {
  answerToRecord,
  batchSummary,
  canCheck,
  canOverrule,
  checkedOutcome,
  checkedResult,
  currentCard,
  initialWrite,
  isCorrectAnswer,
  isLastCardOfBatch,
  midBatch,
  progressLine,
  type WriteCard,
  type WriteEvent,
  writeProgress,
  writeReducer,
  type WriteState,
  writeTitle,
} from './write'

/** Cards c1..cN whose definitions are d1..dN. */
function makeCards(count: number): WriteCard[] {
  return Array.from({ length: count }, (_, index) => ({ id: `c${index + 1}`, term: `t${index + 1}`, definition: `d${index + 1}` }))
}

function run(state: WriteState, events: WriteEvent[]): WriteState {
  return events.reduce(writeReducer, state)
}

/** Types an answer for the current card, checks it and goes on. */
function answer(state: WriteState, text: string): WriteState {
  return run(state, [{ type: 'type', text }, { type: 'check' }, { type: 'next' }])
}

/** Answers the current card right or wrong and goes on. */
function answerCard(state: WriteState, right: boolean): WriteState {
  const card = currentCard(state)
  if (!card) throw new Error(`no card to answer in phase ${state.phase}`)
  return answer(state, right ? card.definition : 'wrong')
}

/** Plays the rest of the batch: `rightIds` answered right, every other card wrong. */
function playBatch(state: WriteState, rightIds: string[] = []): WriteState {
  let current = state
  while (current.phase === 'answering') current = answerCard(current, rightIds.includes(currentCard(current)?.id ?? ''))
  return current
}

const ids = (cards: readonly WriteCard[]) => cards.map((card) => card.id)
const allIds = (count: number) => ids(makeCards(count))

describe('isCorrectAnswer', () => {
  it('ignores case and surrounding whitespace', () => {
    expect(isCorrectAnswer('Powerhouse of the cell', 'Powerhouse of the cell')).toBe(true)
    expect(isCorrectAnswer('  POWERHOUSE of THE cell \n', 'Powerhouse of the cell')).toBe(true)
    expect(isCorrectAnswer('powerhouse', ' Powerhouse  ')).toBe(true)
  })

  it('counts any other difference, inner spacing included, as wrong', () => {
    expect(isCorrectAnswer('Powerhouse of a cell', 'Powerhouse of the cell')).toBe(false)
    expect(isCorrectAnswer('Powerhouse  of the cell', 'Powerhouse of the cell')).toBe(false)
    expect(isCorrectAnswer('', 'Powerhouse')).toBe(false)
  })
})

describe('write mode', () => {
  it('starts on the first card of batch 1, holding the first 10 cards', () => {
    const state = initialWrite(makeCards(12))
    expect(state.phase).toBe('answering')
    expect(state.batchNumber).toBe(1)
    expect(ids(state.batch)).toEqual(allIds(10))
    expect(ids(state.remaining)).toEqual(['c11', 'c12'])
    expect(currentCard(state)?.id).toBe('c1')
    expect(state.answer).toBe('')
    expect(writeTitle(state)).toBe('Write Mode')
    expect(progressLine(writeProgress(state))).toBe('Batch 1 of 2 • Card 1/10 • Total Progress: 0/12')
  })

  it('holds the whole set in one batch when it has 10 cards or fewer', () => {
    const state = initialWrite(makeCards(3))
    expect(ids(state.batch)).toEqual(['c1', 'c2', 'c3'])
    expect(progressLine(writeProgress(state))).toBe('Batch 1 of 1 • Card 1/3 • Total Progress: 0/3')
  })

  it('is complete at once for a set without cards', () => {
    const state = initialWrite([])
    expect(state.phase).toBe('complete')
    expect(currentCard(state)).toBeUndefined()
    expect(run(state, [{ type: 'check' }, { type: 'next' }, { type: 'continue' }])).toEqual(state)
  })

  it('keeps what is typed while the card is unanswered', () => {
    const state = run(initialWrite(makeCards(3)), [
      { type: 'type', text: 'd' },
      { type: 'type', text: 'd1 ' },
    ])
    expect(state.answer).toBe('d1 ')
    expect(state.phase).toBe('answering')
  })

  it('cannot check a blank or whitespace-only answer', () => {
    const start = initialWrite(makeCards(3))
    expect(canCheck(start)).toBe(false)
    expect(writeReducer(start, { type: 'check' })).toBe(start)
    const blank = writeReducer(start, { type: 'type', text: '   \t' })
    expect(canCheck(blank)).toBe(false)
    expect(writeReducer(blank, { type: 'check' })).toBe(blank)
    expect(canCheck(writeReducer(start, { type: 'type', text: ' x ' }))).toBe(true)
  })

  it('a right answer goes to the correct list', () => {
    const state = run(initialWrite(makeCards(3)), [{ type: 'type', text: '  D1 ' }, { type: 'check' }])
    expect(state.phase).toBe('checked')
    expect(checkedResult(state)).toBe(true)
    expect(ids(state.correct)).toEqual(['c1'])
    expect(state.incorrect).toEqual([])
    expect(state.missed).toEqual([])
    expect(progressLine(writeProgress(state))).toBe('Batch 1 of 1 • Card 1/3 • Total Progress: 1/3')
  })

  it('a wrong answer goes to the incorrect and missed lists', () => {
    const state = run(initialWrite(makeCards(3)), [{ type: 'type', text: 'd2' }, { type: 'check' }])
    expect(checkedResult(state)).toBe(false)
    expect(state.correct).toEqual([])
    expect(ids(state.incorrect)).toEqual(['c1'])
    expect(ids(state.missed)).toEqual(['c1'])
    expect(writeProgress(state).done).toBe(0)
  })

  it('locks the answer once checked, until Next', () => {
    const checked = run(initialWrite(makeCards(3)), [{ type: 'type', text: 'd1' }, { type: 'check' }])
    expect(canCheck(checked)).toBe(false)
    expect(writeReducer(checked, { type: 'type', text: 'changed' })).toBe(checked)
    expect(writeReducer(checked, { type: 'check' })).toBe(checked)
    const next = writeReducer(checked, { type: 'next' })
    expect(next.phase).toBe('answering')
    expect(currentCard(next)?.id).toBe('c2')
    expect(next.answer).toBe('')
    expect(checkedResult(next)).toBeUndefined()
    expect(writeReducer(next, { type: 'type', text: 'd2' }).answer).toBe('d2')
  })

  it('goes to the next card only after a check', () => {
    const start = initialWrite(makeCards(3))
    expect(writeReducer(start, { type: 'next' })).toBe(start)
    expect(writeReducer(writeReducer(start, { type: 'type', text: 'd1' }), { type: 'next' }).index).toBe(0)
  })

  it('shows the batch summary after the last card of a batch', () => {
    let state = initialWrite(makeCards(12))
    for (let count = 0; count < 9; count++) state = answerCard(state, true)
    expect(isLastCardOfBatch(state)).toBe(true)
    expect(progressLine(writeProgress(state))).toBe('Batch 1 of 2 • Card 10/10 • Total Progress: 9/12')
    state = run(state, [{ type: 'type', text: 'nope' }, { type: 'check' }])
    expect(state.phase).toBe('checked')
    state = writeReducer(state, { type: 'next' })
    expect(state.phase).toBe('summary')
    expect(currentCard(state)).toBeUndefined()
    expect(batchSummary(state)).toEqual({
      batchNumber: 1,
      correct: makeCards(9),
      incorrect: [makeCards(10)[9]],
      missed: [makeCards(10)[9]],
      remaining: 2,
      processed: 10,
      total: 12,
    })
  })

  it('ignores Check, Next and typing in the summary, and Continue before it', () => {
    const summary = playBatch(initialWrite(makeCards(12)), allIds(12))
    for (const event of [{ type: 'check' }, { type: 'next' }, { type: 'type', text: 'x' }] as const) {
      expect(writeReducer(summary, event)).toBe(summary)
    }
    const start = initialWrite(makeCards(12))
    expect(writeReducer(start, { type: 'continue' })).toBe(start)
  })

  it('continues with the missed cards first, then the cards not yet played, 10 at most', () => {
    // Batch 1: c2, c5 and c9 wrong.
    const summary = playBatch(
      initialWrite(makeCards(25)),
      allIds(25).filter((id) => !['c2', 'c5', 'c9'].includes(id)),
    )
    expect(ids(summary.missed)).toEqual(['c2', 'c5', 'c9'])
    const batch2 = writeReducer(summary, { type: 'continue' })
    expect(batch2.phase).toBe('answering')
    expect(batch2.batchNumber).toBe(2)
    expect(ids(batch2.batch)).toEqual(['c2', 'c5', 'c9', 'c11', 'c12', 'c13', 'c14', 'c15', 'c16', 'c17'])
    expect(ids(batch2.remaining)).toEqual(['c18', 'c19', 'c20', 'c21', 'c22', 'c23', 'c24', 'c25'])
    // Missed cards stay missed until answered right.
    expect(ids(batch2.missed)).toEqual(['c2', 'c5', 'c9'])
    expect(batch2.index).toBe(0)
    expect(batch2.answer).toBe('')
    expect(batch2.batchResults).toEqual([])
  })

  it('fills a batch with missed cards alone when 10 are waiting', () => {
    const summary1 = playBatch(initialWrite(makeCards(25)))
    expect(ids(summary1.missed)).toEqual(allIds(10))
    const batch2 = writeReducer(summary1, { type: 'continue' })
    expect(ids(batch2.batch)).toEqual(allIds(10))
    expect(ids(batch2.remaining)).toEqual(allIds(25).slice(10))
  })

  it('keeps the missed cards in the order they were last missed', () => {
    const summary1 = playBatch(
      initialWrite(makeCards(25)),
      allIds(25).filter((id) => !['c2', 'c5', 'c9'].includes(id)),
    )
    // Batch 2 asks c2, c5, c9, then c11..c17: c9 and c2 wrong again, in that order, then c11.
    let state = writeReducer(summary1, { type: 'continue' })
    state = answerCard(state, false)
    state = answerCard(state, true)
    expect(ids(state.missed)).toEqual(['c9', 'c2'])
    state = answerCard(state, false)
    state = playBatch(
      state,
      allIds(25).filter((id) => id !== 'c11'),
    )
    expect(ids(state.missed)).toEqual(['c2', 'c9', 'c11'])
    expect(ids(writeReducer(state, { type: 'continue' }).batch).slice(0, 4)).toEqual(['c2', 'c9', 'c11', 'c18'])
  })

  it('a missed card answered right leaves the missed list but stays in the incorrect list', () => {
    const batch2 = writeReducer(playBatch(initialWrite(makeCards(3)), ['c1', 'c3']), { type: 'continue' })
    expect(ids(batch2.batch)).toEqual(['c2'])
    const checked = run(batch2, [{ type: 'type', text: 'D2' }, { type: 'check' }])
    expect(checked.missed).toEqual([])
    expect(ids(checked.correct)).toEqual(['c1', 'c3', 'c2'])
    expect(ids(checked.incorrect)).toEqual(['c2'])
  })

  it('lists a card once in the correct and incorrect lists however often it is answered', () => {
    let state = initialWrite(makeCards(2))
    state = playBatch(state)
    state = playBatch(writeReducer(state, { type: 'continue' }))
    expect(ids(state.incorrect)).toEqual(['c1', 'c2'])
    expect(ids(state.missed)).toEqual(['c1', 'c2'])
    state = playBatch(writeReducer(state, { type: 'continue' }), ['c1', 'c2'])
    expect(ids(state.correct)).toEqual(['c1', 'c2'])
    expect(batchSummary(state).processed).toBe(2)
  })

  it('titles a batch that replays missed cards Review Mode, and the others Write Mode', () => {
    const summary1 = playBatch(
      initialWrite(makeCards(12)),
      allIds(12).filter((id) => id !== 'c4'),
    )
    expect(writeTitle(summary1)).toBe('Write Mode')
    const batch2 = writeReducer(summary1, { type: 'continue' })
    expect(ids(batch2.batch)).toEqual(['c4', 'c11', 'c12'])
    expect(writeTitle(batch2)).toBe('Review Mode')
    const summary2 = playBatch(batch2, ['c4', 'c11', 'c12'])
    expect(writeTitle(summary2)).toBe('Review Mode')
    const done = writeReducer(summary2, { type: 'continue' })
    expect(done.phase).toBe('complete')
    expect(writeTitle(done)).toBe('Write Mode')
    // Without missed cards, batch 2 is plain Write Mode.
    const plain = writeReducer(playBatch(initialWrite(makeCards(12)), allIds(12)), { type: 'continue' })
    expect(writeTitle(plain)).toBe('Write Mode')
  })

  it('shows a summary after the final batch too, then completes when no card is left', () => {
    const summary = playBatch(initialWrite(makeCards(3)), allIds(3))
    expect(summary.phase).toBe('summary')
    expect(batchSummary(summary)).toMatchObject({ missed: [], remaining: 0, processed: 3, total: 3 })
    const done = writeReducer(summary, { type: 'continue' })
    expect(done.phase).toBe('complete')
    expect(currentCard(done)).toBeUndefined()
    expect(writeProgress(done).done).toBe(3)
    for (const event of [{ type: 'check' }, { type: 'next' }, { type: 'continue' }, { type: 'type', text: 'x' }] as const) {
      expect(writeReducer(done, event)).toBe(done)
    }
  })

  it('plays a 12-card set to the end, with the progress line at each step', () => {
    let state = initialWrite(makeCards(12))
    // Batch 1: c3 and c7 wrong.
    state = playBatch(
      state,
      allIds(12).filter((id) => id !== 'c3' && id !== 'c7'),
    )
    expect(batchSummary(state)).toMatchObject({ remaining: 2, processed: 10, total: 12 })
    state = writeReducer(state, { type: 'continue' })
    expect(progressLine(writeProgress(state))).toBe('Batch 2 of 2 • Card 1/4 • Total Progress: 8/12')
    // Batch 2 (c3, c7, c11, c12): c7 wrong again, so one more batch is needed.
    state = answerCard(state, true)
    expect(progressLine(writeProgress(state))).toBe('Batch 2 of 2 • Card 2/4 • Total Progress: 9/12')
    state = playBatch(state, ['c11', 'c12'])
    expect(batchSummary(state)).toMatchObject({ missed: [makeCards(7)[6]], remaining: 0, processed: 12, total: 12 })
    state = writeReducer(state, { type: 'continue' })
    expect(writeTitle(state)).toBe('Review Mode')
    expect(progressLine(writeProgress(state))).toBe('Batch 3 of 3 • Card 1/1 • Total Progress: 11/12')
    state = playBatch(state, ['c7'])
    expect(progressLine(writeProgress(state))).toBe('Batch 3 of 3 • Card 1/1 • Total Progress: 12/12')
    expect(writeReducer(state, { type: 'continue' }).phase).toBe('complete')
  })

  it('keeps Y the same through a batch and never below X', () => {
    let state = initialWrite(makeCards(12))
    const seen = new Set<number>()
    while (state.phase === 'answering') {
      seen.add(writeProgress(state).batches)
      state = answerCard(state, false)
    }
    expect([...seen]).toEqual([2])
    // All 12 missed: batch 2 replays 10 and batch 3 must follow, so 3 batches are expected.
    state = writeReducer(playBatch(writeReducer(state, { type: 'continue' })), { type: 'continue' })
    const progress = writeProgress(state)
    expect(progress.batch).toBe(3)
    expect(progress.batches).toBeGreaterThanOrEqual(progress.batch)
  })

  it('caps the progress counts at the number of cards in the set', () => {
    // A state whose lists name more cards than the set holds (e.g. the same card twice) still
    // never shows more than the total.
    const cards = makeCards(2)
    const state: WriteState = { ...initialWrite(cards), correct: [...cards, { id: 'extra', term: 'x', definition: 'x' }], incorrect: [...cards] }
    expect(writeProgress(state).done).toBe(2)
    expect(batchSummary(state).processed).toBe(2)
    expect(progressLine(writeProgress(state))).toBe('Batch 1 of 1 • Card 1/2 • Total Progress: 2/2')
  })

  it('restarts from the full set in batch 1, from anywhere', () => {
    const start = initialWrite(makeCards(12))
    const midBatch2 = answerCard(writeReducer(playBatch(start, ['c1']), { type: 'continue' }), false)
    const checked = run(start, [{ type: 'type', text: 'x' }, { type: 'check' }])
    const done = writeReducer(playBatch(initialWrite(makeCards(3)), allIds(3)), { type: 'continue' })
    for (const state of [midBatch2, checked, playBatch(start)]) {
      expect(writeReducer(state, { type: 'restart' })).toEqual(start)
    }
    expect(writeReducer(done, { type: 'restart' })).toEqual(initialWrite(makeCards(3)))
  })

  it('uses the given batch size', () => {
    const state = initialWrite(makeCards(5), 2)
    expect(ids(state.batch)).toEqual(['c1', 'c2'])
    expect(progressLine(writeProgress(state))).toBe('Batch 1 of 3 • Card 1/2 • Total Progress: 0/5')
    expect(writeReducer(playBatch(state), { type: 'restart' }).batchSize).toBe(2)
  })

  it('answers with the trimmed, case-insensitive rule inside the machine', () => {
    const state = run(initialWrite([{ id: 'a', term: 'Mitochondria', definition: 'Powerhouse of the cell' }]), [
      { type: 'type', text: '   pOWERHOUSE OF THE CELL   ' },
      { type: 'check' },
    ])
    expect(checkedResult(state)).toBe(true)
  })

  it('counts a near miss as right, shown as almost', () => {
    const start = initialWrite([{ id: 'a', term: 'Receive', definition: 'receive' }, ...makeCards(1)])
    const state = run(start, [{ type: 'type', text: 'recieve' }, { type: 'check' }])
    expect(checkedOutcome(state)).toBe('almost')
    expect(checkedResult(state)).toBe(true)
    expect(canOverrule(state)).toBe(false)
    expect(ids(state.correct)).toEqual(['a'])
    expect(state.missed).toEqual([])
  })

  it('lets the student overrule a wrong verdict once: the card then counts as right', () => {
    const start = initialWrite(makeCards(2))
    const wrong = run(start, [{ type: 'type', text: 'nonsense' }, { type: 'check' }])
    expect(checkedOutcome(wrong)).toBe('wrong')
    expect(canOverrule(wrong)).toBe(true)
    expect(ids(wrong.missed)).toEqual(['c1'])
    const overruled = writeReducer(wrong, { type: 'overrule' })
    expect(checkedOutcome(overruled)).toBe('overruled')
    expect(checkedResult(overruled)).toBe(true)
    expect(canOverrule(overruled)).toBe(false)
    expect(ids(overruled.correct)).toEqual(['c1'])
    expect(overruled.incorrect).toEqual([])
    expect(overruled.missed).toEqual([])
    // Once per answer: a second overrule changes nothing.
    expect(writeReducer(overruled, { type: 'overrule' })).toBe(overruled)
    // A right answer cannot be overruled.
    const right = run(start, [{ type: 'type', text: 'd1' }, { type: 'check' }])
    expect(writeReducer(right, { type: 'overrule' })).toBe(right)
    const summary = playBatch(run(overruled, [{ type: 'next' }]))
    expect(ids(batchSummary(summary).correct)).toEqual(['c1'])
  })

  it('keeps a card missed earlier among the incorrect ones when a later answer is overruled', () => {
    const firstBatch = playBatch(initialWrite(makeCards(1)))
    const replay = run(firstBatch, [{ type: 'continue' }, { type: 'type', text: 'nonsense' }, { type: 'check' }, { type: 'overrule' }])
    expect(ids(replay.incorrect)).toEqual(['c1'])
    expect(ids(replay.correct)).toEqual(['c1'])
    expect(replay.missed).toEqual([])
  })
})

describe('what the session keeps and records', () => {
  it('is mid-batch once a card is typed into or answered, until the batch summary', () => {
    const start = initialWrite(makeCards(3))
    expect(midBatch(start)).toBe(false)
    const typed = run(start, [{ type: 'type', text: 'd' }])
    expect(midBatch(typed)).toBe(true)
    expect(midBatch(run(typed, [{ type: 'check' }]))).toBe(true)
    const second = answerCard(start, true)
    expect(midBatch(second)).toBe(true)
    const summary = answerCard(answerCard(second, true), true)
    expect(summary.phase).toBe('summary')
    expect(midBatch(summary)).toBe(false)
  })

  it('records a right or near-miss answer when checked', () => {
    const typed = run(initialWrite(makeCards(2)), [{ type: 'type', text: 'd1' }])
    const checked = writeReducer(typed, { type: 'check' })
    expect(answerToRecord(typed, checked, { type: 'check' })).toEqual({ cardId: 'c1', outcome: 'right' })
    expect(answerToRecord(checked, writeReducer(checked, { type: 'next' }), { type: 'next' })).toBeUndefined()
  })

  it('records a wrong answer on Next, or once as overruled on "I was right", never both', () => {
    const typed = run(initialWrite(makeCards(2)), [{ type: 'type', text: 'nope' }])
    const checked = writeReducer(typed, { type: 'check' })
    expect(answerToRecord(typed, checked, { type: 'check' })).toBeUndefined()
    expect(answerToRecord(checked, writeReducer(checked, { type: 'next' }), { type: 'next' })).toEqual({ cardId: 'c1', outcome: 'wrong' })
    const overruled = writeReducer(checked, { type: 'overrule' })
    expect(answerToRecord(checked, overruled, { type: 'overrule' })).toEqual({ cardId: 'c1', outcome: 'overruled' })
    expect(answerToRecord(overruled, writeReducer(overruled, { type: 'next' }), { type: 'next' })).toBeUndefined()
  })

  it('records nothing for typing, Continue or Restart', () => {
    const start = initialWrite(makeCards(2))
    const typed = writeReducer(start, { type: 'type', text: 'd1' })
    expect(answerToRecord(start, typed, { type: 'type', text: 'd1' })).toBeUndefined()
    expect(answerToRecord(typed, writeReducer(typed, { type: 'restart' }), { type: 'restart' })).toBeUndefined()
  })
})
