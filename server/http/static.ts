import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Middleware } from 'koa'
import send from 'koa-send'

const ONE_YEAR_SECONDS = 365 * 24 * 3600

/** Vite puts content-hashed files under /assets/: they never change, so browsers may keep them. */
function isHashedAsset(requestPath: string): boolean {
  return requestPath.startsWith('/assets/')
}

/**
 * Serves the React build from `rootDir`. Hashed assets are cached for a year; everything else is
 * revalidated. Every other GET outside /api answers with index.html, so client routes (and the
 * app's own 404 page) work when reloaded.
 */
export function serveRenderer(rootDir: string): Middleware {
  const indexFile = path.join(rootDir, 'index.html')
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      return next()
    }
    if (!existsSync(indexFile)) {
      ctx.status = 503
      ctx.type = 'text/plain'
      ctx.body = 'The web app has not been built yet. Run "npm run build" (npm start does it for you).'
      return
    }
    const hashed = isHashedAsset(ctx.path)
    const options = {
      root: rootDir,
      index: 'index.html',
      immutable: hashed,
      maxAge: hashed ? ONE_YEAR_SECONDS * 1000 : 0,
      setHeaders: (res: { setHeader(name: string, value: string): void }) => {
        if (!hashed) res.setHeader('Cache-Control', 'no-cache')
        // koa-send answers with the build's precompressed .br/.gz copy when the browser accepts it.
        res.setHeader('Vary', 'Accept-Encoding')
      },
    }
    if (ctx.path !== '/') {
      try {
        if (await send(ctx, ctx.path, options)) return
      } catch (error) {
        const status = (error as { status?: number }).status
        // 403 is koa-send's answer to a path that climbs out of rootDir: treat it as not found, not as a failure.
        if (status !== 404 && status !== 400 && status !== 403) throw error
      }
      // A missing hashed asset is a real 404: answering with HTML would poison caches.
      if (hashed) return next()
    }
    await send(ctx, 'index.html', options)
  }
}
