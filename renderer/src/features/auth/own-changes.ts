/**
 * Account changes made on this device (a password change, an account deletion, an email change
 * confirmed here): the server tells every open stream about them, and the event may arrive before
 * this page has the answer. While one is under way the session monitor waits for it, then looks
 * at the session this page kept (a new token, or none), so its modal never races the page.
 */
let pending: Promise<unknown> | null = null

/** Runs `change` (the request and what the page keeps of its answer) as one of this device's own account changes. */
export async function ownAccountChange<T>(change: () => Promise<T>): Promise<T> {
  let release = () => undefined as void
  const settled = new Promise<void>((resolve) => (release = resolve))
  // Pending before the request goes out: the event can come before the answer.
  pending = settled
  try {
    return await change()
  } finally {
    release()
    if (pending === settled) pending = null
  }
}

/** Resolves when this device's own account change under way (if any) has its answer. */
export function ownAccountChangeSettled(): Promise<unknown> {
  return pending ?? Promise.resolve()
}
