import { databaseStore, type ObjectStore } from './objects'
import { s3Store, type S3StoreConfig } from './s3'

export * from './objects'

/** KOMA_OBJECT_STORE: 'database' (the default: bytes in their rows) or 's3' with its settings. */
export type ObjectStoreConfig = { kind: 'database' } | ({ kind: 's3' } & S3StoreConfig)

/** The store a configuration names. */
export function objectStoreOf(config: ObjectStoreConfig): ObjectStore {
  if (config.kind === 'database') return databaseStore
  const { kind: _kind, ...s3 } = config
  return s3Store(s3)
}
