import { createHash } from 'node:crypto'
import { decodeJwt, jwtVerify, SignJWT } from 'jose'
import type { Clock } from '../../clock'

/**
 * Auth tokens are HS256 JWTs naming the user (`sub`) and a server-side session (`sid`). The key is
 * derived from the server secret and the user's tokenKey, so rotating the tokenKey invalidates
 * every token issued before without a list of revoked tokens.
 */
export interface TokenSettings {
  secret: string
  ttlSeconds: number
  clock: Clock
}

export interface TokenClaims {
  userId: string
  sessionId: string
}

function signingKey(secret: string, tokenKey: string): Uint8Array {
  return createHash('sha256').update(secret).update('\0').update(tokenKey).digest()
}

export async function signAuthToken(settings: TokenSettings, user: { id: string; token_key: string }, sessionId: string) {
  const nowSeconds = Math.floor(settings.clock.now().getTime() / 1000)
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + settings.ttlSeconds)
    .sign(signingKey(settings.secret, user.token_key))
}

/** The claims of a token, read without checking its signature: only to find whose key to check it with. */
export function readUnverifiedClaims(token: string): TokenClaims | undefined {
  try {
    const { sub, sid } = decodeJwt(token)
    return typeof sub === 'string' && typeof sid === 'string' ? { userId: sub, sessionId: sid } : undefined
  } catch {
    return undefined
  }
}

/** When a token signed for this tokenKey expires, or undefined when it is forged, stale or expired. */
export async function verifiedExpiry(settings: TokenSettings, token: string, tokenKey: string): Promise<Date | undefined> {
  try {
    const { payload } = await jwtVerify(token, signingKey(settings.secret, tokenKey), {
      algorithms: ['HS256'],
      currentDate: settings.clock.now(),
      requiredClaims: ['exp'],
    })
    return new Date((payload.exp ?? 0) * 1000)
  } catch {
    return undefined
  }
}

/** Emailed link tokens are stored only as this hash. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
