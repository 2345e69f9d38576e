import { createHash, createHmac } from 'node:crypto'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { readUnverifiedToken, signAuthToken, type TokenSettings, verifiedExpiry } from './tokens'

const NOW_SECONDS = 1_800_000_000
const settings: TokenSettings = {
  secret: 'a-server-secret-that-is-long-enough-123456',
  ttlSeconds: 3600,
  clock: { now: () => new Date(NOW_SECONDS * 1000) },
}
const user = { id: 'user00000000001', token_key: 'the-users-token-key' }
const key = createHash('sha256').update(settings.secret).update('\0').update(user.token_key).digest()

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A token built by hand, signed with the right key: only the header or claims make it wrong. */
function handMade(header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const signed = `${encode(header)}.${encode(payload)}`
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`
}

const claims = { sub: user.id, sid: 'session00000001', iat: NOW_SECONDS - 10, exp: NOW_SECONDS + 60 }

function expiryOf(token: string, tokenKey = user.token_key): Date | undefined {
  const unverified = readUnverifiedToken(token)
  return unverified && verifiedExpiry(settings, unverified, tokenKey)
}

describe('auth tokens', () => {
  it('a token the server signed names its user and session and is valid until it expires', async () => {
    const token = await signAuthToken(settings, user, 'session00000001')
    expect(readUnverifiedToken(token)?.claims).toEqual({ userId: user.id, sessionId: 'session00000001' })
    expect(expiryOf(token)).toEqual(new Date((NOW_SECONDS + settings.ttlSeconds) * 1000))
  })

  it('a hand-made token with the same key and claims is valid too (the format is plain HS256)', () => {
    expect(expiryOf(handMade({ alg: 'HS256', typ: 'JWT' }, claims))).toEqual(new Date(claims.exp * 1000))
  })

  it('another tokenKey (a rotated one) or another secret does not verify it', async () => {
    const token = await signAuthToken(settings, user, 'session00000001')
    expect(expiryOf(token, 'a-rotated-token-key')).toBeUndefined()
    const unverified = readUnverifiedToken(token)
    expect(unverified && verifiedExpiry({ ...settings, secret: 'another-secret-that-is-long-enough-987' }, unverified, user.token_key)).toBeUndefined()
  })

  it('refuses other algorithms, even with the right key', async () => {
    const hs512 = await new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: 'HS512' }).setSubject(user.id).setExpirationTime(claims.exp).sign(key)
    expect(expiryOf(hs512)).toBeUndefined()
    expect(expiryOf(handMade({ alg: 'none' }, claims))).toBeUndefined()
    expect(expiryOf(handMade({ typ: 'JWT' }, claims))).toBeUndefined()
    expect(expiryOf(`${encode({ alg: 'none' })}.${encode(claims)}.`)).toBeUndefined()
  })

  it('refuses a critical header extension it does not know', () => {
    expect(expiryOf(handMade({ alg: 'HS256', crit: ['b64'], b64: false }, claims))).toBeUndefined()
  })

  it('refuses an expired token, one without a numeric exp, and bad iat or nbf claims', () => {
    expect(expiryOf(handMade({ alg: 'HS256' }, { ...claims, exp: NOW_SECONDS }))).toBeUndefined()
    expect(expiryOf(handMade({ alg: 'HS256' }, { ...claims, exp: undefined }))).toBeUndefined()
    expect(expiryOf(handMade({ alg: 'HS256' }, { ...claims, exp: String(claims.exp) }))).toBeUndefined()
    expect(expiryOf(handMade({ alg: 'HS256' }, { ...claims, iat: 'yesterday' }))).toBeUndefined()
    expect(expiryOf(handMade({ alg: 'HS256' }, { ...claims, nbf: NOW_SECONDS + 5 }))).toBeUndefined()
    expect(expiryOf(handMade({ alg: 'HS256' }, { ...claims, nbf: NOW_SECONDS }))).toEqual(new Date(claims.exp * 1000))
  })

  it('refuses a changed payload or signature, and a signature in another encoding', async () => {
    const token = await signAuthToken(settings, user, 'session00000001')
    const [header, payload, signature] = token.split('.') as [string, string, string]
    expect(expiryOf(`${header}.${encode({ ...claims, sub: 'someone0000else' })}.${signature}`)).toBeUndefined()
    expect(expiryOf(`${header}.${payload}.${signature.slice(0, -1)}`)).toBeUndefined()
    expect(expiryOf(`${header}.${payload}.${signature}=`)).toBeUndefined()
    expect(expiryOf(`${header}.${payload}.${Buffer.from(signature, 'base64url').toString('base64')}`)).toBeUndefined()
  })

  it('reads nothing from text that is not a compact JWT with string sub and sid', () => {
    for (const token of ['', 'not-a-jwt', 'a.b.c', 'a.b', 'a.b.c.d', `${encode({ alg: 'HS256' })}.${encode([claims])}.x`]) {
      expect(readUnverifiedToken(token), token).toBeUndefined()
    }
    expect(readUnverifiedToken(`${encode({ alg: 'HS256' })}.${encode({ ...claims, sid: 7 })}.x`)).toBeUndefined()
    expect(readUnverifiedToken(`${encode({ alg: 'HS256' })}.${encode({ ...claims, sub: undefined })}.x`)).toBeUndefined()
  })
})
