import cluster from 'node:cluster'
import path from 'node:path'
import { systemClock } from './clock'
import { type Config, ConfigError, loadConfig } from './config'
import { runDatabaseCommand } from './db/backup-cli'
import { DATABASE_FILE } from './db/database'

/** The standalone server (`npm start`): reads the environment, migrates, listens, shuts down cleanly. */
async function main() {
  const config = loadConfig()
  const workers = workerCount(config)
  if (workers > 1 && cluster.isPrimary) return runWorkers(workers)
  // Loaded here, not at the top: `backup` and `restore` need none of the app and start faster.
  const { startServer } = await import('./start')
  const rendererDir = path.resolve(import.meta.dirname, '../renderer')
  const server = await startServer(config, { rendererDir })
  console.log(`Cardwise is listening on ${server.url} (data in ${config.dataDir})`)

  const stop = async (signal: string) => {
    console.log(`${signal} received: finishing running requests, then closing the database`)
    await server.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
}

/**
 * How many server processes to run: WEB_CONCURRENCY on PostgreSQL. SQLite is one process's file
 * (its one writer, the pid file, the backups), so there it stays 1, and says so when asked for more.
 */
function workerCount(config: Config): number {
  if (config.webConcurrency > 1 && !config.databaseUrl) {
    console.warn(`WEB_CONCURRENCY=${config.webConcurrency} ignored: on SQLite Cardwise runs as one process. Set DATABASE_URL (PostgreSQL) to run several.`)
    return 1
  }
  return config.webConcurrency
}

/**
 * The primary of WEB_CONCURRENCY workers (node:cluster): each worker is a whole server on the same
 * port (the primary hands out connections) and they share everything through PostgreSQL. A worker
 * that dies is replaced; one that dies before it ever listened (a start-up error, already printed)
 * stops them all, so a bad configuration does not restart forever. SIGTERM/SIGINT stop every worker
 * gracefully, then the primary.
 */
function runWorkers(count: number) {
  console.log(`Cardwise: starting ${count} server processes`)
  let stopping = false
  const listened = new Set<number>()
  cluster.on('listening', (worker) => listened.add(worker.id))
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    if (!listened.has(worker.id)) {
      console.error(`A server process stopped before it could listen (exit code ${code}); stopping.`)
      stopping = true
      for (const other of Object.values(cluster.workers ?? {})) other?.kill('SIGTERM')
      process.exitCode = 1
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1)
      return
    }
    console.warn(`Server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`)
    cluster.fork()
  })
  for (let index = 0; index < count; index += 1) cluster.fork()
  const stop = (signal: string) => {
    console.log(`${signal} received: stopping the server processes`)
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM')
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

/** `backup` and `restore` (`npm run backup`, `npm run restore`) work on DATA_DIR's database. */
async function databaseCommand(command: 'backup' | 'restore', args: string[]) {
  const config = loadConfig()
  process.exitCode = await runDatabaseCommand(command, args, { config, databaseFile: DATABASE_FILE, clock: systemClock, output: console })
}

const [command, ...args] = process.argv.slice(2)
const run = command === 'backup' || command === 'restore' ? databaseCommand(command, args) : main()
run.catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
