import { afterEach, describe, expect, it, vi } from 'vitest'
import { repeatEvery } from './reminders.service'

afterEach(() => {
  vi.useRealTimers()
})

const unavailable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

describe('the reminder job while the database is down', () => {
  it('waits and retries every retryMs until the database answers, then goes back to its interval', async () => {
    vi.useFakeTimers()
    const lines: string[] = []
    const logger = {
      info: (line: string) => lines.push(`info ${line}`),
      warn: (line: string) => lines.push(`warn ${line}`),
      error: (line: string) => lines.push(`error ${line}`),
    }
    let calls = 0
    const pass = vi.fn(async () => {
      calls += 1
      if (calls <= 3) throw unavailable()
    })
    const job = repeatEvery('reminders', pass, { intervalMs: 300_000, retryMs: 5_000, logger })
    await vi.advanceTimersByTimeAsync(300_000)
    expect(pass).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(5_000)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(pass).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(pass).toHaveBeenCalledTimes(4)
    // Back up: the next pass is a whole interval later, not a retry's.
    await vi.advanceTimersByTimeAsync(5_000)
    expect(pass).toHaveBeenCalledTimes(4)
    await vi.advanceTimersByTimeAsync(295_000)
    expect(pass).toHaveBeenCalledTimes(5)
    expect(lines).toEqual(['warn reminders: the database is unavailable; trying again every 5 s', 'info reminders: the database answers again'])
    await job.stop()
  })

  it('logs any other failure and tries again at the next interval; stop ends it', async () => {
    vi.useFakeTimers()
    const errors: string[] = []
    const pass = vi.fn(async () => {
      throw new Error('a bug')
    })
    const job = repeatEvery('reminders', pass, {
      intervalMs: 1000,
      retryMs: 10,
      logger: { info: () => {}, warn: () => {}, error: (line) => errors.push(line) },
    })
    await vi.advanceTimersByTimeAsync(1000)
    await vi.advanceTimersByTimeAsync(500)
    expect(pass).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(500)
    expect(pass).toHaveBeenCalledTimes(2)
    expect(errors).toEqual(['reminders: a pass failed', 'reminders: a pass failed'])
    await job.stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(pass).toHaveBeenCalledTimes(2)
  })
})
