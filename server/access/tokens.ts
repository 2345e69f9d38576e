import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { SignJWT } from 'jose'
import type { Clock } from '#server/clock'
import type { Deps } from '#server/deps'

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

/** The server's token settings: its secret, the tokens' lifetime and its clock. */
export const tokenSettings = (deps: Pick<Deps, 'config' | 'clock'>): TokenSettings => ({
  secret: deps.config.authSecret,
  ttlSeconds: deps.config.tokenTtlSeconds,
  clock: deps.clock,
})

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

/** A token split into its parts and decoded, before anything in it is trusted. */
export interface UnverifiedToken {
  claims: TokenClaims
  header: Record<string, unknown>
  payload: Record<string, unknown>
  /** `header.payload` as sent: the text the signature is over. */
  signedText: string
  signature: string
}

function decodeJsonObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** A compact JWT's parts and claims, read without checking its signature: only to find whose key to check it with. */
export function readUnverifiedToken(token: string): UnverifiedToken | undefined {
  const parts = token.split('.')
  if (parts.length !== 3) return undefined
  const [headerPart, payloadPart, signature] = parts as [string, string, string]
  const header = decodeJsonObject(headerPart)
  const payload = decodeJsonObject(payloadPart)
  if (!header || !payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined
  return { claims: { userId: payload.sub, sessionId: payload.sid }, header, payload, signedText: `${headerPart}.${payloadPart}`, signature }
}

/** Compares two texts in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const isNumericDate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/**
 * When a token signed for this tokenKey expires, or undefined when it is forged, stale or expired.
 * Checked as jose's jwtVerify checks an HS256 JWT (alg, signature, numeric exp/iat/nbf, exp in the
 * future), with node:crypto's synchronous HMAC: jose goes through WebCrypto, whose key import and
 * asynchronous verify cost about ten times as much on every signed-in request. Stricter where it
 * can be: any `crit` header is refused, and only the canonical encoding of the signature matches.
 */
export function verifiedExpiry(settings: TokenSettings, token: UnverifiedToken, tokenKey: string): Date | undefined {
  if (token.header.alg !== 'HS256' || token.header.crit !== undefined) return undefined
  const expected = createHmac('sha256', signingKey(settings.secret, tokenKey)).update(token.signedText).digest('base64url')
  if (!sameText(expected, token.signature)) return undefined
  const { exp, iat, nbf } = token.payload
  const nowSeconds = Math.floor(settings.clock.now().getTime() / 1000)
  if (!isNumericDate(exp) || exp <= nowSeconds) return undefined
  if (iat !== undefined && !isNumericDate(iat)) return undefined
  if (nbf !== undefined && (!isNumericDate(nbf) || nbf > nowSeconds)) return undefined
  return new Date(exp * 1000)
}

/** Emailed link tokens are stored only as this hash. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
