import path from 'node:path'
import { ConfigError, loadConfig } from './config'
import { startServer } from './start'

/** The standalone server (`npm start`): reads the environment, migrates, listens, shuts down cleanly. */
async function main() {
  const config = loadConfig()
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

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
