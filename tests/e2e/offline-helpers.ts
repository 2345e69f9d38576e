import type { Locator, Page } from '@playwright/test'

/** What the offline database holds: kept sets and queued answers. */
export function offlineRecords(page: Page): Promise<{ sets: number; queue: number }> {
  return page.evaluate(
    () =>
      new Promise<{ sets: number; queue: number }>((resolve, reject) => {
        const request = indexedDB.open('cardwise-offline')
        // Not made by the app yet: looking must not make it (an empty one would be at the app's
        // version, so the app would never add its stores to it).
        let absent = false
        request.onupgradeneeded = () => {
          absent = true
          request.transaction?.abort()
        }
        request.onerror = () => (absent ? resolve({ sets: 0, queue: 0 }) : reject(request.error))
        request.onsuccess = () => {
          const db = request.result
          if (!db.objectStoreNames.contains('sets')) {
            db.close()
            resolve({ sets: 0, queue: 0 })
            return
          }
          const tx = db.transaction(['sets', 'queue'])
          const sets = tx.objectStore('sets').count()
          const queue = tx.objectStore('queue').count()
          tx.oncomplete = () => {
            db.close()
            resolve({ sets: sets.result, queue: queue.result })
          }
        }
      }),
  )
}

/** The one offline banner (the layout's notice): being offline is said there and nowhere else. */
export function offlineNotice(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: 'You are offline. Pages you have opened still work' })
}

/** The copy of `setId` kept on the device, as the offline database holds it (undefined when it is not kept). */
export function keptEntry<T>(page: Page, setId: string): Promise<T | undefined> {
  return page.evaluate(
    (id) =>
      new Promise<T | undefined>((resolve, reject) => {
        const request = indexedDB.open('cardwise-offline')
        // Not made by the app yet: looking must not make it (see offlineRecords).
        let absent = false
        request.onupgradeneeded = () => {
          absent = true
          request.transaction?.abort()
        }
        request.onerror = () => (absent ? resolve(undefined) : reject(request.error))
        request.onsuccess = () => {
          const db = request.result
          if (!db.objectStoreNames.contains('sets')) {
            db.close()
            resolve(undefined)
            return
          }
          const get = db.transaction('sets').objectStore('sets').get(id)
          get.onsuccess = () => {
            db.close()
            resolve(get.result as T | undefined)
          }
        }
      }),
    setId,
  )
}

/** The terms of the copy of `setId` kept on the device, in order (none when it is not kept). */
export async function keptTerms(page: Page, setId: string): Promise<string[]> {
  return ((await keptEntry<{ cards: Array<{ term: string }> }>(page, setId))?.cards ?? []).map((card) => card.term)
}
