import { describe, expect, it } from 'vitest'
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY, claimChunkReload, isChunkLoadError } from './chunk-reload'

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items }
}

const chromiumError = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/TestPage-abc.js')

describe('isChunkLoadError', () => {
  it('knows the browsers’ and Vite’s messages for a module or CSS that cannot load', () => {
    expect(isChunkLoadError(chromiumError)).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/TestPage-abc.css'))).toBe(true)
  })

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
    expect(isChunkLoadError({ status: 404 })).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
  })
})

describe('claimChunkReload', () => {
  it('reloads once for a missing chunk and records when', () => {
    const storage = memoryStorage()
    expect(claimChunkReload(chromiumError, { storage, now: 1_000_000, offline: false })).toBe(true)
    expect(storage.items.get(CHUNK_RELOAD_KEY)).toBe('1000000')
    // The same failure right after the reload: the error page, not another reload.
    expect(claimChunkReload(chromiumError, { storage, now: 1_000_000 + 2_000, offline: false })).toBe(false)
  })

  it('reloads again for a later deploy, once the guard has passed', () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: '1000000' })
    expect(claimChunkReload(chromiumError, { storage, now: 1_000_000 + CHUNK_RELOAD_GUARD_MS, offline: false })).toBe(true)
  })

  it('never reloads offline or for another error', () => {
    const storage = memoryStorage()
    expect(claimChunkReload(chromiumError, { storage, now: 1, offline: true })).toBe(false)
    expect(claimChunkReload(new Error('boom'), { storage, now: 1, offline: false })).toBe(false)
    expect(storage.items.size).toBe(0)
  })

  it('does not reload without a storage to guard the loop', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(claimChunkReload(chromiumError, { storage, now: 1, offline: false })).toBe(false)
  })
})
