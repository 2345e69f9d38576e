import { CompiledQuery } from 'kysely'
import { describe, expect, it } from 'vitest'
import { isPlainRead } from './replicas'

describe('isPlainRead: what a replica may answer', () => {
  it.each([
    ['select * from study_sets where id = $1', true],
    ['  SELECT count(*) from cards', true],
    ['with q as materialized (select 1 as query) select * from q', true],
    ['select * from card_memory where card_id = $1 for update', false],
    ['select 1 from study_sets where id = $1 for key share', false],
    ['select * from cards for no key update', false],
    ['with moved as (update cards set position = 1 returning id) select * from moved', false],
    ['insert into study_sets (id) values ($1)', false],
    ['update users set username = $1', false],
    ['delete from cards where id = $1', false],
    ['begin', false],
  ])('%s: %s', (text, expected) => {
    expect(isPlainRead(CompiledQuery.raw(text))).toBe(expected)
  })
})
