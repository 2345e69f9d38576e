import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { SynchronousMode } from './db/database'

/** The configuration the app runs with: the secret is always known by then. */
export type AppConfig = Config & { authSecret: string }

export class ConfigError extends Error {}

const integer = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback
      const number = Number(value)
      if (!Number.isInteger(number) || number < min || number > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max} (got "${value}")` })
        return z.NEVER
      }
      return number
    })

const flag = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback
      const normalised = value.trim().toLowerCase()
      if (['1', 'true', 'yes', 'on'].includes(normalised)) return true
      if (['0', 'false', 'no', 'off'].includes(normalised)) return false
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false (got "${value}")` })
      return z.NEVER
    })

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined
      let parsed: URL
      try {
        parsed = new URL(value.trim())
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be a URL (got "${redactUrl(value)}")` })
        return z.NEVER
      }
      if (!protocols.includes(parsed.protocol)) {
        ctx.addIssue({ code: 'custom', message: `${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}` })
        return z.NEVER
      }
      return value.trim().replace(/\/+$/, '')
    })

/** Never echo credentials of a URL back into logs. */
export function redactUrl(value: string): string {
  return value.replace(/\/\/[^@/]*@/, '//***@')
}

const emailAddress = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined
      const address = value.trim()
      if (!z.email().safeParse(address).success) {
        ctx.addIssue({ code: 'custom', message: `${name} must be an email address like "team@example.org" (got "${value}")` })
        return z.NEVER
      }
      return address
    })

/** A PostgreSQL URL, trimmed; `name` and the value (its password hidden) in the message when it is not one. */
function postgresUrl(name: string, value: string | undefined, ctx: z.RefinementCtx): string | undefined {
  if (value === undefined || value.trim() === '') return undefined
  let parsed: URL | undefined
  try {
    parsed = new URL(value.trim())
  } catch {
    parsed = undefined
  }
  if (!parsed || !['postgres:', 'postgresql:'].includes(parsed.protocol) || !parsed.hostname) {
    ctx.addIssue({
      code: 'custom',
      message: `${name} must be a PostgreSQL URL like postgres://user:password@host:5432/cardwise (got "${redactUrl(value.trim())}")`,
    })
    return z.NEVER
  }
  return value.trim()
}

const envSchema = z.object({
  PORT: integer('PORT', 0, 65535, 3000),
  HOST: z
    .string()
    .optional()
    .transform((value) => value?.trim() || '127.0.0.1'),
  DATA_DIR: z
    .string()
    .optional()
    .transform((value) => value?.trim() || 'data'),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const from = value?.trim() || 'Cardwise <no-reply@localhost>'
      if (!/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(from)) {
        ctx.addIssue({ code: 'custom', message: `MAIL_FROM must be an address like "Cardwise <no-reply@example.org>" (got "${from}")` })
        return z.NEVER
      }
      return from
    }),
  CONTACT_EMAIL: emailAddress('CONTACT_EMAIL'),
  AUTH_SECRET: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined
      if (value.length < 32) {
        ctx.addIssue({ code: 'custom', message: 'AUTH_SECRET must be at least 32 characters long' })
        return z.NEVER
      }
      return value
    }),
  AUTH_TOKEN_TTL_SECONDS: integer('AUTH_TOKEN_TTL_SECONDS', 60, 365 * 24 * 3600, 14 * 24 * 3600),
  BCRYPT_COST: integer('BCRYPT_COST', 10, 15, 12),
  TRUST_PROXY: flag('TRUST_PROXY', false),
  LOG_REQUESTS: flag('LOG_REQUESTS', true),
  DB_PREPARED_STATEMENTS: flag('DB_PREPARED_STATEMENTS', true),
  REALTIME_HEARTBEAT_SECONDS: integer('REALTIME_HEARTBEAT_SECONDS', 1, 30, 25),
  RATE_LIMIT_WINDOW_SECONDS: integer('RATE_LIMIT_WINDOW_SECONDS', 1, 86_400, 60),
  RATE_LIMIT_LOGIN: integer('RATE_LIMIT_LOGIN', 0, 1_000_000, 20),
  RATE_LIMIT_REGISTER: integer('RATE_LIMIT_REGISTER', 0, 1_000_000, 10),
  RATE_LIMIT_EMAIL: integer('RATE_LIMIT_EMAIL', 0, 1_000_000, 5),
  RATE_LIMIT_CONTACT: integer('RATE_LIMIT_CONTACT', 0, 1_000_000, 5),
  RATE_LIMIT_IMPORT: integer('RATE_LIMIT_IMPORT', 0, 1_000_000, 10),
  RATE_LIMIT_LOGIN_FAILURES_WINDOW_SECONDS: integer('RATE_LIMIT_LOGIN_FAILURES_WINDOW_SECONDS', 1, 86_400, 3600),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: integer('RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT', 0, 1_000_000, 100),
  RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: integer('RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS', 0, 1_000_000, 300),
  RATE_LIMIT_CLASS_JOIN_FAILURES: integer('RATE_LIMIT_CLASS_JOIN_FAILURES', 0, 1_000_000, 20),
  AUTO_VERIFY_ACCOUNTS: flag('AUTO_VERIFY_ACCOUNTS', false),
  DB_SYNCHRONOUS: z
    .string()
    .optional()
    .transform((value, ctx): SynchronousMode => {
      if (value === undefined || value.trim() === '') return 'full'
      const mode = value.trim().toLowerCase()
      if (mode === 'full' || mode === 'normal') return mode
      ctx.addIssue({ code: 'custom', message: `DB_SYNCHRONOUS must be full or normal (got "${value}")` })
      return z.NEVER
    }),
  DB_BUSY_TIMEOUT_MS: integer('DB_BUSY_TIMEOUT_MS', 0, 600_000, 5000),
  BACKUP_INTERVAL_HOURS: integer('BACKUP_INTERVAL_HOURS', 0, 8760, 24),
  BACKUP_KEEP_DAYS: integer('BACKUP_KEEP_DAYS', 1, 3650, 7),
  REMINDER_INTERVAL_SECONDS: integer('REMINDER_INTERVAL_SECONDS', 1, 86_400, 300),
  MEDIA_MAX_UPLOAD_MB: integer('MEDIA_MAX_UPLOAD_MB', 1, 100, 10),
  MEDIA_QUOTA_MB: integer('MEDIA_QUOTA_MB', 1, 1_000_000, 500),
  MEDIA_MAX_AUDIO_SECONDS: integer('MEDIA_MAX_AUDIO_SECONDS', 1, 3600, 60),
  IMPORT_MAX_PACKAGE_MB: integer('IMPORT_MAX_PACKAGE_MB', 1, 2000, 100),
  IMPORT_MAX_UNPACKED_MB: integer('IMPORT_MAX_UNPACKED_MB', 1, 2000, 400),
  IMPORT_MAX_ENTRIES: integer('IMPORT_MAX_ENTRIES', 1, 1_000_000, 20_000),
  IMPORT_MAX_NOTES: integer('IMPORT_MAX_NOTES', 1, 1_000_000, 20_000),
  IMPORT_TIMEOUT_SECONDS: integer('IMPORT_TIMEOUT_SECONDS', 1, 600, 30),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value, ctx) => postgresUrl('DATABASE_URL', value, ctx)),
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const urls = (value ?? '').split(',').filter((url) => url.trim() !== '')
      return urls.map((url) => postgresUrl('DATABASE_REPLICA_URLS', url, ctx) ?? '')
    }),
  DATABASE_REPLICA_MAX_LAG_SECONDS: integer('DATABASE_REPLICA_MAX_LAG_SECONDS', 0, 3600, 5),
  WEB_CONCURRENCY: integer('WEB_CONCURRENCY', 1, 64, 1),
})

/**
 * The server's configuration, read from environment variables in this one place: each variable
 * is checked in `envSchema` above and named here. Every variable has a default that makes
 * `npm start` work on a fresh machine. A new setting is one line in each of the two lists.
 */
const configSchema = envSchema.transform((e) => ({
  port: e.PORT,
  host: e.HOST,
  /** Relative to the working directory until `loadConfig` resolves it. */
  dataDir: e.DATA_DIR,
  /** Base of the links in emails, without a trailing slash. */
  publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
  smtpUrl: e.SMTP_URL,
  mailFrom: e.MAIL_FROM,
  /** Where contact-form messages are mailed; unset: they are only stored. */
  contactEmail: e.CONTACT_EMAIL,
  /** Unset means: generate one once and keep it in the data folder (see `resolveAuthSecret`). */
  authSecret: e.AUTH_SECRET,
  tokenTtlSeconds: e.AUTH_TOKEN_TTL_SECONDS,
  bcryptCost: e.BCRYPT_COST,
  trustProxy: e.TRUST_PROXY,
  logRequests: e.LOG_REQUESTS,
  /** Seconds between heartbeat comments on realtime streams (at most 30, so proxies keep them open). */
  realtimeHeartbeatSeconds: e.REALTIME_HEARTBEAT_SECONDS,
  /** Requests allowed per client address per window; 0 turns a limit off. */
  rateLimits: {
    windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    login: e.RATE_LIMIT_LOGIN,
    register: e.RATE_LIMIT_REGISTER,
    /** request-verification, request-password-reset and request-email-change, each on its own. */
    email: e.RATE_LIMIT_EMAIL,
    /** Contact-form submissions. */
    contact: e.RATE_LIMIT_CONTACT,
    /** Set imports (POST /api/sets/import). */
    import: e.RATE_LIMIT_IMPORT,
    /** Length of the window that failed logins are counted in (its own, an hour by default). */
    loginFailuresWindowSeconds: e.RATE_LIMIT_LOGIN_FAILURES_WINDOW_SECONDS,
    /** Failed logins per account per failures window (ASVS 2.2.1 asks for at most 100 an hour). */
    loginFailuresPerAccount: e.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
    /** Failed logins per client address per failures window, whatever accounts they name. */
    loginFailuresPerAddress: e.RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS,
    /** Failed class joins (unknown codes) per client address per window: join codes cannot be guessed. */
    classJoinFailures: e.RATE_LIMIT_CLASS_JOIN_FAILURES,
  },
  /** New accounts are verified at once, with no verification mail (the desktop app; off for the web). */
  autoVerifyAccounts: e.AUTO_VERIFY_ACCOUNTS,
  /** SQLite's `synchronous` (see server/db/database.ts for the measured cost and the choice). */
  dbSynchronous: e.DB_SYNCHRONOUS,
  dbPreparedStatements: e.DB_PREPARED_STATEMENTS,
  /** How long a SQLite write waits for another process's lock (a backup script) before failing. */
  dbBusyTimeoutMs: e.DB_BUSY_TIMEOUT_MS,
  /** Hours between automatic backups into DATA_DIR/backups; 0 turns them off. */
  backupIntervalHours: e.BACKUP_INTERVAL_HOURS,
  /** Automatic backups older than this are deleted (the newest one is always kept). */
  backupKeepDays: e.BACKUP_KEEP_DAYS,
  reminderIntervalSeconds: e.REMINDER_INTERVAL_SECONDS,
  /** Largest picture body POST /api/media reads (MEDIA_MAX_UPLOAD_MB). */
  mediaMaxUploadBytes: e.MEDIA_MAX_UPLOAD_MB * 1024 * 1024,
  /** Stored picture bytes allowed per user (MEDIA_QUOTA_MB). */
  mediaQuotaBytes: e.MEDIA_QUOTA_MB * 1024 * 1024,
  /** Longest recording POST /api/media accepts, in milliseconds (MEDIA_MAX_AUDIO_SECONDS). */
  mediaMaxAudioMs: e.MEDIA_MAX_AUDIO_SECONDS * 1000,
  /**
   * What an import preview may cost (POST /api/imports/preview). An Anki package of 10,000 notes
   * without pictures is a few MB; the defaults leave room for pictures and refuse zip bombs.
   */
  imports: {
    /** Largest upload (IMPORT_MAX_PACKAGE_MB, default 100). */
    maxPackageBytes: e.IMPORT_MAX_PACKAGE_MB * 1024 * 1024,
    /** Sum of a package's declared unpacked sizes, and the largest unpacked collection (IMPORT_MAX_UNPACKED_MB, default 400). */
    maxUncompressedBytes: e.IMPORT_MAX_UNPACKED_MB * 1024 * 1024,
    /** Files in a package (IMPORT_MAX_ENTRIES, default 20,000). */
    maxEntries: e.IMPORT_MAX_ENTRIES,
    /** Notes in a package (IMPORT_MAX_NOTES, default 20,000). */
    maxNotes: e.IMPORT_MAX_NOTES,
    /** Time a file may take to parse, in the worker (IMPORT_TIMEOUT_SECONDS, default 30). */
    timeoutMs: e.IMPORT_TIMEOUT_SECONDS * 1000,
  },
  /** PostgreSQL to run on (`postgres://...`); unset: SQLite in `dataDir`. */
  databaseUrl: e.DATABASE_URL,
  databaseReplicaUrls: e.DATABASE_REPLICA_URLS,
  databaseReplicaMaxLagSeconds: e.DATABASE_REPLICA_MAX_LAG_SECONDS,
  /** Server processes (node:cluster workers) on one port; always 1 on SQLite. */
  webConcurrency: e.WEB_CONCURRENCY,
}))

/** The configuration, exactly what `configSchema` produces. */
export type Config = z.output<typeof configSchema>

export type RateLimitConfig = Config['rateLimits']

/** Reads the configuration from environment variables; a bad value throws a ConfigError naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const result = configSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => issue.message)
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`)
  }
  const config = result.data
  if (config.databaseUrl && !config.authSecret) {
    // Every process (and machine) must sign and check tokens with one secret; a secret generated
    // into one data folder would make tokens fail on the others.
    throw new ConfigError(
      'Invalid configuration:\n  - AUTH_SECRET is required when DATABASE_URL is set (the same value, at least 32 characters, for every server process)',
    )
  }
  if (config.databaseReplicaUrls.length > 0 && !config.databaseUrl) {
    throw new ConfigError('Invalid configuration:\n  - DATABASE_REPLICA_URLS needs DATABASE_URL (the primary the replicas follow)')
  }
  return { ...config, dataDir: path.resolve(cwd, config.dataDir) }
}

export const AUTH_SECRET_FILE = 'auth-secret'

/**
 * The token-signing secret: AUTH_SECRET when set, otherwise one generated on first start and kept
 * in the data folder, so tokens survive restarts.
 */
export function resolveAuthSecret(config: Config): AppConfig {
  if (config.authSecret) return { ...config, authSecret: config.authSecret }
  mkdirSync(config.dataDir, { recursive: true })
  const file = path.join(config.dataDir, AUTH_SECRET_FILE)
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim()
    if (saved.length < 32) throw new ConfigError(`The secret in ${file} is too short; delete the file to generate a new one`)
    return { ...config, authSecret: saved }
  }
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  chmodSync(file, 0o600)
  return { ...config, authSecret: secret }
}
