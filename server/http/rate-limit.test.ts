import { describe, expect, it } from 'vitest'
import { MemoryRateLimitStore } from './rate-limit'

describe('MemoryRateLimitStore', () => {
  it('counts hits per key within a window and starts again after it', async () => {
    const store = new MemoryRateLimitStore()
    expect(await store.hit('a', 1000, 0)).toEqual({ count: 1, resetAtMs: 1000 })
    expect(await store.hit('a', 1000, 500)).toEqual({ count: 2, resetAtMs: 1000 })
    expect(await store.hit('b', 1000, 500)).toEqual({ count: 1, resetAtMs: 1500 })
    expect(await store.hit('a', 1000, 1000)).toEqual({ count: 1, resetAtMs: 2000 })
  })

  it('release takes back one hit of the current window only', async () => {
    const store = new MemoryRateLimitStore()
    await store.hit('a', 1000, 0)
    await store.hit('a', 1000, 0)
    await store.release('a', 500)
    expect(await store.hit('a', 1000, 600)).toEqual({ count: 2, resetAtMs: 1000 })
    await store.release('a', 1000)
    await store.release('unknown', 0)
    expect(await store.hit('a', 1000, 1000)).toEqual({ count: 1, resetAtMs: 2000 })
  })

  it('forgets ended windows so memory stays bounded', async () => {
    const store = new MemoryRateLimitStore()
    for (let i = 0; i < 100; i++) await store.hit(`client-${i}`, 1000, 0)
    await store.hit('late', 1000, 5000)
    expect((store as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1)
  })
})
