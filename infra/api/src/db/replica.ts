import { AsyncLocalStorage } from 'node:async_hooks'
import type { DatabaseConnection, Dialect, Driver, Kysely, TransactionSettings } from 'kysely'

/**
 * A PostgreSQL read replica for the reads that may be a little stale (issue 18): the shared
 * answers every reader sees alike (home, menu lists, signed-out title pages, the sitemap) and the
 * search index, all cached for seconds anyway. They run inside `readMayBeStale`; everything
 * else (a reader's own data, money, every write and transaction) stays on the primary.
 *
 * Routing is a Kysely dialect over two pools: a connection is taken from the replica only inside
 * `readMayBeStale` and only while no write has just changed those answers (`holdPrimary`, called
 * by every cache invalidation on every process), so an edit is never read back from a replica
 * that has not caught up yet.
 */
const staleScope = new AsyncLocalStorage<true>()

/** Run reads that may be served from the replica (read-only work: a replica refuses writes). */
export function readMayBeStale<T>(work: () => Promise<T>): Promise<T> {
  return staleScope.run(true, work)
}

/** After a change, how long even stale-tolerant reads go to the primary (a replica's lag, with margin). */
export const REPLICA_LAG_GRACE_MS = 5_000

export class ReplicaRouting {
  private primaryUntil = 0

  constructor(private readonly now: () => number = Date.now) {}

  /** Send every read to the primary for `ms` (a write changed what the replica may not have yet). */
  holdPrimary(ms = REPLICA_LAG_GRACE_MS): void {
    this.primaryUntil = Math.max(this.primaryUntil, this.now() + ms)
  }

  /** Whether the query being started now may go to the replica. */
  toReplica(): boolean {
    return staleScope.getStore() === true && this.now() >= this.primaryUntil
  }
}

class RoutingDriver implements Driver {
  private readonly owners = new WeakMap<DatabaseConnection, Driver>()

  constructor(
    private readonly primary: Driver,
    private readonly replica: Driver,
    private readonly routing: ReplicaRouting,
  ) {}

  private owner(connection: DatabaseConnection): Driver {
    return this.owners.get(connection) ?? this.primary
  }

  async init(): Promise<void> {
    await Promise.all([this.primary.init(), this.replica.init()])
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const driver = this.routing.toReplica() ? this.replica : this.primary
    const connection = await driver.acquireConnection()
    this.owners.set(connection, driver)
    return connection
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.owner(connection).beginTransaction(connection, settings)
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.owner(connection).commitTransaction(connection)
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.owner(connection).rollbackTransaction(connection)
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const driver = this.owner(connection)
    this.owners.delete(connection)
    await driver.releaseConnection(connection)
  }

  async destroy(): Promise<void> {
    await Promise.all([this.primary.destroy(), this.replica.destroy()])
  }
}

/** The primary's dialect, with stale-tolerant reads routed to the replica's. */
export class ReplicaDialect implements Dialect {
  constructor(
    private readonly primary: Dialect,
    private readonly replica: Dialect,
    readonly routing: ReplicaRouting,
  ) {}

  createDriver(): Driver {
    return new RoutingDriver(this.primary.createDriver(), this.replica.createDriver(), this.routing)
  }

  createQueryCompiler() {
    return this.primary.createQueryCompiler()
  }

  createAdapter() {
    return this.primary.createAdapter()
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>) {
    return this.primary.createIntrospector(db)
  }
}
