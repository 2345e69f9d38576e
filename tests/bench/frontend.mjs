// Front-end budgets: the gzipped JavaScript and CSS each route loads first, read from the Vite
// build manifest, and Lighthouse mobile performance (scripts/lighthouse.mjs) of given pages.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/** The route table's paths and the page module each one loads lazily (the landing page is in the entry). */
export function routePages(routesSource) {
  const pages = [{ path: '/', module: undefined }]
  const pattern = /path: '([^']+)',\s*lazy: \(\) =>\s*(?:import\('@\/pages\/(\w+)'\)|placeholder\()/g
  for (const match of routesSource.matchAll(pattern)) {
    pages.push({ path: match[1], module: `src/pages/${match[2] ?? 'PlaceholderPage'}.tsx` })
  }
  return pages
}

/** A chunk and everything it imports statically: what the browser fetches before it runs. */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen)
  return seen
}

const gzippedSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length

/** For each route: the files of its first load (entry + page chunk, with their static imports) and their gzipped sizes. */
export function firstLoadBudgets(root) {
  const distDir = path.join(root, 'dist/renderer')
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'))
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
  const pages = routePages(readFileSync(path.join(root, 'renderer/src/app/router.tsx'), 'utf8'))
  return pages.map((page) => {
    const keys = closure(manifest, entryKey)
    if (page.module) {
      if (!manifest[page.module]) throw new Error(`${page.module} (route ${page.path}) is not in the Vite manifest`)
      closure(manifest, page.module, keys)
    }
    const js = new Set()
    const css = new Set()
    for (const key of keys) {
      js.add(manifest[key].file)
      for (const file of manifest[key].css ?? []) css.add(file)
    }
    const sum = (files) => [...files].reduce((total, file) => total + gzippedSize(path.join(distDir, file)), 0)
    return { path: page.path, jsFiles: js.size, jsGzipBytes: sum(js), cssFiles: css.size, cssGzipBytes: sum(css) }
  })
}

/** Lighthouse (mobile preset) of `pagePath` on a running server; the median of `runs`. */
export function lighthouse(root, baseUrl, pagePath, runs, outFile) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts/lighthouse.mjs'), '--base-url', baseUrl, '--url', pagePath, '--runs', String(runs), '--min', '0', '--out', outFile],
      { cwd: root, timeout: 240_000 },
      (error, stdout, stderr) => {
        const score = /Lighthouse performance \(mobile\) of \S+: (\d+)/.exec(stdout)?.[1]
        if (score === undefined) return resolve({ path: pagePath, score: null, error: (stderr || String(error)).trim().slice(0, 500) })
        const lhr = JSON.parse(readFileSync(outFile, 'utf8'))
        const metric = (id) => lhr.audits[id]?.numericValue ?? null
        resolve({
          path: pagePath,
          score: Number(score),
          runs,
          fcpMs: metric('first-contentful-paint'),
          lcpMs: metric('largest-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          speedIndexMs: metric('speed-index'),
        })
      },
    )
  })
}
