import { useSyncExternalStore } from 'react'
import type { AuthResponse } from '#shared/api/users'
import { type AuthSnapshot, authStore } from './auth-store'

/** The signed-in user and token, or null for a visitor. */
export function useAuth(): AuthSnapshot | null {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get)
}

export function signIn(auth: AuthResponse): void {
  authStore.set(auth)
}

/**
 * Forgets the session here, then ends it on the server (best effort: offline is fine). Queued
 * offline answers are sent first, while the token still works.
 */
export async function logout(): Promise<void> {
  const current = authStore.get()
  if (!current) return
  await authStore.runBeforeSignOut()
  authStore.set(null)
  // The API client is loaded here, not with the shell: a visitor's landing page does without it.
  await import('./auth-api').then(({ authApi }) => authApi.logout(current.token)).catch(() => undefined)
}

/** Forgets the session here only: the server already ended it. */
export function forgetSession(): void {
  authStore.set(null)
}
