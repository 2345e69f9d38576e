// The PostgreSQL run of `npm run bench` (issue 13): the same seeded database copied into a
// throwaway PostgreSQL server, the same routes measured against dist/server/index.js with
// DATABASE_URL, and the read routes again with two worker processes (WEB_CONCURRENCY=2).
//
// CPU per request on PostgreSQL is the Node server's plus the database server's: the postmaster
// and all its children (backends, writers, checkpointer) from /proc, over the same window. On
// SQLite the database runs inside the server process, so its figure already holds both.
import { measure } from './load.mjs'

/** Read routes: the ones the two-worker budget is about. */
export const READ_ROUTES = ['publicSearch', 'mySets', 'oneSet', 'cardsPage', 'progress']

/**
 * Measures `routes` on PostgreSQL. `startServer(env)` starts dist/server/index.js with extra
 * environment and resolves { url, pid, stop }.
 */
export async function measurePostgres({ lib, sqliteFile, routes, authSecret, startServer, seconds, connections, log }) {
  log('PostgreSQL: a throwaway server (durable settings), the seeded database copied in with db:copy')
  const started = performance.now()
  const postgres = await lib.preparePostgres(sqliteFile)
  log(`PostgreSQL: ${postgres.rows} rows copied in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  try {
    const env = { DATABASE_URL: postgres.url, AUTH_SECRET: authSecret }
    const request = (route) => ({
      method: route.method,
      headers: route.headers ?? {},
      body: route.body,
      connections: route.connections ?? connections,
      seconds,
      amount: route.amount,
      setupClient: route.setupClient,
    })
    const one = await startServer({ ...env, WEB_CONCURRENCY: '1' })
    const results = []
    try {
      for (const route of routes) {
        const result = await measure({ ...request(route), url: one.url + route.path, pid: one.pid, databasePids: postgres.pids })
        results.push({ name: route.name, label: route.label, app: result })
        log(
          `PostgreSQL ${route.name}: ${result.cpuUsPerRequest?.toFixed(0)} us/req (server ${result.serverCpuUsPerRequest?.toFixed(0)} + database ${result.databaseCpuUsPerRequest?.toFixed(0)}), p99 ${result.p99Ms} ms, ${result.requestsPerSecond.toFixed(0)} req/s`,
        )
      }
    } finally {
      await one.stop()
    }
    const reads = routes.filter((route) => READ_ROUTES.includes(route.name))
    const two = await startServer({ ...env, WEB_CONCURRENCY: '2' })
    const workers = []
    try {
      for (const route of reads) {
        const result = await measure({ ...request(route), url: two.url + route.path, pid: two.pid })
        const single = results.find((r) => r.name === route.name)?.app.requestsPerSecond ?? null
        workers.push({ name: route.name, oneWorker: single, twoWorkers: result.requestsPerSecond, ratio: single ? result.requestsPerSecond / single : null })
        log(`PostgreSQL ${route.name}, 2 workers: ${result.requestsPerSecond.toFixed(0)} req/s (1 worker: ${single?.toFixed(0)})`)
      }
    } finally {
      await two.stop()
    }
    return { copiedRows: postgres.rows, routes: results, workers }
  } finally {
    await postgres.stop()
  }
}
