import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, fileNameFromDisposition, parseRetryAfter } from '@/lib/api'
import { rateLimitDelayMs, withRateLimitRetry } from './retry'

const rateLimited = (retryAfterSeconds?: number) => new ApiError(429, 'rate_limited', 'Too Many Requests', {}, retryAfterSeconds)

describe('rateLimitDelayMs', () => {
  it('waits 16 s then 24 s without Retry-After', () => {
    expect(rateLimitDelayMs(0)).toBe(16_000)
    expect(rateLimitDelayMs(1)).toBe(24_000)
  })

  it("follows the server's Retry-After", () => {
    expect(rateLimitDelayMs(0, 3)).toBe(3000)
    expect(rateLimitDelayMs(1, 0)).toBe(0)
  })
})

describe('withRateLimitRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('retries twice after 16 s and 24 s, then succeeds', async () => {
    const call = vi.fn<() => Promise<string>>().mockRejectedValueOnce(rateLimited()).mockRejectedValueOnce(rateLimited()).mockResolvedValue('done')
    const waits: number[] = []
    const result = withRateLimitRetry(call, { onWait: (ms) => waits.push(ms) })

    await vi.advanceTimersByTimeAsync(0)
    expect(call).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(15_999)
    expect(call).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(call).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(23_999)
    expect(call).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(call).toHaveBeenCalledTimes(3)
    await expect(result).resolves.toBe('done')
    expect(waits).toEqual([16_000, 24_000])
  })

  it('waits Retry-After seconds when the server sends it', async () => {
    const call = vi.fn<() => Promise<string>>().mockRejectedValueOnce(rateLimited(5)).mockResolvedValue('ok')
    const result = withRateLimitRetry(call)
    await vi.advanceTimersByTimeAsync(4999)
    expect(call).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toBe('ok')
    expect(call).toHaveBeenCalledTimes(2)
  })

  it('gives up with the 429 after 2 retries', async () => {
    const call = vi.fn<() => Promise<string>>().mockRejectedValue(rateLimited())
    const result = withRateLimitRetry(call)
    const settled = expect(result).rejects.toMatchObject({ status: 429 })
    await vi.advanceTimersByTimeAsync(40_000)
    await settled
    expect(call).toHaveBeenCalledTimes(3)
  })

  it('does not retry other errors', async () => {
    const call = vi.fn<() => Promise<string>>().mockRejectedValue(new ApiError(400, 'invalid_input', 'Title is required'))
    await expect(withRateLimitRetry(call)).rejects.toMatchObject({ message: 'Title is required' })
    expect(call).toHaveBeenCalledTimes(1)
  })

  it('stops waiting when aborted', async () => {
    const controller = new AbortController()
    const call = vi.fn<() => Promise<string>>().mockRejectedValue(rateLimited())
    const result = withRateLimitRetry(call, { signal: controller.signal })
    const settled = expect(result).rejects.toMatchObject({ name: 'AbortError' })
    await vi.advanceTimersByTimeAsync(1000)
    controller.abort()
    await settled
    expect(call).toHaveBeenCalledTimes(1)
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('12')).toBe(12)
    expect(parseRetryAfter(null)).toBeUndefined()
    expect(parseRetryAfter('soon')).toBeUndefined()
    const now = Date.parse('2025-01-01T00:00:00Z')
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30)
  })
})

describe('fileNameFromDisposition', () => {
  it('reads filename* first, then filename', () => {
    expect(fileNameFromDisposition(`attachment; filename="My Set.json"; filename*=UTF-8''M%C3%BCsli%20Set.json`)).toBe('Müsli Set.json')
    expect(fileNameFromDisposition('attachment; filename="Spanish \\"A\\".csv"')).toBe('Spanish "A".csv')
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv')
    expect(fileNameFromDisposition('attachment')).toBeUndefined()
    expect(fileNameFromDisposition(null)).toBeUndefined()
  })
})
