import { AsyncLocalStorage } from 'node:async_hooks'
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely'
import type pg from 'pg'

/**
 * Read replicas (DATABASE_REPLICA_URLS). A request marked for replica reads (`withReplicaReads`:
 * GET requests of callers who wrote nothing in the last moments) sends its plain reads outside
 * transactions to a replica that is up and within the lag limit; everything else (writes,
 * transactions, row locks, and reads when no replica qualifies or one fails) goes to the primary.
 * The features need not know: the routing sits under Kysely, in the driver.
 */
const replicaReads = new AsyncLocalStorage<true>()

/** Runs `work` with its plain reads allowed on a replica. */
export function withReplicaReads<T>(work: () => Promise<T>): Promise<T> {
  return replicaReads.run(true, work)
}

/** How often each replica's state (reachable, lag) is checked. */
const CHECK_INTERVAL_MS = 1000
const CHECK_TIMEOUT_MS = 1000

/** A replica's lag in seconds: 0 when it has replayed all it received, else the age of the last transaction it replayed. */
const LAG_QUERY = `select case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0) end::float8 as lag`

export interface Replica {
  url: string
  pool: pg.Pool
  driver: Driver
  usable: boolean
}

/** A plain read: a SELECT (or a WITH that writes nothing) that locks no row. */
export function isPlainRead(query: CompiledQuery): boolean {
  const text = query.sql
  if (/\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(text)) return false
  if (/^\s*select\b/i.test(text)) return true
  return /^\s*with\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text)
}

export class ReplicaSet {
  private next = 0
  private timer: NodeJS.Timeout | undefined

  constructor(
    readonly replicas: Replica[],
    private readonly maxLagSeconds: number,
  ) {}

  /** Checks every replica now, then every second in the background. */
  async start(): Promise<void> {
    await this.check()
    this.timer = setInterval(() => void this.check(), CHECK_INTERVAL_MS)
    this.timer.unref()
  }

  async check(): Promise<void> {
    await Promise.all(this.replicas.map(async (replica) => (replica.usable = await this.usable(replica))))
  }

  private async usable(replica: Replica): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)
    })
    const lag = replica.pool.query<{ lag: number }>(LAG_QUERY).then(
      (result) => (result.rows[0]?.lag ?? Number.POSITIVE_INFINITY) <= this.maxLagSeconds,
      () => false,
    )
    try {
      return await Promise.race([lag, timedOut])
    } finally {
      clearTimeout(timer)
    }
  }

  /** The next usable replica in turn, or undefined (then the primary reads). */
  pick(): Replica | undefined {
    for (let tried = 0; tried < this.replicas.length; tried += 1) {
      const replica = this.replicas[this.next++ % this.replicas.length]
      if (replica?.usable) return replica
    }
    return undefined
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    await Promise.all(this.replicas.map((replica) => replica.driver.destroy()))
  }
}

/** One request's connection: the primary's, taken only when a statement needs it. */
class RoutedConnection implements DatabaseConnection {
  primary: DatabaseConnection | undefined
  inTransaction = false

  constructor(
    private readonly driver: RoutingDriver,
    private readonly replicas: ReplicaSet,
  ) {}

  async onPrimary(): Promise<DatabaseConnection> {
    this.primary ??= await this.driver.primary.acquireConnection()
    return this.primary
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const replica = !this.inTransaction && replicaReads.getStore() && isPlainRead(query) ? this.replicas.pick() : undefined
    if (replica) {
      try {
        return await onReplica<R>(replica, query)
      } catch (error) {
        // The primary answers instead (a read is safe to repeat; a query that is wrong fails there
        // too). A replica that cannot be reached is left out until its next check says otherwise.
        if (isConnectionFailure(error)) replica.usable = false
      }
    }
    return (await this.onPrimary()).executeQuery<R>(query)
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.onPrimary()).streamQuery<R>(query, chunkSize)
  }
}

async function onReplica<R>(replica: Replica, query: CompiledQuery): Promise<QueryResult<R>> {
  const connection = await replica.driver.acquireConnection()
  try {
    return await connection.executeQuery<R>(query)
  } finally {
    await replica.driver.releaseConnection(connection)
  }
}

/** Errors of reaching the replica, as opposed to a query it refused (a PostgreSQL error code outside classes 08 and 57). */
function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code
  const refused = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('57') && !code.startsWith('08')
  return !refused
}

/** Kysely's driver for a primary with replicas: transactions and writes on the primary, plain reads routed. */
export class RoutingDriver implements Driver {
  constructor(
    readonly primary: Driver,
    private readonly replicas: ReplicaSet,
  ) {}

  async init(): Promise<void> {
    await this.primary.init()
    await Promise.all(this.replicas.replicas.map((replica) => replica.driver.init()))
    await this.replicas.start()
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this, this.replicas)
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const routed = connection as RoutedConnection
    routed.inTransaction = true
    await this.primary.beginTransaction(await routed.onPrimary(), settings)
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection
    await this.primary.commitTransaction(await routed.onPrimary())
    routed.inTransaction = false
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection
    await this.primary.rollbackTransaction(await routed.onPrimary())
    routed.inTransaction = false
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection
    if (routed.primary) await this.primary.releaseConnection(routed.primary)
    routed.primary = undefined
  }

  async destroy(): Promise<void> {
    await this.replicas.close()
    await this.primary.destroy()
  }
}
