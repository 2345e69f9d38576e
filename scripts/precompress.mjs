// Runs after `vite build` (npm run build:renderer): writes a .br and a .gz next to every text file
// of the web build worth compressing. koa-send (server/http/static.ts) answers with them when the
// browser accepts the encoding, so the app's JavaScript and CSS travel compressed without the server
// compressing on every request.
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.resolve(root, process.argv[2] ?? 'dist/renderer')
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/
/** Below this, headers outweigh the saving. */
const MIN_BYTES = 1024

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(file)
    else yield file
  }
}

let count = 0
let before = 0
let afterBr = 0
for (const file of filesUnder(outDir)) {
  // Leftovers of an earlier build (vite empties the folder, but be safe when run twice).
  if (file.endsWith('.br') || file.endsWith('.gz')) continue
  if (!COMPRESSIBLE.test(file)) continue
  const source = readFileSync(file)
  for (const stale of [`${file}.br`, `${file}.gz`]) {
    try {
      unlinkSync(stale)
    } catch {}
  }
  if (statSync(file).size < MIN_BYTES) continue
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  })
  const gz = gzipSync(source, { level: 9 })
  // Only keep a compressed copy that is actually smaller.
  if (br.length < source.length) writeFileSync(`${file}.br`, br)
  if (gz.length < source.length) writeFileSync(`${file}.gz`, gz)
  count += 1
  before += source.length
  afterBr += Math.min(br.length, source.length)
}
console.log(`precompressed ${count} files in ${path.relative(root, outDir)}: ${(before / 1024).toFixed(0)} KB -> ${(afterBr / 1024).toFixed(0)} KB (brotli)`)
