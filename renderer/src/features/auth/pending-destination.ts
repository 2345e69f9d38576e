/**
 * What a newcomer started on this device before signing in, kept in localStorage so it survives
 * what they do in between (Create an account, the verification email opened in another tab, then
 * Log in): a class join link (issue 29) and a registration waiting for its verification (issue 32).
 */
const JOIN_KEY = 'cardwise.pendingJoin'
const JOIN_KEEP_MS = 7 * 86_400_000
const JOIN_PATH = /^\/classes\/join\/[^/?#]+$/
const REGISTRATION_KEY = 'cardwise.pendingRegistration'
const REGISTRATION_SESSION_KEY = 'cardwise.pendingRegistrationSession'
/** As long as the verification link lives (api.md: 72 h). */
const REGISTRATION_KEEP_MS = 72 * 3_600_000

function remember(key: string, value: string, now: number): void {
  try {
    localStorage.setItem(key, JSON.stringify({ value, at: now }))
  } catch {
    // Storage refused (private mode): it then works only within the same visit.
  }
}

/** The value kept under `key`, if any and younger than `keepMs`. */
function recall(key: string, keepMs: number, now: number): string | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as { value?: unknown; at?: unknown } | null
    if (!saved || typeof saved.value !== 'string' || typeof saved.at !== 'number' || now - saved.at > keepMs) return undefined
    return saved.value
  } catch {
    return undefined
  }
}

function forget(key: string): void {
  try {
    localStorage.removeItem(key)
  } catch {
    // Nothing kept.
  }
}

/** A class join link opened before signing in: where the first sign-in afterwards goes (for a week). */
export function rememberPendingJoin(path: string, now = Date.now()): void {
  if (JOIN_PATH.test(path)) remember(JOIN_KEY, path, now)
}

/** The join link waiting for a sign-in, if any (still fresh). */
export function pendingJoin(now = Date.now()): string | undefined {
  const path = recall(JOIN_KEY, JOIN_KEEP_MS, now)
  return path && JOIN_PATH.test(path) ? path : undefined
}

export function forgetPendingJoin(): void {
  forget(JOIN_KEY)
}

/**
 * An account registered on this device and not yet verified: its email, and the token of the
 * session signed in at registration (kept aside, not used until then). Opening the verification
 * link on this device then signs the student in with it; without it (another device, or the
 * session refused) the verification page offers to log in and the login form fills in the email.
 */
export function rememberPendingRegistration(email: string, token?: string, now = Date.now()): void {
  remember(REGISTRATION_KEY, email, now)
  if (token) remember(REGISTRATION_SESSION_KEY, token, now)
  else forget(REGISTRATION_SESSION_KEY)
}

export function pendingRegistration(now = Date.now()): string | undefined {
  return recall(REGISTRATION_KEY, REGISTRATION_KEEP_MS, now)
}

/** The session kept aside at registration on this device, if any (still fresh). */
export function pendingRegistrationSession(now = Date.now()): string | undefined {
  return recall(REGISTRATION_SESSION_KEY, REGISTRATION_KEEP_MS, now)
}

export function forgetPendingRegistration(): void {
  forget(REGISTRATION_KEY)
  forget(REGISTRATION_SESSION_KEY)
}
