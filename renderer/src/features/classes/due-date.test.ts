import { expect, it } from 'vitest'
import { dueAtFromDay, dueLabel } from './due-date'

it('a picked day is due at its end, local time; anything else is no date', () => {
  const due = dueAtFromDay('2026-12-04')
  expect(due).toBe(new Date(2026, 11, 4, 23, 59).toISOString())
  expect(dueAtFromDay('')).toBeUndefined()
  expect(dueAtFromDay('next friday')).toBeUndefined()
  expect(dueLabel(due as string)).toMatch(/^Due /)
})
