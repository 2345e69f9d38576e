// `npm run lighthouse`: a Lighthouse run (mobile preset, default throttling) on the landing page of
// the built app (`npm run build` first), in Debian's Chromium. Prints the performance score and
// the key metrics, writes the JSON report to a temp folder, and exits non-zero when performance is
// below --min (default 0.9; also accepts 90). With --accessibility it also scores accessibility, which
// must reach --min-accessibility (default 0.9). --lang de runs the browser in that language (the
// interface follows the browser's languages): the catalogs loaded are listed, so the run shows it.
//
//   node scripts/lighthouse.mjs [--min 0.9] [--url /path] [--runs 1] [--out report.json] [--base-url http://host:port]
//                               [--lang de] [--accessibility] [--min-accessibility 0.9]
//
// --base-url audits a server that is already running (the benchmark's, on its seeded database)
// instead of starting one on an empty data folder.
import { spawnListening } from '#tests/support/spawn-listening.mjs'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SERVER_ENTRY = path.join(root, 'dist/server/index.js')
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

const { values: args } = parseArgs({
  options: {
    min: { type: 'string', default: '0.9' },
    url: { type: 'string', default: '/' },
    runs: { type: 'string', default: '1' },
    out: { type: 'string' },
    'base-url': { type: 'string' },
    lang: { type: 'string' },
    accessibility: { type: 'boolean', default: false },
    'min-accessibility': { type: 'string', default: '0.9' },
  },
})
const fraction = (value) => (value > 1 ? value / 100 : value)
const minAccessibility = fraction(Number(args['min-accessibility']))
const minArg = Number(args.min)
const minScore = minArg > 1 ? minArg / 100 : minArg
const runs = Math.max(1, Number.parseInt(args.runs, 10) || 1)
if (!Number.isFinite(minScore)) throw new Error(`--min must be a number, got ${args.min}`)
if (!existsSync(SERVER_ENTRY) || !existsSync(path.join(root, 'dist/renderer/index.html'))) {
  console.error('The app is not built: run "npm run build" first.')
  process.exit(2)
}
// Lighthouse scores the full browser, not the headless shell the browser tests run in (ensure-chromium.mjs), so it may be missing.
if (!existsSync(CHROME_PATH)) {
  console.error(`Lighthouse runs in Debian's full Chromium, not found at ${CHROME_PATH}: apt-get install chromium, or set CHROMIUM_PATH.`)
  process.exit(2)
}

/** Starts the built server on a free port with its own data folder; resolves with its URL. */
async function startServer(dataDir) {
  const { url, stop } = await spawnListening(SERVER_ENTRY, {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_REQUESTS: 'false', SMTP_URL: '' },
    timeoutMs: 15_000,
  })
  return { url, stop }
}

const ms = (value) => (value === undefined ? 'n/a' : `${Math.round(value)} ms`)

const workDir = mkdtempSync(path.join(tmpdir(), 'cardwise-lighthouse-'))
const dataDir = path.join(workDir, 'data')
let server
let chrome
let exitCode = 1
try {
  if (!args['base-url']) server = await startServer(dataDir)
  const target = new URL(args.url, args['base-url'] ?? server.url).href
  const language = args.lang
    ? { chromeFlags: [`--lang=${args.lang}`, `--accept-lang=${args.lang}`], envVars: { ...process.env, LANGUAGE: args.lang.replace('-', '_') } }
    : {}
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [...CHROME_FLAGS, ...(language.chromeFlags ?? [])],
    envVars: language.envVars,
    logLevel: 'silent',
  })

  const scores = []
  const accessibilityScores = []
  let last
  for (let run = 1; run <= runs; run += 1) {
    // No config: Lighthouse's default is the mobile preset (formFactor mobile, simulated throttling).
    const categories = args.accessibility ? ['performance', 'accessibility'] : ['performance']
    const result = await lighthouse(target, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories })
    if (!result) throw new Error('Lighthouse returned no result')
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const audit = (id) => lhr.audits[id]?.numericValue
    const score = lhr.categories.performance.score ?? 0
    scores.push(score)
    if (args.accessibility) accessibilityScores.push(lhr.categories.accessibility?.score ?? 0)
    last = result
    console.log(
      `run ${run}/${runs}: performance ${Math.round(score * 100)}  ` +
        `FCP ${ms(audit('first-contentful-paint'))}  LCP ${ms(audit('largest-contentful-paint'))}  ` +
        `TBT ${ms(audit('total-blocking-time'))}  CLS ${(audit('cumulative-layout-shift') ?? 0).toFixed(3)}  ` +
        `SI ${ms(audit('speed-index'))}  (${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling)`,
    )
  }

  const reportFile = args.out ? path.resolve(args.out) : path.join(tmpdir(), `cardwise-lighthouse-${Date.now()}.json`)
  writeFileSync(reportFile, typeof last.report === 'string' ? last.report : JSON.stringify(last.lhr, null, 2))
  // The median run decides (one run is noisy on a busy machine).
  const median = [...scores].sort((a, b) => a - b)[Math.floor((scores.length - 1) / 2)]
  console.log(`Lighthouse performance (mobile) of ${target}: ${Math.round(median * 100)} (minimum ${Math.round(minScore * 100)})`)
  console.log(`JSON report: ${reportFile}`)
  exitCode = median >= minScore ? 0 : 1
  if (exitCode) console.error(`Performance ${Math.round(median * 100)} is below the minimum ${Math.round(minScore * 100)}.`)
  if (args.accessibility) {
    const accessibility = Math.min(...accessibilityScores)
    console.log(`Lighthouse accessibility of ${target}: ${Math.round(accessibility * 100)} (minimum ${Math.round(minAccessibility * 100)})`)
    if (accessibility < minAccessibility) exitCode = 1
  }
  if (args.lang) {
    const scripts = (last.lhr.audits['network-requests']?.details?.items ?? [])
      .filter((item) => item.resourceType === 'Script')
      .map((item) => `${new URL(item.url).pathname} (${(item.resourceSize / 1024).toFixed(1)} KB)`)
    console.log(`in ${args.lang}: scripts loaded ${scripts.join(', ')}`)
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  exitCode = 2
} finally {
  // chrome.kill() ends only the Chromium this script launched.
  if (chrome) await Promise.resolve(chrome.kill()).catch(() => undefined)
  if (server) await server.stop()
  rmSync(workDir, { recursive: true, force: true })
}
process.exit(exitCode)
