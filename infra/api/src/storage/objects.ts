import { createHash } from 'node:crypto'

/**
 * Where the bytes of images and EPUB files live (issue 18): the two calls the API makes, "store
 * these bytes" and "read these bytes", keyed by the content's SHA-256. Two implementations:
 *
 *   database (the embedded default): the bytes stay in the row (`images.bytes`, `epub_files.bytes`);
 *   s3 (KOMA_OBJECT_STORE=s3): the bytes go to a private bucket of an S3-compatible store and
 *        the row keeps only their key (`storage_key`); see s3.ts.
 *
 * The rows (metadata, access, hashes) stay in the database either way: who may read what is still
 * decided by the API, which reads the bytes and serves them; readers never see the store.
 * A row holds its bytes or a key, never both (migration 0610); a site moves its rows from one to
 * the other with `npm run objects -- --to-store` or `--to-database` (move.ts), and reads work
 * throughout; `--collect` removes objects no row names any more (collect.ts).
 */
export interface ObjectStore {
  readonly kind: 'database' | 's3'
  /** Where the bytes go, for messages (e.g. "the database", "s3://koma-media at https://…"). */
  readonly describe: string
  /**
   * Keep these bytes (by their hash: the same bytes twice are one object); answers the columns a
   * row stores. Resolves only once the bytes are safely kept, so a row written after it never
   * points at a missing object.
   */
  put(bytes: Uint8Array): Promise<StoredBytes>
  /** The bytes a row's columns stand for: its own bytes, or the object its key names. */
  get(row: StoredColumns): Promise<Buffer>
  /** Let go of connections (a command or test that is done). */
  close(): Promise<void>
}

/** The storage columns of an `images` or `epub_files` row. */
export interface StoredColumns {
  bytes: Buffer | Uint8Array | null
  storage_key: string | null
}

/** What `put` answers: the columns to write in the row, with the content's hash. */
export interface StoredBytes {
  sha256: string
  bytes: Buffer | null
  storage_key: string | null
}

/**
 * The store could not answer (down, too slow, refusing our credentials, or missing an object a
 * row names). The API answers it as SPEC §8's "data could not be obtained" with a Retry-After,
 * like a database out of reach (app.ts), never as an undefined error.
 */
export class ObjectStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ObjectStoreUnavailableError'
  }
}

export const isObjectStoreUnavailable = (error: unknown): error is ObjectStoreUnavailableError => error instanceof ObjectStoreUnavailableError

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** The key of an object: its content hash (so a key never names two different contents). */
export const keyOf = (sha256: string): string => `sha256/${sha256}`

/** The hash a key names, or null for a key of another shape. */
export const hashOfKey = (key: string): string | null => /^sha256\/([0-9a-f]{64})$/.exec(key)?.[1] ?? null

/** A row's own bytes, when it has them. */
export function rowBytes(row: StoredColumns): Buffer | null {
  if (row.bytes === null) return null
  return Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes)
}

/** The embedded default: the bytes are the row's own column. */
export const databaseStore: ObjectStore = {
  kind: 'database',
  describe: 'the database',
  put: async (bytes) => ({ sha256: sha256Of(bytes), bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), storage_key: null }),
  get: async (row) => {
    const own = rowBytes(row)
    if (own) return own
    // A row moved to a store, read by a process configured without it.
    throw new ObjectStoreUnavailableError(`object ${row.storage_key} is in an object store, but KOMA_OBJECT_STORE is not set to it`)
  },
  close: async () => {},
}

/**
 * `fn` over every item, at most `concurrency` at a time, answering in the order given; the first
 * failure stops new items from starting and is thrown.
 */
export async function mapLimit<T, R>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  let failed = false
  const worker = async () => {
    while (next < items.length && !failed) {
      const index = next++
      try {
        results[index] = await fn(items[index]!, index)
      } catch (error) {
        failed = true // the other workers stop taking new items
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return results
}

/**
 * Store many (the seed, the move command) a few at a time, answering in the order given: a store
 * reached over the network is slow one by one, and unbounded it would open a connection per file.
 */
export const putAll = (objects: ObjectStore, items: Uint8Array[], concurrency = 8): Promise<StoredBytes[]> =>
  mapLimit(items, concurrency, (bytes) => objects.put(bytes))
