// `npm run bench`: builds, seeds (or reuses the cached seeded database), measures every route of
// issue #8 beside its baselines in the same run, measures the front-end budgets, then writes
// bench-results/bench-<time>.json and .md (and latest.*) and prints the summary table.
//
// Environment: BENCH_SEED (default 1), BENCH_SECONDS per measurement (5), BENCH_CONNECTIONS (10),
// BENCH_LIGHTHOUSE_RUNS per page (1; 0 skips Lighthouse), BENCH_ROUTES=a,b to measure only those
// routes, BENCH_SKIP_BUILD=1 to reuse dist/, BENCH_SMALL=1 for a tiny
// database (a quick check of the harness itself; its figures mean nothing), BENCH_CPU_PROF=<dir>
// to write a CPU profile of each app server there (open it in Chrome's DevTools).
import { spawnListening } from '#tests/support/spawn-listening.mjs'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildAll } from './build.mjs'
import { firstLoadBudgets, lighthouse } from './frontend.mjs'
import { measure } from './load.mjs'
import { measurePostgres } from './postgres.mjs'
import { checkBudgets, machineInfo, markdownReport, summaryTable } from './report.mjs'
import { copyDatabase, DEFAULT_SCALE, seededDatabase } from './seed.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const resultsDir = path.join(root, 'bench-results')
const env = process.env
const SEED = Number(env.BENCH_SEED ?? 1)
const SECONDS = Number(env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10)
const LIGHTHOUSE_RUNS = Number(env.BENCH_LIGHTHOUSE_RUNS ?? 1)
const SCALE = env.BENCH_SMALL === '1' ? { users: 200, sets: 2_000, cards: 20_000, studyingUsers: 50, setsStudiedEach: 3 } : DEFAULT_SCALE
/** Node options of the app servers: a CPU profile of each with BENCH_CPU_PROF. */
const SERVER_NODE_ARGS = env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(env.BENCH_CPU_PROF)}`] : []
const BCRYPT_COST = 12 // the server's default (BCRYPT_COST), which the server below runs with

const started = performance.now()
const log = (message) => console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`)
const children = []

/** Starts a Node child process and resolves once it prints its URL. */
async function startChild(script, args, childEnv, nodeArgs = []) {
  const started = await spawnListening(script, { args, nodeArgs, env: childEnv, cwd: root, timeoutMs: 60_000 })
  children.push(started.child)
  return { child: started.child, url: started.url.replace('localhost', '127.0.0.1'), pid: started.child.pid, stop: started.stop, output: started.output }
}

function stopChildren() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
}

/**
 * The answer route as a class uses it (issue 28): ten students at once, each answering its own
 * card (connection i is student i on card i), beside `answer`, where every request is one student's
 * answer to one card and queues on that card's lock.
 */
function answerAsAClass(seed, studentTokens) {
  const json = { 'Content-Type': 'application/json' }
  const setId = seed.cardsSet.id
  const request = (index) => ({
    headers: { Authorization: `Bearer ${studentTokens[index % studentTokens.length]}`, ...json },
    body: JSON.stringify({ cardId: seed.cardsSet.cardIds[index % studentTokens.length], correct: true, mode: 'write' }),
  })
  let connection = 0
  return {
    name: 'answerClass',
    label: `answers of ${studentTokens.length} students, each its own card (signed in)`,
    method: 'POST',
    path: `/api/sets/${setId}/answers`,
    ...request(0),
    connections: studentTokens.length,
    setupClient: (client) => {
      const { headers, body } = request(connection++)
      client.setHeadersAndBody(headers, body)
    },
    auth: true,
    optional: true,
  }
}

/** The routes of issue #8, as requests a client makes. Study routes are measured when the build has them. */
function benchRoutes(seed, token, studentTokens) {
  const auth = { Authorization: `Bearer ${token}` }
  const json = { 'Content-Type': 'application/json' }
  const setId = seed.cardsSet.id
  const cards = Array.from({ length: 500 }, (_, i) => ({
    term: `Term ${i + 1}`,
    definition: `The definition of term ${i + 1}, a sentence of ordinary length for a flashcard.`,
  }))
  const { search, tag } = seed.search
  return [
    {
      name: 'publicSearch',
      label: `public sets, search "${search}" + tag ${tag}`,
      method: 'GET',
      path: `/api/sets/public?search=${search}&tag=${tag}&page=1&perPage=50`,
    },
    { name: 'mySets', label: 'my sets (signed in)', method: 'GET', path: '/api/sets?page=1&perPage=50', headers: auth, auth: true },
    { name: 'oneSet', label: 'one set', method: 'GET', path: `/api/sets/${setId}` },
    { name: 'cardsPage', label: 'its cards, page of 50', method: 'GET', path: `/api/sets/${setId}/cards?page=1&perPage=50&sort=position` },
    { name: 'progress', label: 'progress of a set (signed in)', method: 'GET', path: `/api/sets/${setId}/progress`, headers: auth, auth: true, optional: true },
    {
      name: 'answer',
      label: 'an answer write (signed in)',
      method: 'POST',
      path: `/api/sets/${setId}/answers`,
      headers: { ...auth, ...json },
      body: JSON.stringify({ cardId: seed.cardsSet.cardIds[3], correct: true, mode: 'write' }),
      auth: true,
      optional: true,
    },
    answerAsAClass(seed, studentTokens),
    {
      name: 'import500',
      label: 'import of 500 cards (1 connection)',
      method: 'POST',
      path: '/api/sets/import',
      headers: { ...auth, ...json },
      body: JSON.stringify({ title: 'Bench import', description: 'Five hundred cards', cards }),
      auth: true,
      connections: 1,
    },
    {
      name: 'login',
      label: `login (bcrypt cost ${BCRYPT_COST})`,
      method: 'POST',
      path: '/api/auth/login',
      headers: json,
      body: JSON.stringify({ identity: seed.benchUser.email, password: seed.benchUser.password }),
      bcrypt: true,
      // Each login hashes for about a quarter of a second: a fixed number of them, two at a time.
      connections: 2,
      amount: 24,
    },
  ]
}

/** a / b, or null when either was not measured (a route that answered nothing in time). */
const ratio = (a, b) => (a === null || b === null || !b ? null : a / b)

const ID_PATTERN = /^[a-z0-9]{15}$/

/** An INSERT, UPDATE, DELETE or REPLACE: with `returning` it also reads, and its new ids still need making afresh. */
const writes = (statement) => /^\s*(insert|update|delete|replace)\b/i.test(statement.sql)

/**
 * The twin's plan for one recorded request: its statements with each id the app made during the
 * request (an id no earlier statement read and the request did not carry) marked fresh, so the
 * twin makes a new one each time as the app does.
 */
function twinPlan(route, recorded) {
  const known = new Set()
  const requestText = `${route.path} ${route.body ?? ''}`
  const fresh = new Map()
  const statements = recorded.statements.map((statement) => {
    const parameters = statement.parameters.map((value) => {
      if (fresh.has(value)) return { fresh: fresh.get(value) }
      if (writes(statement) && typeof value === 'string' && ID_PATTERN.test(value) && !known.has(value) && !requestText.includes(value)) {
        fresh.set(value, fresh.size)
        return { fresh: fresh.get(value) }
      }
      return { value }
    })
    for (const row of statement.rows) for (const value of Object.values(row)) if (typeof value === 'string') known.add(value)
    if (statement.reader) for (const value of statement.parameters) if (typeof value === 'string') known.add(value)
    return { sql: statement.sql, parameters }
  })
  return { status: recorded.status, auth: Boolean(route.auth), bcrypt: Boolean(route.bcrypt), statements }
}

/** How the recorded SQL of a route looks: statements, transactions, and whether every write is inside one. */
function sqlShape(recorded) {
  const verbs = recorded.statements.map((s) => s.sql.trim().split(/\s+/)[0].toLowerCase())
  let depth = 0
  let writesOutside = 0
  for (const verb of verbs) {
    if (verb === 'begin') depth += 1
    else if (verb === 'commit' || verb === 'rollback') depth -= 1
    else if (['insert', 'update', 'delete', 'replace'].includes(verb) && depth === 0) writesOutside += 1
  }
  return {
    statements: verbs.filter((v) => !['begin', 'commit', 'rollback'].includes(v)).length,
    transactions: verbs.filter((v) => v === 'begin').length,
    writesOutsideTransaction: writesOutside,
  }
}

async function main() {
  const machine = machineInfo()
  log(`machine: ${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage.join(' ')}`)
  if (env.BENCH_SKIP_BUILD !== '1') {
    log('building the app, the server and the bench bundle')
    await buildAll(root)
  }
  const lib = await import(pathToFileURL(path.join(root, 'dist/bench/bench-lib.js')).href)

  log(`seeding (seed ${SEED}: ${SCALE.users} users, ${SCALE.sets} sets, ${SCALE.cards} cards)`)
  const seeded = await seededDatabase({
    cacheDir: path.join(resultsDir, 'cache'),
    seed: SEED,
    scale: SCALE,
    bcryptCost: BCRYPT_COST,
    migrationNames: lib.migrationNames,
    migrateDatabaseFile: lib.migrateDatabaseFile,
    log,
  })
  const workDir = mkdtempSync(path.join(tmpdir(), 'cardwise-bench-'))
  const dataDir = path.join(workDir, 'data')
  copyDatabase(seeded.file, dataDir, lib.DATABASE_FILE)
  // Migrations added since the cache was made would change its key; this only applies none.
  await lib.migrateDatabaseFile(path.join(dataDir, lib.DATABASE_FILE))

  const serverEnv = {
    ...env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SMTP_URL: '',
    BCRYPT_COST: String(BCRYPT_COST),
    LOG_REQUESTS: 'false',
    // The load generator is one client address: the per-address limits would answer 429.
    RATE_LIMIT_LOGIN: '0',
    RATE_LIMIT_IMPORT: '0',
    NODE_ENV: 'production',
  }

  log('recording the SQL each route runs (the app in this process, once per route)')
  let routes
  let token
  const studentTokens = []
  const recorded = await lib.recordRouteSql(serverEnv, async (url) => {
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: seeded.info.benchUser.email, password: seeded.info.benchUser.password }),
    })
    if (login.status !== 200) throw new Error(`bench login answered ${login.status}`)
    token = (await login.json()).token
    for (const student of seeded.info.students) {
      const signedIn = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identity: student.email, password: student.password }),
      })
      if (signedIn.status !== 200) throw new Error(`bench student login answered ${signedIn.status}`)
      studentTokens.push((await signedIn.json()).token)
    }
    routes = benchRoutes(seeded.info, token, studentTokens)
    return routes
  })
  const skipped = []
  const plans = {}
  for (const route of routes) {
    const record = recorded.find((r) => r.name === route.name)
    route.recordedStatus = record.status
    route.sql = sqlShape(record)
    if (record.status === 404 && route.optional) {
      skipped.push({ name: route.name, label: route.label, reason: 'the route is not in this build (404)' })
      continue
    }
    if (record.status >= 300) throw new Error(`${route.name} answered ${record.status} when recorded`)
    plans[route.name] = twinPlan(route, record)
  }
  // BENCH_ROUTES=mySets,answer measures only those routes (for quick before/after comparisons).
  const only = env.BENCH_ROUTES ? new Set(env.BENCH_ROUTES.split(',')) : undefined
  const measured = routes.filter((route) => plans[route.name] && (!only || only.has(route.name)))
  const authSecret = readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()
  const userOf = (signed) => JSON.parse(Buffer.from(signed.split('.')[1], 'base64url').toString()).sub
  const SQLite = (await import('better-sqlite3')).default
  const probe = new SQLite(path.join(dataDir, lib.DATABASE_FILE), { readonly: true })
  const tokenKeyOf = probe.prepare('select token_key from users where id = ?').pluck()
  const tokenKeys = Object.fromEntries([token, ...studentTokens].map((signed) => [userOf(signed), tokenKeyOf.get(userOf(signed))]))
  const sqliteVersion = probe.prepare('select sqlite_version()').pluck().get()
  probe.close()
  const planFile = path.join(workDir, 'twins.json')
  writeFileSync(planFile, JSON.stringify({ dbFile: path.join(dataDir, lib.DATABASE_FILE), authSecret, tokenKeys, routes: plans }))

  log('starting the real server (dist/server/index.js) and the baseline server')
  const app = await startChild(path.join(root, 'dist/server/index.js'), [], serverEnv, SERVER_NODE_ARGS)
  const baseline = await startChild(path.join(root, 'tests/bench/baseline-server.mjs'), [planFile], env)

  const common = { seconds: SECONDS, connections: CONNECTIONS }
  const raw = []
  const measureRaw = async () => {
    raw.push(await measure({ ...common, url: `${baseline.url}/raw`, pid: baseline.pid }))
    log(`raw node:http: ${raw.at(-1).cpuUsPerRequest.toFixed(1)} us/request`)
  }
  const results = []
  await measureRaw()
  for (const [index, route] of measured.entries()) {
    const request = {
      method: route.method,
      headers: route.headers ?? {},
      body: route.body,
      connections: route.connections ?? CONNECTIONS,
      seconds: SECONDS,
      amount: route.amount,
      setupClient: route.setupClient,
    }
    const appResult = await measure({ ...request, url: app.url + route.path, pid: app.pid })
    const twinResult = await measure({ ...request, url: `${baseline.url}/twin/${route.name}`, pid: baseline.pid })
    const statements = plans[route.name].statements.map((statement) => statement.sql)
    results.push({
      name: route.name,
      label: route.label,
      path: route.path,
      method: route.method,
      sql: { ...route.sql, text: statements },
      app: appResult,
      twin: twinResult,
    })
    log(`${route.name}: app ${appResult.cpuUsPerRequest?.toFixed(0)} us/req, p99 ${appResult.p99Ms} ms; twin ${twinResult.cpuUsPerRequest?.toFixed(0)} us/req`)
    if (index === Math.floor(measured.length / 2)) await measureRaw()
  }
  await measureRaw()
  // A twin whose replay failed measured an error path, not the route: say so.
  for (const line of baseline
    .output()
    .split('\n')
    .filter((text) => text.startsWith('twin ')))
    log(line)

  log('front end: first-load budgets from the Vite manifest')
  const budgets = firstLoadBudgets(root)
  log(`Lighthouse (mobile, ${LIGHTHOUSE_RUNS} runs per page): landing page and a set page`)
  const lighthouseResults = []
  for (const page of LIGHTHOUSE_RUNS > 0 ? ['/', `/study-sets/${seeded.info.cardsSet.id}`] : []) {
    lighthouseResults.push(await lighthouse(root, app.url, page, LIGHTHOUSE_RUNS, path.join(workDir, `lighthouse-${lighthouseResults.length}.json`)))
    log(`Lighthouse ${page}: ${lighthouseResults.at(-1).score ?? lighthouseResults.at(-1).error}`)
  }
  stopChildren()

  // BENCH_POSTGRES=0 skips the PostgreSQL run (it needs Debian's postgresql, installed if missing).
  let postgres = null
  if (env.BENCH_POSTGRES !== '0') {
    postgres = await measurePostgres({
      lib,
      // The database the SQLite run used, its session rows included: the same token signs in.
      sqliteFile: path.join(dataDir, lib.DATABASE_FILE),
      routes: measured,
      authSecret,
      startServer: (extra) =>
        startChild(path.join(root, 'dist/server/index.js'), [], { ...serverEnv, DATA_DIR: path.join(workDir, 'postgres-data'), ...extra }, SERVER_NODE_ARGS),
      seconds: SECONDS,
      connections: CONNECTIONS,
      log,
    })
  }

  // BENCH_IMPORT=0 skips bench:import: a 10,000-note package previewed while a client reads (issue 27).
  let importPreview = null
  if (env.BENCH_IMPORT !== '0') {
    log('bench:import: a 10,000-note package previewed while another client reads')
    importPreview = runImportBench()
    log(
      importPreview
        ? `bench:import: slowest preview ${importPreview.slowestMs.toFixed(0)} ms, reads' p99 ${importPreview.p99Ratio.toFixed(2)}x alone`
        : 'bench:import failed',
    )
  }

  const rawSorted = raw.map((r) => r.cpuUsPerRequest).sort((a, b) => a - b)
  const rawCpu = rawSorted[Math.floor(rawSorted.length / 2)]
  const report = {
    date: new Date().toISOString(),
    machine: { ...machine, sqlite: sqliteVersion },
    settings: { seed: SEED, scale: SCALE, seconds: SECONDS, connections: CONNECTIONS, bcryptCost: BCRYPT_COST, lighthouseRuns: LIGHTHOUSE_RUNS },
    seed: { cached: seeded.cached, seconds: seeded.info.seconds, publicSets: seeded.info.publicSets, records: seeded.info.records },
    raw: { runs: raw, cpuUsPerRequest: rawCpu },
    routes: results.map((r) => ({ ...r, ratioToRaw: ratio(r.app.cpuUsPerRequest, rawCpu), ratioToTwin: ratio(r.app.cpuUsPerRequest, r.twin.cpuUsPerRequest) })),
    skipped,
    postgres,
    importPreview,
    frontEnd: { firstLoad: budgets, lighthouse: lighthouseResults },
    totalSeconds: (performance.now() - started) / 1000,
  }
  report.budgets = checkBudgets(report)
  mkdirSync(resultsDir, { recursive: true })
  const stamp = report.date.replace(/[:.]/g, '-')
  const markdown = markdownReport(report)
  for (const name of [`bench-${stamp}`, 'latest']) {
    writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`)
    writeFileSync(path.join(resultsDir, `${name}.md`), markdown)
  }
  rmSync(workDir, { recursive: true, force: true })
  console.log(`\n${summaryTable(report)}\n`)
  console.log(`Report: bench-results/bench-${stamp}.md (and .json); total ${report.totalSeconds.toFixed(0)} s`)
  // Missed budgets are reported, not a failure of the run; BENCH_STRICT=1 makes them one.
  return env.BENCH_STRICT === '1' && report.budgets.some((budget) => !budget.met) ? 1 : 0
}

/** Runs the built bench:import (dist/bench-import/import-bench.js) and reads its result line; null when it fails. */
function runImportBench() {
  try {
    const output = execFileSync(process.execPath, [path.join(root, 'dist/bench-import/import-bench.js')], {
      cwd: root,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const line = output.split('\n').find((text) => text.startsWith('BENCH_IMPORT_RESULT '))
    return line ? JSON.parse(line.slice('BENCH_IMPORT_RESULT '.length)) : null
  } catch (error) {
    console.error(error)
    return null
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error) => {
    stopChildren()
    console.error(error)
    process.exitCode = 2
  },
)
