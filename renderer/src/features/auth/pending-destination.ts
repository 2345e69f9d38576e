/**
 * A class join link opened before signing in (issue 29): kept on this device so it survives what
 * a newcomer does in between (Create an account, the verification email, opened in another tab,
 * then Log in), and is where the first sign-in afterwards goes. Only join links are kept, for a
 * week; the join page forgets it once it ran.
 */
const KEY = 'cardwise.pendingJoin'
const KEEP_MS = 7 * 86_400_000
const JOIN_PATH = /^\/classes\/join\/[^/?#]+$/

export function rememberPendingJoin(path: string, now = Date.now()): void {
  if (!JOIN_PATH.test(path)) return
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: now }))
  } catch {
    // Storage refused (private mode): the link then works only within the same visit.
  }
}

/** The join link waiting for a sign-in, if any (still fresh). */
export function pendingJoin(now = Date.now()): string | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { path?: unknown; at?: unknown } | null
    if (!saved || typeof saved.path !== 'string' || !JOIN_PATH.test(saved.path) || typeof saved.at !== 'number' || now - saved.at > KEEP_MS) return undefined
    return saved.path
  } catch {
    return undefined
  }
}

export function forgetPendingJoin(): void {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // Nothing kept.
  }
}
