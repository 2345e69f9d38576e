import http from 'node:http'
import Koa from 'koa'
import { afterEach, describe, expect, it } from 'vitest'
import { silentLogger } from '#server/logger'
import { allowedHostsOnly, HostAllowlist, loopbackHosts, UNKNOWN_HOST_MESSAGE } from './allowed-hosts'
import { errorMiddleware } from './error-middleware'
import { extraListeners } from './extra-listeners'

/** A GET with the Host header as given (fetch may not set one), to 127.0.0.1 only. */
function get(port: number, host: string | undefined, path = '/api/ping'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, headers: host === undefined ? {} : { Host: host }, setHost: host !== undefined },
      (response) => {
        let body = ''
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    request.on('error', reject)
    request.end()
  })
}

function appWith(allowlist: HostAllowlist): Koa {
  const app = new Koa()
  app.silent = true
  app.use(errorMiddleware(silentLogger))
  app.use(allowedHostsOnly(allowlist))
  app.use((ctx) => {
    ctx.body = { pong: true }
  })
  return app
}

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

describe('HostAllowlist', () => {
  it('matches name and port exactly, in any case; a missing Host is refused', () => {
    const list = new HostAllowlist(['127.0.0.1:5000', 'LocalHost:5000'])
    expect(list.allows('127.0.0.1:5000')).toBe(true)
    expect(list.allows('localhost:5000')).toBe(true)
    expect(list.allows('LOCALHOST:5000')).toBe(true)
    expect(list.allows('127.0.0.1:5001')).toBe(false)
    expect(list.allows('127.0.0.1')).toBe(false)
    expect(list.allows('evil.example:5000')).toBe(false)
    expect(list.allows(undefined)).toBe(false)
    list.set([...loopbackHosts(5000), '192.168.1.20:6000'])
    expect(list.allows('192.168.1.20:6000')).toBe(true)
    list.set(loopbackHosts(5000))
    expect(list.allows('192.168.1.20:6000')).toBe(false)
  })
})

describe('allowedHostsOnly and extra listeners', () => {
  it('serves allowed hosts, answers 421 in the contract body to others, and follows changes to the list', async () => {
    const allowlist = new HostAllowlist()
    const app = appWith(allowlist)
    const extra = extraListeners(app, 10_000)
    closers.push(() => extra.closeAll())
    const listener = await extra.listen('127.0.0.1', 0)
    allowlist.set(loopbackHosts(listener.port))

    expect(await get(listener.port, `127.0.0.1:${listener.port}`)).toEqual({ status: 200, body: '{"pong":true}' })
    expect((await get(listener.port, `localhost:${listener.port}`)).status).toBe(200)
    const refused = await get(listener.port, `rebound.example:${listener.port}`)
    expect(refused.status).toBe(421)
    expect(JSON.parse(refused.body)).toEqual({ error: { status: 421, code: 'invalid_input', message: UNKNOWN_HOST_MESSAGE } })
    expect((await get(listener.port, `127.0.0.1:${listener.port + 1}`)).status).toBe(421)
    // Pages too, not only the API.
    expect((await get(listener.port, 'other.example', '/index.html')).status).toBe(421)

    allowlist.set([...loopbackHosts(listener.port), `rebound.example:${listener.port}`])
    expect((await get(listener.port, `rebound.example:${listener.port}`)).status).toBe(200)
  })

  it('a closed extra listener stops answering at once, cutting open connections', async () => {
    const app = new Koa()
    let release: () => void = () => {}
    app.use(async (ctx) => {
      if (ctx.path === '/slow') await new Promise<void>((resolve) => (release = resolve))
      ctx.body = 'ok'
    })
    const extra = extraListeners(app, 10_000)
    closers.push(async () => {
      release()
      await extra.closeAll()
    })
    const listener = await extra.listen('127.0.0.1', 0)
    expect((await get(listener.port, `127.0.0.1:${listener.port}`, '/')).status).toBe(200)
    const slow = get(listener.port, `127.0.0.1:${listener.port}`, '/slow')
    await new Promise((resolve) => setTimeout(resolve, 50))
    await listener.close()
    await expect(slow).rejects.toThrow()
    await expect(get(listener.port, `127.0.0.1:${listener.port}`, '/')).rejects.toThrow(/ECONNREFUSED/)
    // Closing twice is harmless.
    await expect(listener.close()).resolves.toBeUndefined()
  })
})
