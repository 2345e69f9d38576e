import { describe, expect, it } from 'vitest'
import { backToState, setBackLink } from './back-link'

describe('setBackLink', () => {
  it('goes back to the class that opened the set', () => {
    expect(setBackLink(backToState('/classes/abc', 'French 7B'), false)).toEqual({ path: '/classes/abc', label: 'Back to French 7B' })
    expect(setBackLink(backToState('/classes/abc', 'French 7B'), true)).toEqual({ path: '/classes/abc', label: 'Back to French 7B' })
  })

  it('else My Sets for the owner, Public Sets for anyone else', () => {
    expect(setBackLink(null, true)).toEqual({ path: '/my-sets', label: 'Back to My Sets' })
    expect(setBackLink(undefined, false)).toEqual({ path: '/public-sets', label: 'Back to Public Sets' })
  })

  it('takes only an in-app path from the state', () => {
    expect(setBackLink(backToState('https://evil.example', 'Evil'), false).path).toBe('/public-sets')
    expect(setBackLink(backToState('//evil.example', 'Evil'), false).path).toBe('/public-sets')
    expect(setBackLink({ backTo: { path: '/classes/x' } }, true).path).toBe('/my-sets')
  })
})
