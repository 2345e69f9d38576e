import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_SECRET_FILE, ConfigError, loadConfig, resolveAuthSecret } from './config'

const cwd = path.resolve('/srv/cardwise')

describe('loadConfig', () => {
  it('has a default for everything', () => {
    expect(loadConfig({}, cwd)).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(cwd, 'data'),
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Cardwise <no-reply@localhost>',
      contactEmail: undefined,
      authSecret: undefined,
      tokenTtlSeconds: 14 * 24 * 3600,
      bcryptCost: 12,
      trustProxy: false,
      logRequests: true,
      realtimeHeartbeatSeconds: 25,
      rateLimits: {
        windowSeconds: 60,
        login: 20,
        register: 10,
        email: 5,
        contact: 5,
        import: 10,
        loginFailuresWindowSeconds: 3600,
        loginFailuresPerAccount: 100,
        loginFailuresPerAddress: 300,
        classJoinFailures: 20,
      },
      autoVerifyAccounts: false,
      dbSynchronous: 'full',
      dbPreparedStatements: true,
      dbBusyTimeoutMs: 5000,
      databaseReplicaUrls: [],
      databaseReplicaMaxLagSeconds: 5,
      backupIntervalHours: 24,
      backupKeepDays: 7,
      imports: {
        maxPackageBytes: 100 * 1024 * 1024,
        maxUncompressedBytes: 400 * 1024 * 1024,
        maxEntries: 20_000,
        maxNotes: 20_000,
        timeoutMs: 30_000,
      },
      mediaMaxUploadBytes: 10 * 1024 * 1024,
      mediaQuotaBytes: 500 * 1024 * 1024,
      mediaMaxAudioMs: 60_000,
      reminderIntervalSeconds: 300,
      databaseUrl: undefined,
      webConcurrency: 1,
    })
  })

  it('takes read replicas (comma-separated PostgreSQL URLs) and their lag limit, only beside DATABASE_URL', () => {
    const primary = { DATABASE_URL: 'postgres://app:pw@db.example/cardwise', AUTH_SECRET: 'x'.repeat(32) }
    const config = loadConfig(
      {
        ...primary,
        DATABASE_REPLICA_URLS: ' postgres://app:pw@r1.example/cardwise, postgres://app:pw@r2.example/cardwise ',
        DATABASE_REPLICA_MAX_LAG_SECONDS: '2',
      },
      cwd,
    )
    expect(config.databaseReplicaUrls).toEqual(['postgres://app:pw@r1.example/cardwise', 'postgres://app:pw@r2.example/cardwise'])
    expect(config.databaseReplicaMaxLagSeconds).toBe(2)
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://app:pw@r1.example/cardwise' }, cwd)).toThrow(/DATABASE_REPLICA_URLS needs DATABASE_URL/)
    expect(() => loadConfig({ ...primary, DATABASE_REPLICA_URLS: 'postgres://app:secretpw@r1.example/db,nope' }, cwd)).toThrow(
      /DATABASE_REPLICA_URLS must be a PostgreSQL URL .*\(got "nope"\)/,
    )
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', HOST: ' ', SMTP_URL: '', CONTACT_EMAIL: ' ', AUTH_SECRET: '', TRUST_PROXY: '', RATE_LIMIT_CONTACT: '' }, cwd)).toEqual(
      loadConfig({}, cwd),
    )
  })

  it('reads good values', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/cardwise',
        PUBLIC_URL: 'https://cards.example.org/',
        SMTP_URL: 'smtps://user:pass@mail.example.org:465',
        MAIL_FROM: 'Cards <cards@example.org>',
        CONTACT_EMAIL: ' team@example.org ',
        AUTH_SECRET: 's'.repeat(32),
        AUTH_TOKEN_TTL_SECONDS: '3600',
        BCRYPT_COST: '10',
        TRUST_PROXY: 'yes',
        LOG_REQUESTS: 'off',
        REALTIME_HEARTBEAT_SECONDS: '30',
        RATE_LIMIT_WINDOW_SECONDS: '120',
        RATE_LIMIT_LOGIN: '0',
        RATE_LIMIT_REGISTER: '3',
        RATE_LIMIT_EMAIL: '1',
        RATE_LIMIT_CONTACT: '2',
        RATE_LIMIT_IMPORT: '4',
        RATE_LIMIT_LOGIN_FAILURES_WINDOW_SECONDS: '600',
        RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '5',
        RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '7',
        RATE_LIMIT_CLASS_JOIN_FAILURES: '9',
        AUTO_VERIFY_ACCOUNTS: 'true',
        DB_SYNCHRONOUS: 'Normal',
        DB_PREPARED_STATEMENTS: 'false',
        DB_BUSY_TIMEOUT_MS: '250',
        BACKUP_INTERVAL_HOURS: '0',
        BACKUP_KEEP_DAYS: '30',
        IMPORT_MAX_PACKAGE_MB: '50',
        IMPORT_MAX_UNPACKED_MB: '200',
        IMPORT_MAX_ENTRIES: '500',
        IMPORT_MAX_NOTES: '400',
        IMPORT_TIMEOUT_SECONDS: '12',
        MEDIA_MAX_UPLOAD_MB: '2',
        MEDIA_QUOTA_MB: '50',
        MEDIA_MAX_AUDIO_SECONDS: '30',
        REMINDER_INTERVAL_SECONDS: '60',
      },
      cwd,
    )
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(cwd, 'var/cardwise'),
      publicUrl: 'https://cards.example.org',
      smtpUrl: 'smtps://user:pass@mail.example.org:465',
      mailFrom: 'Cards <cards@example.org>',
      contactEmail: 'team@example.org',
      authSecret: 's'.repeat(32),
      tokenTtlSeconds: 3600,
      bcryptCost: 10,
      trustProxy: true,
      logRequests: false,
      realtimeHeartbeatSeconds: 30,
      rateLimits: {
        windowSeconds: 120,
        login: 0,
        register: 3,
        email: 1,
        contact: 2,
        import: 4,
        loginFailuresWindowSeconds: 600,
        loginFailuresPerAccount: 5,
        loginFailuresPerAddress: 7,
        classJoinFailures: 9,
      },
      autoVerifyAccounts: true,
      dbSynchronous: 'normal',
      dbPreparedStatements: false,
      dbBusyTimeoutMs: 250,
      databaseReplicaUrls: [],
      databaseReplicaMaxLagSeconds: 5,
      backupIntervalHours: 0,
      backupKeepDays: 30,
      imports: {
        maxPackageBytes: 50 * 1024 * 1024,
        maxUncompressedBytes: 200 * 1024 * 1024,
        maxEntries: 500,
        maxNotes: 400,
        timeoutMs: 12_000,
      },
      mediaMaxUploadBytes: 2 * 1024 * 1024,
      mediaQuotaBytes: 50 * 1024 * 1024,
      mediaMaxAudioMs: 30_000,
      reminderIntervalSeconds: 60,
      databaseUrl: undefined,
      webConcurrency: 1,
    })
  })

  it('takes a PostgreSQL DATABASE_URL and WEB_CONCURRENCY, and then requires AUTH_SECRET', () => {
    const secret = 'x'.repeat(32)
    const config = loadConfig({ DATABASE_URL: 'postgres://app:pw@db.example:5432/cardwise', AUTH_SECRET: secret, WEB_CONCURRENCY: '4' }, cwd)
    expect(config.databaseUrl).toBe('postgres://app:pw@db.example:5432/cardwise')
    expect(config.webConcurrency).toBe(4)
    expect(() => loadConfig({ DATABASE_URL: 'postgres://app:pw@db.example/cardwise' }, cwd)).toThrow(/AUTH_SECRET is required when DATABASE_URL is set/)
  })

  it('names DATABASE_URL when it is not a PostgreSQL URL, without echoing its password', () => {
    for (const value of ['mysql://u:secretpw@h/db', 'not a url', 'postgres://']) {
      let message = ''
      try {
        loadConfig({ DATABASE_URL: value, AUTH_SECRET: 'x'.repeat(32) }, cwd)
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError)
        message = (error as Error).message
      }
      expect(message).toMatch(/DATABASE_URL must be a PostgreSQL URL/)
      expect(message).not.toContain('secretpw')
    }
  })

  it('derives the public URL from the port when PUBLIC_URL is unset', () => {
    expect(loadConfig({ PORT: '4321' }, cwd).publicUrl).toBe('http://localhost:4321')
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['BCRYPT_COST', '5'],
    ['BCRYPT_COST', '16'],
    ['SMTP_URL', 'http://x'],
    ['SMTP_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://example.org'],
    ['MAIL_FROM', 'nobody'],
    ['AUTH_SECRET', 'too-short'],
    ['AUTH_TOKEN_TTL_SECONDS', '10'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_REQUESTS', 'sometimes'],
    ['REALTIME_HEARTBEAT_SECONDS', '31'],
    ['RATE_LIMIT_WINDOW_SECONDS', '0'],
    ['RATE_LIMIT_LOGIN_FAILURES_WINDOW_SECONDS', '0'],
    ['RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT', '-1'],
    ['DB_SYNCHRONOUS', 'off'],
    ['DB_BUSY_TIMEOUT_MS', '-1'],
    ['DB_PREPARED_STATEMENTS', 'maybe'],
    ['DATABASE_REPLICA_URLS', 'mysql://replica/cardwise'],
    ['DATABASE_REPLICA_MAX_LAG_SECONDS', '-1'],
    ['BACKUP_INTERVAL_HOURS', '-1'],
    ['BACKUP_KEEP_DAYS', '0'],
    ['RATE_LIMIT_LOGIN', '-1'],
    ['CONTACT_EMAIL', 'team'],
    ['CONTACT_EMAIL', 'team@'],
    ['CONTACT_EMAIL', 'Team <team@example.org>'],
    ['RATE_LIMIT_CONTACT', '-1'],
    ['RATE_LIMIT_CONTACT', 'five'],
    ['RATE_LIMIT_CONTACT', '2.5'],
  ])('%s=%s throws a ConfigError naming the variable', (name, value) => {
    const load = () => loadConfig({ [name]: value }, cwd)
    expect(load).toThrow(ConfigError)
    expect(load).toThrow(name)
  })

  it('names every bad variable at once', () => {
    const load = () => loadConfig({ PORT: 'abc', BCRYPT_COST: '5', TRUST_PROXY: 'maybe' }, cwd)
    expect(load).toThrow(/PORT[\s\S]*BCRYPT_COST[\s\S]*TRUST_PROXY/)
  })

  it('never repeats the credentials of a bad URL', () => {
    const load = () => loadConfig({ SMTP_URL: 'smtp://mailer:hunter2@[bad host' }, cwd)
    expect(load).toThrow('SMTP_URL')
    expect(load).not.toThrow('hunter2')
  })
})

describe('resolveAuthSecret', () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cardwise-config-'))
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  const configIn = (dataDir: string, env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env }, root)

  it('generates a secret once in the data folder and returns the same one next time', () => {
    const dataDir = path.join(root, 'not-yet-created')
    const first = resolveAuthSecret(configIn(dataDir))
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32)

    const file = path.join(dataDir, AUTH_SECRET_FILE)
    expect(readFileSync(file, 'utf8').trim()).toBe(first.authSecret)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)

    const second = resolveAuthSecret(configIn(dataDir))
    expect(second.authSecret).toBe(first.authSecret)
  })

  it('gives each data folder its own secret', () => {
    const one = resolveAuthSecret(configIn(path.join(root, 'one')))
    const two = resolveAuthSecret(configIn(path.join(root, 'two')))
    expect(one.authSecret).not.toBe(two.authSecret)
  })

  it('uses AUTH_SECRET when set, and writes nothing', () => {
    const dataDir = path.join(root, 'data')
    const secret = 'an-explicit-secret-of-enough-length-42'
    expect(resolveAuthSecret(configIn(dataDir, { AUTH_SECRET: secret })).authSecret).toBe(secret)
    expect(existsSync(path.join(dataDir, AUTH_SECRET_FILE))).toBe(false)
  })

  it('refuses a saved secret that is too short', () => {
    const dataDir = path.join(root, 'data')
    resolveAuthSecret(configIn(dataDir))
    writeFileSync(path.join(dataDir, AUTH_SECRET_FILE), 'short\n')
    expect(() => resolveAuthSecret(configIn(dataDir))).toThrow(ConfigError)
  })
})
