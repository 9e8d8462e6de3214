import type { Kysely } from 'kysely'
import type { Clock } from './clock'
import type { ApiConfig } from './config'
import type { ReplicaRouting } from './db/replica'
import type { Database } from './db/schema'
import type { ApiMetrics } from './metrics/metrics'
import type { ObjectStore } from './storage'

/** What every module's routes and services are given: no globals. */
export interface AppDeps {
  db: Kysely<Database>
  clock: Clock
  config: ApiConfig
  /** Where the bytes of images and EPUB files are kept and read (storage/: the database or an S3 bucket). */
  objects: ObjectStore
  /** With a read replica: told when a write changed what stale-tolerant reads serve (cluster/invalidation.ts). */
  replica?: ReplicaRouting
  /** The Prometheus series (metrics/metrics.ts); absent when KOMA_METRICS=0 (buildApp makes one otherwise). */
  metrics?: ApiMetrics
}
