import { CONNECTIVITY } from '#shared/limits'

/**
 * Whether the app can reach its server, decided from what really happens (issue 24), not from
 * `navigator.onLine` alone: that flag stays true on captive portals, dead Wi-Fi and pages a service
 * worker served while the network was gone.
 *
 * - A request that fails with a network error or times out marks the app offline.
 * - While offline, `/api/health` is checked with a backoff; the first success marks it online.
 * - Any answer of the server (a 4xx or 5xx too) means it was reached: that is not "offline".
 * - The browser's `offline` event and `navigator.onLine === false` mark it offline; its `online`
 *   event starts a check at once.
 *
 * The offline badge and notice, the answer queue and every "this needs a connection" message
 * follow this one state.
 */
export interface Connectivity {
  isOffline(): boolean
  subscribe(listener: () => void): () => void
  /** A request got no answer (a network error, or no answer within the timeout). */
  reportNetworkFailure(): void
  /** The server answered a request (whatever the status). */
  reportAnswer(): void
  /** The browser says it lost the network. */
  reportBrowserOffline(): void
  /** Checks the server now (the browser says the network is back, the tab came to the front). */
  checkNow(): void
}

export interface ConnectivityOptions {
  /** One health check: true when the server answered that it is up. */
  probe: () => Promise<boolean>
  /** The backoff between checks while offline, by attempt (the last one repeats). */
  backoffMs?: readonly number[]
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
  startOffline?: boolean
}

export function createConnectivity(options: ConnectivityOptions): Connectivity {
  const backoff = options.backoffMs ?? CONNECTIVITY.probeBackoffMs
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  const listeners = new Set<() => void>()
  let offline = options.startOffline ?? false
  let attempt = 0
  let timer: unknown
  let probing = false
  // A probe started before a newer report must not overwrite what that report said.
  let generation = 0

  function setOffline(next: boolean): void {
    if (next === offline) return
    offline = next
    for (const listener of listeners) listener()
  }

  function cancelTimer(): void {
    if (timer !== undefined) clearTimer(timer)
    timer = undefined
  }

  function schedule(): void {
    cancelTimer()
    const delay = backoff[Math.min(attempt, backoff.length - 1)] ?? 0
    attempt += 1
    timer = setTimer(() => {
      timer = undefined
      void probe()
    }, delay)
  }

  async function probe(): Promise<void> {
    if (probing) return
    probing = true
    const started = generation
    let up = false
    try {
      up = await options.probe()
    } catch {
      up = false
    } finally {
      probing = false
    }
    if (started !== generation) {
      // A newer report decided the state meanwhile; keep checking if it said offline.
      if (offline && timer === undefined) schedule()
      return
    }
    if (up) {
      attempt = 0
      setOffline(false)
    } else {
      setOffline(true)
      schedule()
    }
  }

  function goOffline(): void {
    generation += 1
    if (!offline) attempt = 0
    setOffline(true)
    // Already counting down to the next check: keep its backoff. A check under way reschedules.
    if (timer === undefined && !probing) schedule()
  }

  if (offline) schedule()

  return {
    isOffline: () => offline,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    reportNetworkFailure: goOffline,
    reportBrowserOffline: goOffline,
    reportAnswer() {
      generation += 1
      attempt = 0
      cancelTimer()
      setOffline(false)
    },
    checkNow() {
      cancelTimer()
      void probe()
    },
  }
}

/** One health check: the server answered and said it is up (a captive portal's page is not). */
async function probeHealth(): Promise<boolean> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), CONNECTIVITY.probeTimeoutMs)
  try {
    const response = await fetch('/api/health', { cache: 'no-store', headers: { Accept: 'application/json' }, signal: controller.signal })
    if (!response.ok) return false
    const body = (await response.json()) as { status?: unknown }
    return body.status === 'ok'
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

const browser = typeof window !== 'undefined' && typeof navigator !== 'undefined'

/** The app's one connectivity state. */
export const connectivity: Connectivity = createConnectivity({ probe: probeHealth, startOffline: browser && navigator.onLine === false })

let watching = false

/**
 * Follows the browser's own signals (once; the app shell starts it). A page that a service worker
 * served may have come from its cache with no network at all, so such a page checks the server
 * once at start: the browser's flag may still say it is online.
 */
export function watchConnectivity(): void {
  if (watching || !browser) return
  watching = true
  window.addEventListener('offline', () => connectivity.reportBrowserOffline())
  window.addEventListener('online', () => connectivity.checkNow())
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && connectivity.isOffline()) connectivity.checkNow()
  })
  if (navigator.onLine === false) connectivity.reportBrowserOffline()
  else if (navigator.serviceWorker?.controller) connectivity.checkNow()
}
