import { describe, expect, it } from 'vitest'
import { messages } from '#shared/messages'
import { ApiError, isRateLimited } from './api'

describe('isRateLimited', () => {
  it('knows a refusal for going too fast by its status, its code or its message', () => {
    expect(isRateLimited(new ApiError(429, 'rate_limited', 'Slow down'))).toBe(true)
    expect(isRateLimited(new ApiError(400, 'rate_limited', 'Slow down'))).toBe(true)
    expect(isRateLimited(new ApiError(400, 'invalid_input', `Sent: ${messages.rateLimited}`))).toBe(true)
  })

  it('is false for any other failure', () => {
    expect(isRateLimited(new ApiError(400, 'invalid_input', 'Title cannot be empty.'))).toBe(false)
    expect(isRateLimited(new ApiError(0, 'network', 'Offline'))).toBe(false)
    expect(isRateLimited(new Error(messages.rateLimited))).toBe(false)
    expect(isRateLimited(undefined)).toBe(false)
  })
})
