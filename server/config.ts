import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { SynchronousMode } from './db/database'

/**
 * The server's configuration, read from environment variables in this one place.
 * Every variable has a default that makes `npm start` work on a fresh machine.
 */
export interface Config {
  port: number
  host: string
  dataDir: string
  /** Base of the links in emails, without a trailing slash. */
  publicUrl: string
  smtpUrl: string | undefined
  mailFrom: string
  /** Where contact-form messages are mailed; unset: they are only stored. */
  contactEmail: string | undefined
  /** Unset means: generate one once and keep it in the data folder (see `resolveAuthSecret`). */
  authSecret: string | undefined
  tokenTtlSeconds: number
  bcryptCost: number
  trustProxy: boolean
  logRequests: boolean
  /** Seconds between heartbeat comments on realtime streams (the contract asks for at most 30). */
  realtimeHeartbeatSeconds: number
  rateLimits: RateLimitConfig
  /** New accounts are verified at once, with no verification mail (the desktop app; off for the web). */
  autoVerifyAccounts: boolean
  /** SQLite's `synchronous` (see server/db/database.ts for the measured cost and the choice). */
  dbSynchronous: SynchronousMode
  /** Hours between automatic backups into DATA_DIR/backups; 0 turns them off. */
  backupIntervalHours: number
  /** Automatic backups older than this are deleted (the newest one is always kept). */
  backupKeepDays: number
  /** Largest picture body POST /api/media reads (MEDIA_MAX_UPLOAD_MB). */
  mediaMaxUploadBytes: number
  /** Stored picture bytes allowed per user (MEDIA_QUOTA_MB). */
  mediaQuotaBytes: number
}

/** Requests allowed per client address per window; 0 turns a limit off. */
export interface RateLimitConfig {
  windowSeconds: number
  login: number
  register: number
  /** request-verification, request-password-reset and request-email-change, each on its own. */
  email: number
  /** Contact-form submissions. */
  contact: number
  /** Set imports (POST /api/sets/import). */
  import: number
  /** Length of the window that failed logins are counted in (its own, an hour by default). */
  loginFailuresWindowSeconds: number
  /** Failed logins per account per failures window (ASVS 2.2.1 asks for at most 100 an hour). */
  loginFailuresPerAccount: number
  /** Failed logins per client address per failures window, whatever accounts they name. */
  loginFailuresPerAddress: number
}

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
function redactUrl(value: string): string {
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

const envSchema = z.object({
  PORT: integer('PORT', 0, 65535, 3000),
  HOST: z.string().optional().transform((value) => value?.trim() || '127.0.0.1'),
  DATA_DIR: z.string().optional().transform((value) => value?.trim() || 'data'),
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
  BACKUP_INTERVAL_HOURS: integer('BACKUP_INTERVAL_HOURS', 0, 8760, 24),
  BACKUP_KEEP_DAYS: integer('BACKUP_KEEP_DAYS', 1, 3650, 7),
  MEDIA_MAX_UPLOAD_MB: integer('MEDIA_MAX_UPLOAD_MB', 1, 100, 10),
  MEDIA_QUOTA_MB: integer('MEDIA_QUOTA_MB', 1, 1_000_000, 500),
})

/** Reads the configuration from environment variables; a bad value throws a ConfigError naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const result = envSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => issue.message)
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`)
  }
  const e = result.data
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    authSecret: e.AUTH_SECRET,
    tokenTtlSeconds: e.AUTH_TOKEN_TTL_SECONDS,
    bcryptCost: e.BCRYPT_COST,
    trustProxy: e.TRUST_PROXY,
    logRequests: e.LOG_REQUESTS,
    realtimeHeartbeatSeconds: e.REALTIME_HEARTBEAT_SECONDS,
    rateLimits: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      login: e.RATE_LIMIT_LOGIN,
      register: e.RATE_LIMIT_REGISTER,
      email: e.RATE_LIMIT_EMAIL,
      contact: e.RATE_LIMIT_CONTACT,
      import: e.RATE_LIMIT_IMPORT,
      loginFailuresWindowSeconds: e.RATE_LIMIT_LOGIN_FAILURES_WINDOW_SECONDS,
      loginFailuresPerAccount: e.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerAddress: e.RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS,
    },
    autoVerifyAccounts: e.AUTO_VERIFY_ACCOUNTS,
    dbSynchronous: e.DB_SYNCHRONOUS,
    backupIntervalHours: e.BACKUP_INTERVAL_HOURS,
    backupKeepDays: e.BACKUP_KEEP_DAYS,
    mediaMaxUploadBytes: e.MEDIA_MAX_UPLOAD_MB * 1024 * 1024,
    mediaQuotaBytes: e.MEDIA_QUOTA_MB * 1024 * 1024,
  }
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
