// Builds what the benchmark runs: the web app with its Vite manifest (for the front-end budgets),
// the standalone server (dist/server/index.js, the process being measured) and the bench's own
// bundle of app code (dist/bench/bench-lib.js: migrations and the SQL recorder).
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { build } from 'vite'

export async function buildAll(root) {
  // The manifest maps each route's module to its chunks and CSS; `npm run build` does not need it.
  await build({ root: path.join(root, 'renderer'), configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { manifest: true } })
  execFileSync(process.execPath, [path.join(root, 'scripts/precompress.mjs')], { cwd: root, stdio: 'inherit' })
  await build({ configFile: path.join(root, 'vite.server.config.ts'), root, logLevel: 'warn' })
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: 'tests/bench/bench-lib.ts',
      outDir: 'dist/bench',
      emptyOutDir: true,
      target: 'node20',
      rollupOptions: { output: { entryFileNames: 'bench-lib.js' } },
    },
  })
  // bench:import (issue 27), run as its own process against the built server.
  await build({
    configFile: path.join(root, 'vite.server.config.ts'),
    root,
    logLevel: 'warn',
    build: { ssr: 'tests/bench/import-bench.ts', outDir: 'dist/bench-import' },
  })
}
