import { createHash } from 'node:crypto'
import type { Deps } from '#server/deps'
import { rateLimited } from '#server/http/errors'
import { retryAfterSeconds } from '#server/http/rate-limit'

/**
 * Failed logins are limited per account (ASVS 2.2.1: at most 100 an hour) and per client address,
 * counted in the shared RateLimitStore so several servers can share the counts.
 *
 * An attempt is counted as failed before its password is checked, and given back when it succeeds:
 * a burst of parallel guesses cannot all slip past a check made before any of them failed. So
 * successful logins never count, but they do not wipe earlier failures either: otherwise the owner
 * signing in now and then would hand a guesser a fresh 100 each time. Once a limit is used up,
 * every attempt is 429 until the window ends, the right password included (no password check is
 * made, so a guesser learns nothing).
 *
 * An identity that names no account is counted under the identity itself, so an unknown email is
 * limited exactly like a known one and the 429 tells nothing about who exists.
 */
export interface LoginAttempt {
  /** The attempt succeeded: it does not count against the account or the address. */
  succeeded(): Promise<void>
}

/** The store key of an identity's account; the raw identity is hashed so no address sits in the store. */
export function loginAccountKey(identity: string, accountId: string | undefined): string {
  const who = accountId ? `account:${accountId}` : `identity:${identity.trim().toLowerCase()}`
  return `login-failures:${createHash('sha256').update(who).digest('base64url')}`
}

/** Counts a login attempt as failed up front; throws 429 `rate_limited` when a limit is used up. */
export async function beginLoginAttempt(deps: Deps, accountKey: string, address: string): Promise<LoginAttempt> {
  const limits = deps.config.rateLimits
  const windowMs = limits.loginFailuresWindowSeconds * 1000
  const nowMs = deps.clock.now().getTime()
  const counted = [
    { key: accountKey, max: limits.loginFailuresPerAccount },
    { key: `login-failures:address:${address}`, max: limits.loginFailuresPerAddress },
  ].filter((limit) => limit.max > 0)

  let blockedUntilMs: number | undefined
  for (const { key, max } of counted) {
    const { count, resetAtMs } = await deps.rateLimitStore.hit(key, windowMs, nowMs)
    if (count > max) blockedUntilMs = Math.max(blockedUntilMs ?? 0, resetAtMs)
  }
  if (blockedUntilMs !== undefined) throw rateLimited(retryAfterSeconds(blockedUntilMs, nowMs))

  return {
    async succeeded() {
      const releasedAtMs = deps.clock.now().getTime()
      for (const { key } of counted) await deps.rateLimitStore.release(key, releasedAtMs)
    },
  }
}
