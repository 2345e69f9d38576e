import { existsSync } from 'node:fs'
import path from 'node:path'

/**
 * The desktop start path as a script (`out/main/desktop-server.js`, built by electron-vite beside
 * the main process). `npm run test:e2e` builds it once before Playwright starts; building it in
 * each spec's worker raced (one build emptied `out/` while another spec's server started).
 */
export function desktopServerScript(): string {
  const script = path.resolve('out/main/desktop-server.js')
  if (!existsSync(script)) throw new Error(`${script} is missing: run npm run desktop:build first (npm run test:e2e does)`)
  return script
}
