import { beforeEach, expect, it } from 'vitest'
import {
  forgetPendingJoin,
  forgetPendingRegistration,
  pendingJoin,
  pendingRegistration,
  pendingRegistrationSession,
  rememberPendingJoin,
  rememberPendingRegistration,
} from './pending-destination'

const store = new Map<string, string>()
beforeEach(() => {
  store.clear()
  globalThis.localStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  } as Storage
})

it('keeps a join link for a week, and nothing else', () => {
  rememberPendingJoin('/profile', 0)
  expect(pendingJoin(0)).toBeUndefined()
  rememberPendingJoin('/classes/join/ABCD2345', 1000)
  expect(pendingJoin(2000)).toBe('/classes/join/ABCD2345')
  expect(pendingJoin(1000 + 8 * 86_400_000)).toBeUndefined()
  forgetPendingJoin()
  expect(pendingJoin(2000)).toBeUndefined()
})

it('keeps a registration’s email for the 72 h of its verification link', () => {
  rememberPendingRegistration('ada@example.org', undefined, 1000)
  expect(pendingRegistration(2000)).toBe('ada@example.org')
  expect(pendingRegistrationSession(2000)).toBeUndefined()
  expect(pendingRegistration(1000 + 73 * 3_600_000)).toBeUndefined()
  forgetPendingRegistration()
  expect(pendingRegistration(2000)).toBeUndefined()
})

it('keeps the session signed in at registration beside the email, for as long, and forgets both together', () => {
  rememberPendingRegistration('ada@example.org', 'token-1', 1000)
  expect(pendingRegistrationSession(2000)).toBe('token-1')
  expect(pendingRegistrationSession(1000 + 73 * 3_600_000)).toBeUndefined()
  // Registering again without a session drops the older account's session.
  rememberPendingRegistration('grace@example.org', undefined, 3000)
  expect(pendingRegistrationSession(4000)).toBeUndefined()
  rememberPendingRegistration('ada@example.org', 'token-2', 5000)
  forgetPendingRegistration()
  expect(pendingRegistration(6000)).toBeUndefined()
  expect(pendingRegistrationSession(6000)).toBeUndefined()
})

it('ignores what it did not write', () => {
  store.set('cardwise.pendingRegistration', 'not json')
  expect(pendingRegistration()).toBeUndefined()
  store.set('cardwise.pendingJoin', JSON.stringify({ value: '/profile', at: Date.now() }))
  expect(pendingJoin()).toBeUndefined()
})
