import path from 'node:path'
import { systemClock } from './clock'
import { ConfigError, loadConfig } from './config'
import { runDatabaseCommand } from './db/backup-cli'
import { DATABASE_FILE } from './db/database'

/** The standalone server (`npm start`): reads the environment, migrates, listens, shuts down cleanly. */
async function main() {
  const config = loadConfig()
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
