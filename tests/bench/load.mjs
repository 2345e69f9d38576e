// One measurement: autocannon (in this process) against a server child process on loopback, and
// that process's own CPU time from /proc/<pid>/stat (utime + stime, all its threads) around the run.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100

/** CPU seconds the process has used so far; with `reaped`, also its ended children's it has waited for. */
export function cpuSeconds(pid, reaped = false) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const children = reaped ? Number(fields[13]) + Number(fields[14]) : 0
  return (Number(fields[11]) + Number(fields[12]) + children) / CLOCK_TICKS
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

/**
 * CPU seconds used so far by a database server: its main process (with the children it has
 * reaped: a backend that ended during a run still counts) and its live children.
 */
function databaseCpuSeconds([main, ...children]) {
  let total = cpuSeconds(main, true)
  for (const pid of children) {
    try {
      total += cpuSeconds(pid)
    } catch {
      // Ended since it was listed: its time is in the main process's reaped children now.
    }
  }
  return total
}

/**
 * Waits until the process has been nearly idle (under 5% of a core) for half a second, so work
 * queued by one measurement (slow requests the client gave up on) is not billed to the next.
 */
export async function settle(pid, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const before = cpuSeconds(pid)
    await new Promise((resolve) => setTimeout(resolve, 500))
    if (cpuSeconds(pid) - before < 0.025) return
  }
}

/**
 * Warms up for `warmupSeconds` (or with a tenth of `amount` requests), then measures for `seconds`
 * (or until `amount` requests have been answered). Returns requests/s, p50/p99 latency
 * (ms, from the client over loopback) and the server's CPU microseconds per request (with the
 * database server's, when its processes are given).
 */
export async function measure({
  url,
  method = 'GET',
  headers = {},
  body,
  connections = 10,
  seconds = 5,
  warmupSeconds = 1,
  amount,
  pid,
  databasePids,
  setupClient,
}) {
  // `setupClient` (autocannon's): gives each connection its own headers and body (a student each).
  const request = { url, method, headers, body, connections, ...(setupClient ? { setupClient } : {}) }
  await settle(pid)
  await run(amount ? { ...request, amount: Math.max(connections, Math.round(amount / 10)) } : { ...request, duration: warmupSeconds })
  // With `databasePids` (a function: PostgreSQL's main process, then its children), their CPU is billed to the requests too.
  const databaseUsed = () => (databasePids ? databaseCpuSeconds(databasePids()) : 0)
  const serverBefore = cpuSeconds(pid)
  const databaseBefore = databaseUsed()
  const result = await run(amount ? { ...request, amount } : { ...request, duration: seconds })
  const serverCpu = cpuSeconds(pid) - serverBefore
  const databaseCpu = databaseUsed() - databaseBefore
  const requests = result.requests.total
  const perRequest = (seconds) => (requests > 0 ? (seconds * 1e6) / requests : null)
  await settle(pid)
  return {
    connections,
    seconds: result.duration,
    requests,
    requestsPerSecond: requests / result.duration,
    p50Ms: requests > 0 ? result.latency.p50 : null,
    p99Ms: requests > 0 ? result.latency.p99 : null,
    cpuUsPerRequest: perRequest(serverCpu + databaseCpu),
    // The two parts on PostgreSQL: the Node server's, and the database server's (0 on SQLite).
    serverCpuUsPerRequest: perRequest(serverCpu),
    databaseCpuUsPerRequest: perRequest(databaseCpu),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}
