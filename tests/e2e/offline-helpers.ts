import type { Page } from '@playwright/test'

/** What the offline database holds: kept sets and queued answers. */
export function offlineRecords(page: Page): Promise<{ sets: number; queue: number }> {
  return page.evaluate(
    () =>
      new Promise<{ sets: number; queue: number }>((resolve, reject) => {
        const request = indexedDB.open('cardwise-offline')
        request.onerror = () => reject(request.error)
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
