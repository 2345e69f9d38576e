import { PassThrough } from 'node:stream'
import type { Context } from 'koa'

/** One server-sent event. */
export function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

/**
 * Answers the request with a server-sent event stream and returns it: no socket timeout, no
 * buffering by the client or a proxy. The realtime stream and a live game's both start this way.
 */
export function startEventStream(ctx: Context): PassThrough {
  const stream = new PassThrough()
  ctx.req.socket.setTimeout(0)
  ctx.req.socket.setNoDelay(true)
  ctx.set({ 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' })
  ctx.type = 'text/event-stream'
  ctx.status = 200
  ctx.body = stream
  return stream
}
