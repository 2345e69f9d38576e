import type { Locator, Page } from '@playwright/test'

/**
 * One look into the app's offline database: how many sets it keeps and answers it queues, and the
 * copy of `setId` it keeps (undefined when it is not kept). A database the app has not made yet
 * reads as empty and is not made by looking: an empty one would be at the app's version, so the app
 * would never add its stores to it.
 */
function readOfflineDatabase(page: Page, setId: string | null): Promise<{ sets: number; queue: number; entry: unknown }> {
  return page.evaluate(
    (id) =>
      new Promise<{ sets: number; queue: number; entry: unknown }>((resolve, reject) => {
        const empty = { sets: 0, queue: 0, entry: undefined }
        const request = indexedDB.open('cardwise-offline')
        let absent = false
        request.onupgradeneeded = () => {
          absent = true
          request.transaction?.abort()
        }
        request.onerror = () => (absent ? resolve(empty) : reject(request.error))
        request.onsuccess = () => {
          const db = request.result
          if (!db.objectStoreNames.contains('sets')) {
            db.close()
            resolve(empty)
            return
          }
          const tx = db.transaction(['sets', 'queue'])
          const sets = tx.objectStore('sets').count()
          const queue = tx.objectStore('queue').count()
          const entry = id === null ? undefined : tx.objectStore('sets').get(id)
          tx.oncomplete = () => {
            db.close()
            resolve({ sets: sets.result, queue: queue.result, entry: entry?.result })
          }
        }
      }),
    setId,
  )
}

/** What the offline database holds: kept sets and queued answers. */
export async function offlineRecords(page: Page): Promise<{ sets: number; queue: number }> {
  const { sets, queue } = await readOfflineDatabase(page, null)
  return { sets, queue }
}

/** The one offline banner (the layout's notice): being offline is said there and nowhere else. */
export function offlineNotice(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: 'You are offline. Pages you have opened still work' })
}

/** The copy of `setId` kept on the device, as the offline database holds it (undefined when it is not kept). */
export async function keptEntry<T>(page: Page, setId: string): Promise<T | undefined> {
  return (await readOfflineDatabase(page, setId)).entry as T | undefined
}

/** The terms of the copy of `setId` kept on the device, in order (none when it is not kept). */
export async function keptTerms(page: Page, setId: string): Promise<string[]> {
  return ((await keptEntry<{ cards: Array<{ term: string }> }>(page, setId))?.cards ?? []).map((card) => card.term)
}
