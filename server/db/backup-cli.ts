import path from 'node:path'
import type { Clock } from '#server/clock'
import type { Config } from '#server/config'
import { BACKUP_FOLDER, BackupError, backupDatabase, backupFileName, restoreDatabase } from './backup'

export interface CommandOutput {
  log(message: string): void
  error(message: string): void
}

const USAGE = {
  backup: 'Usage: npm run backup [-- --out <file>]',
  restore: 'Usage: npm run restore -- <backup file>',
}

/**
 * `npm run backup` and `npm run restore` (scripts/database.mjs runs them through the built server
 * entry). Returns the exit code: 0 done, 1 refused or failed (the message says why), 2 bad usage.
 */
export async function runDatabaseCommand(
  command: 'backup' | 'restore',
  args: string[],
  context: { config: Config; databaseFile: string; clock: Clock; output: CommandOutput },
): Promise<number> {
  const { config, databaseFile, clock, output } = context
  try {
    if (command === 'backup') {
      const out = parseBackupArgs(args)
      if (out === null) return usage(output, command)
      const dest = path.resolve(out ?? path.join(config.dataDir, BACKUP_FOLDER, backupFileName(clock.now())))
      const result = await backupDatabase(path.join(config.dataDir, databaseFile), dest)
      output.log(
        `Backed up ${path.join(config.dataDir, databaseFile)} to ${result.file} (${Math.round(result.bytes / 1024)} KB, integrity ok, ${result.ms} ms)`,
      )
      return 0
    }
    if (args.length !== 1 || args[0]!.startsWith('-')) return usage(output, command)
    const backupFile = path.resolve(args[0]!)
    const result = await restoreDatabase({ dataDir: config.dataDir, databaseFile, backupFile, now: clock.now() })
    output.log(`Restored ${backupFile} into ${path.join(config.dataDir, databaseFile)}`)
    if (result.replacedKeptAs) output.log(`The database it replaced is kept as ${result.replacedKeptAs}`)
    return 0
  } catch (error) {
    if (!(error instanceof BackupError)) throw error
    output.error(error.message)
    return 1
  }
}

/** The `--out` file, undefined for the default place, or null when the arguments make no sense. */
function parseBackupArgs(args: string[]): string | undefined | null {
  if (args.length === 0) return undefined
  if (args.length === 1 && args[0]!.startsWith('--out=') && args[0]!.length > 6) return args[0]!.slice(6)
  if (args.length === 2 && args[0] === '--out' && args[1] !== '') return args[1]!
  return null
}

function usage(output: CommandOutput, command: 'backup' | 'restore'): number {
  output.error(USAGE[command])
  return 2
}
