import { isRateLimited } from '@/lib/api'

/** Spec section 8/9: a call answered 429 is retried up to 2 times. */
export const RATE_LIMIT_RETRIES = 2
/** Without Retry-After the waits are 8 s times (attempt index + 2): 16 s, then 24 s. */
export const RATE_LIMIT_BASE_DELAY_MS = 8000

/**
 * How long to wait before retry number `attempt` (0 for the first retry): the server's
 * Retry-After when it sent one, else the spec's 16 s then 24 s.
 */
export function rateLimitDelayMs(attempt: number, retryAfterSeconds?: number): number {
  if (retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0) return retryAfterSeconds * 1000
  return RATE_LIMIT_BASE_DELAY_MS * (attempt + 2)
}

export interface RetryOptions {
  retries?: number
  /** Told before each wait (e.g. to show 'retrying in n s'). */
  onWait?: (delayMs: number, attempt: number) => void
  signal?: AbortSignal
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'))
      return
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new DOMException('Aborted', 'AbortError'))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** Runs `call`, and again after the spec's waits while it is answered 429 (at most `retries` more times). */
export async function withRateLimitRetry<T>(call: () => Promise<T>, { retries = RATE_LIMIT_RETRIES, onWait, signal }: RetryOptions = {}): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call()
    } catch (error) {
      if (!isRateLimited(error) || attempt >= retries) throw error
      const delay = rateLimitDelayMs(attempt, error.retryAfterSeconds)
      onWait?.(delay, attempt)
      await sleep(delay, signal)
    }
  }
}
