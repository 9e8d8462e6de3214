import type { Kysely } from 'kysely'
import type { Clock } from './clock'
import type { ApiConfig } from './config'
import type { ReplicaRouting } from './db/replica'
import type { Database } from './db/schema'

/** What every module's routes and services are given: no globals. */
export interface AppDeps {
  db: Kysely<Database>
  clock: Clock
  config: ApiConfig
  /** With a read replica: told when a write changed what stale-tolerant reads serve (cluster/invalidation.ts). */
  replica?: ReplicaRouting
}
