// `npm run bench`: times POST /api/sets/import of 500 cards against the built standalone server.
// Starts dist/server/index.js (built first if missing) on a throw-away data folder, registers and
// verifies a user through the outbox mail, runs N imports one after the other, and prints the
// median and p95 of the request time (measured by the client over loopback, so it is the server's
// time plus a fraction of a millisecond).
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const SERVER = path.join(ROOT, 'dist/server/index.js')
const N = Number(process.env.BENCH_IMPORTS ?? 20)
const CARDS = 500

if (!existsSync(SERVER)) {
  console.log('dist/server/index.js is missing: building the server first')
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.server.config.ts'], { cwd: ROOT, stdio: 'inherit' })
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'cardwise-bench-'))
const child = spawn(process.execPath, [SERVER], {
  cwd: ROOT,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SMTP_URL: '',
    BCRYPT_COST: '10',
    LOG_REQUESTS: 'false',
    RATE_LIMIT_REGISTER: '0',
    RATE_LIMIT_LOGIN: '0',
    RATE_LIMIT_IMPORT: '0',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
})

function cleanUp() {
  child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
}

const url = await new Promise((resolve, reject) => {
  let output = ''
  const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 30_000)
  child.stdout.on('data', (chunk) => {
    output += chunk
    const match = /listening on (http:\/\/\S+)/.exec(output)
    if (match) {
      clearTimeout(timer)
      resolve(match[1])
    }
  })
  child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)))
}).catch((error) => {
  cleanUp()
  throw error
})

async function call(method, urlPath, body, token) {
  const response = await fetch(url + urlPath, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

function expectStatus(response, status, what) {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`)
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

try {
  const password = 'correct horse battery'
  const email = 'bench@example.org'
  expectStatus(await call('POST', '/api/auth/register', { username: 'bencher', email, password, passwordConfirm: password }), 201, 'register')
  const outbox = path.join(dataDir, 'outbox')
  const mail = existsSync(outbox) ? readdirSync(outbox).find((name) => name.endsWith('.eml')) : undefined
  if (mail) {
    // The body is quoted-printable: undo soft line breaks and '=3D' before looking for the link.
    const raw = readFileSync(path.join(outbox, mail), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/gi, '=')
    const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(raw)?.[1]
    if (!token) throw new Error('no verification link in the outbox mail')
    expectStatus(await call('POST', '/api/auth/confirm-verification', { token }), 204, 'confirm-verification')
  }
  const login = await call('POST', '/api/auth/login', { identity: email, password })
  expectStatus(login, 200, 'login')

  const cards = Array.from({ length: CARDS }, (_, i) => ({
    term: `Term ${i + 1}`,
    definition: `The definition of term ${i + 1}, a sentence of ordinary length for a flashcard.`,
  }))
  // One import to warm up (first use of the sanitiser, prepared statements); not counted.
  expectStatus(await call('POST', '/api/sets/import', { title: 'Warm-up', cards }, login.body.token), 201, 'import')
  const times = []
  for (let i = 0; i < N; i++) {
    const started = performance.now()
    const response = await call('POST', '/api/sets/import', { title: `Bench ${i + 1}`, cards }, login.body.token)
    times.push(performance.now() - started)
    expectStatus(response, 201, 'import')
  }
  times.sort((a, b) => a - b)
  console.log(`${N} imports of ${CARDS} cards: median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times.at(-1).toFixed(1)})`)
} finally {
  cleanUp()
}
