import { execFile } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The desktop build and packaging, as far as they run here: no Electron binary can be downloaded
 * on these machines, so electron-builder gets a stand-in Electron folder and builds `--linux dir`.
 */
const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')
const bin = (name: string) => path.join(root, 'node_modules/.bin', name)
const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', CI: '1' }
const temp: string[] = []
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  temp.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true })
})

describe('desktop build and packaging', { timeout: 90_000 }, () => {
  it('electron-vite builds the main process, the CommonJS preload and the renderer into out/', async () => {
    await run(bin('electron-vite'), ['build'], { cwd: root, env })
    expect(existsSync(path.join(root, 'out/main/index.js'))).toBe(true)
    expect(existsSync(path.join(root, 'out/main/desktop-server.js'))).toBe(true)
    // The import worker, beside the server's chunk that starts it (parse-in-worker.ts).
    expect(existsSync(path.join(root, 'out/main/chunks/import-worker.js'))).toBe(true)
    expect(existsSync(path.join(root, 'out/preload/index.cjs'))).toBe(true)
    expect(existsSync(path.join(root, 'out/renderer/index.html'))).toBe(true)
  })

  it('electron-builder --linux dir packs the server bundle, the renderer and the unpacked better-sqlite3 .node', async () => {
    const electronDist = tempDir('cardwise-electron-')
    writeFileSync(path.join(electronDist, 'electron'), '#!/bin/sh\necho "stand-in Electron"\n')
    chmodSync(path.join(electronDist, 'electron'), 0o755)
    const output = tempDir('cardwise-release-')
    await run(
      bin('electron-builder'),
      ['--linux', 'dir', `-c.electronDist=${electronDist}`, '-c.electronVersion=45.4.1', '-c.npmRebuild=false', `-c.directories.output=${output}`],
      { cwd: root, env: { ...env, ELECTRON_OVERRIDE_DIST_PATH: electronDist }, maxBuffer: 32 * 1024 * 1024 },
    )
    const resources = path.join(output, 'linux-unpacked/resources')
    const asar = createRequire(import.meta.url)('@electron/asar') as { listPackage(file: string): string[] }
    const files = asar.listPackage(path.join(resources, 'app.asar')).map((file) => file.replaceAll('\\', '/'))
    expect(files).toContain('/package.json')
    expect(files).toContain('/out/main/index.js')
    expect(files).toContain('/out/preload/index.cjs')
    expect(files).toContain('/out/renderer/index.html')
    expect(files.some((file) => /^\/out\/main\/chunks\/start-server-.*\.js$/.test(file))).toBe(true)
    expect(files).toContain('/out/main/chunks/import-worker.js')
    expect(files.some((file) => /^\/out\/renderer\/assets\/.*\.js$/.test(file))).toBe(true)
    // The server's runtime dependencies come along; the native module sits outside the archive.
    expect(files).toContain('/node_modules/koa/package.json')
    expect(files).toContain('/node_modules/better-sqlite3/package.json')
    const unpacked = path.join(resources, 'app.asar.unpacked/node_modules/better-sqlite3/build/Release')
    expect(readdirSync(unpacked)).toContain('better_sqlite3.node')
  })
})
