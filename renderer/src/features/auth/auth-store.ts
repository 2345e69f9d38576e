import { setTokenProvider } from '@/lib/auth-token'
import type { User } from '#shared/api/users'

/** What is kept of a signed-in user: the token and the user record (spec: "a token plus the user record"). */
export interface AuthSnapshot {
  token: string
  user: User
}

/** The client auth key in local storage (docs/content-rules.md). */
export const AUTH_STORAGE_KEY = 'cardwise_auth'

type Listener = () => void

/** The cookie GET /api/media/:id reads: an <img> cannot send the Authorization header. */
const TOKEN_COOKIE = 'cardwise_token'

/**
 * Mirrors the token into a cookie sent only to the pictures' path (same site only), so a private
 * set's pictures load for its signed-in owner; cleared on sign-out. Only the media route reads it.
 */
export function syncTokenCookie(token: string | null | undefined): void {
  if (typeof document === 'undefined') return
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : ''
  const value = token ? encodeURIComponent(token) : ''
  const age = token ? '' : '; Max-Age=0'
  document.cookie = `${TOKEN_COOKIE}=${value}; Path=/api/media; SameSite=Strict${age}${secure}`
}

function readStored(): AuthSnapshot | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as AuthSnapshot | null
    return parsed && typeof parsed.token === 'string' && parsed.user ? parsed : null
  } catch {
    return null
  }
}

/**
 * The signed-in state, outside React so the API client can read the token. React reads it with
 * useSyncExternalStore; other tabs' changes arrive through the storage event.
 */
class AuthStore {
  private snapshot: AuthSnapshot | null = readStored()
  private readonly listeners = new Set<Listener>()
  private readonly beforeSignOut = new Set<() => Promise<void>>()

  constructor() {
    syncTokenCookie(this.snapshot?.token)
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (event) => {
        if (event.key !== AUTH_STORAGE_KEY) return
        this.snapshot = readStored()
        syncTokenCookie(this.snapshot?.token)
        this.emit()
      })
    }
  }

  get = (): AuthSnapshot | null => this.snapshot

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  set(snapshot: AuthSnapshot | null): void {
    this.snapshot = snapshot
    syncTokenCookie(snapshot?.token)
    if (snapshot) localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(snapshot))
    else localStorage.removeItem(AUTH_STORAGE_KEY)
    this.emit()
  }

  updateUser(user: User): void {
    if (this.snapshot) this.set({ ...this.snapshot, user })
  }

  /** Work to finish while the session is still valid when the user logs out (sending queued answers). */
  onBeforeSignOut(hook: () => Promise<void>): () => void {
    this.beforeSignOut.add(hook)
    return () => this.beforeSignOut.delete(hook)
  }

  async runBeforeSignOut(): Promise<void> {
    await Promise.allSettled([...this.beforeSignOut].map((hook) => hook()))
  }

  private emit() {
    for (const listener of this.listeners) listener()
  }
}

export const authStore = new AuthStore()

// The API client reads the token from here (lib/ imports no feature, so the store hands it in).
setTokenProvider(() => authStore.get()?.token)
