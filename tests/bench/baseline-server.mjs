// The baselines, one child process measured like the app (its own CPU from /proc):
//   GET  /raw          a raw node:http server answering a fixed JSON body;
//   ANY  /twin/<route> a raw node:http + better-sqlite3 handler running the SQL the app ran for
//                      that route (recorded from the app itself, statement by statement, with the
//                      same parameters), with prepared statements kept, plus the same essential
//                      work: reading the JSON body, checking the token's HMAC, bcrypt for login.
// Usage: node baseline-server.mjs <plan.json>; prints "listening on <url>".
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import SQLite from 'better-sqlite3'
import bcrypt from 'bcryptjs'

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const db = new SQLite(plan.dbFile)
db.pragma('journal_mode = WAL')
// The app's durability setting (DB_SYNCHRONOUS, default full), so a write costs the twin the same fsync.
db.pragma(`synchronous = ${process.env.DB_SYNCHRONOUS === 'normal' ? 'NORMAL' : 'FULL'}`)
db.pragma('foreign_keys = ON')
db.pragma('busy_timeout = 5000')
// The same Unicode lower() the app registers, so search SQL runs identically.
db.function('lower', { deterministic: true }, (text) => (text === null ? null : String(text).toLowerCase()))

const RAW_BODY = JSON.stringify({ ok: true, message: 'a fixed JSON body' })
const statements = new Map()
const prepared = (sql) => {
  let statement = statements.get(sql)
  if (!statement) statements.set(sql, (statement = db.prepare(sql)))
  return statement
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
function newId() {
  let id = ''
  for (const byte of randomBytes(15)) id += ID_ALPHABET[byte % 36]
  return id
}

/** Checks an HS256 token's signature with the app's key derivation: sha256(secret, \0, tokenKey). */
function tokenSignatureValid(authorization) {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  const [header, payload, signature] = token?.split('.') ?? []
  if (!signature) return false
  // The token's user picks the key: the bench user's, or one of the students' (answerClass).
  const { sub } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  const tokenKey = plan.tokenKeys[sub]
  if (!tokenKey) return false
  const key = createHash('sha256').update(plan.authSecret).update('\0').update(tokenKey).digest()
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest()
  const given = Buffer.from(signature, 'base64url')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Runs the route's statements; ids the app made during the request are made afresh each time. */
function replay(route) {
  const fresh = new Map()
  const value = (parameter) => {
    if (parameter.fresh === undefined) return parameter.value
    let id = fresh.get(parameter.fresh)
    if (!id) fresh.set(parameter.fresh, (id = newId()))
    return id
  }
  const results = []
  for (const step of route.statements) {
    const statement = prepared(step.sql)
    const parameters = step.parameters.map(value)
    if (statement.reader) results.push(statement.all(parameters))
    else statement.run(parameters)
  }
  return results
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function send(response, status, body) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) })
  response.end(body)
}

const server = http.createServer(async (request, response) => {
  try {
    if (request.url === '/raw') return send(response, 200, RAW_BODY)
    const route = plan.routes[request.url.slice('/twin/'.length)]
    if (!route) return send(response, 404, '{"message":"no such twin"}')
    const text = await readBody(request)
    const input = text ? JSON.parse(text) : undefined
    if (route.auth && !tokenSignatureValid(request.headers.authorization)) return send(response, 401, '{}')
    const results = replay(route)
    if (route.bcrypt) {
      const user = results.flat().find((row) => row.password_hash)
      if (!(await bcrypt.compare(input.password, user.password_hash))) return send(response, 400, '{}')
    }
    send(response, route.status, JSON.stringify(results))
  } catch (error) {
    // A statement that failed inside the replayed transaction must not leave it open: it would
    // hold SQLite's write lock and stall every write of the app measured next.
    if (db.inTransaction) db.exec('rollback')
    const name = request.url.slice('/twin/'.length)
    if (!failed.has(name)) {
      failed.add(name)
      console.error(`twin ${name} failed: ${error}`)
    }
    send(response, 500, JSON.stringify({ message: String(error) }))
  }
})
const failed = new Set()
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
