import { describe, expect, it } from 'vitest'
import { addRefused, parseRefused } from './refused-answers'

describe('refused answers', () => {
  it('are counted per set, a title learnt later filling in a missing one', () => {
    let list = addRefused([], 's1', 'Cell Biology')
    list = addRefused(list, 's2', null)
    list = addRefused(list, 's1', 'Cell Biology')
    list = addRefused(list, 's2', 'Chemistry')
    expect(list).toEqual([
      { setId: 's1', title: 'Cell Biology', count: 2 },
      { setId: 's2', title: 'Chemistry', count: 2 },
    ])
  })

  it('read back from storage as written, anything unreadable as none', () => {
    const list = addRefused(addRefused([], 's1', 'Cell Biology'), 's2', null)
    expect(parseRefused(JSON.stringify(list))).toEqual(list)
    expect(parseRefused(undefined)).toEqual([])
    expect(parseRefused('{broken')).toEqual([])
    expect(parseRefused('{"setId":"s1"}')).toEqual([])
    expect(parseRefused('[{"setId":"s1","title":null,"count":0},{"setId":2,"title":null,"count":1}]')).toEqual([])
  })
})
