import type * as Sdk from '@aws-sdk/client-s3'
import { hashOfKey, keyOf, mapLimit, ObjectStoreUnavailableError, rowBytes, sha256Of, type ObjectStore } from './objects'

/** KOMA_OBJECT_STORE=s3: an S3-compatible store (AWS S3, MinIO, Cloudflare R2, Ceph, …). */
export interface S3StoreConfig {
  /** S3_ENDPOINT: the store's URL (MinIO, R2, …), addressed path-style; null for AWS S3 itself. */
  endpoint: string | null
  /** S3_BUCKET: a private bucket; nothing in it is ever handed to readers. */
  bucket: string
  /** S3_REGION (default us-east-1; R2 takes "auto"). */
  region: string
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; null: the SDK's own chain (AWS_* variables, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null
  timeouts: ObjectStoreTimeouts
}

/**
 * How long a call to the store may take before it fails (limits.ts OBJECT_STORE_TIMEOUTS): a store
 * that is down or silent costs a reader a few seconds and SPEC §8's "data could not be obtained",
 * never a request that hangs.
 */
export interface ObjectStoreTimeouts {
  /** Opening a connection. */
  connectMs: number
  /** From sending a request to the answer's first byte. */
  requestMs: number
  /** Silence in the middle of an answer (a large EPUB keeps arriving: each pause is bounded, not the whole). */
  idleMs: number
  /** Tries of one call (the SDK's backoff between them), 1 = no retry. */
  attempts: number
}

/**
 * The store answers an upload once it has the whole body: its first-byte time grows by a second
 * per megabyte sent (a 64 MB EPUB on a slow link is not a silent store; `idleMs` still cuts one
 * that stops reading).
 */
export const uploadTimeoutMs = (timeouts: ObjectStoreTimeouts, bytes: number): number => timeouts.requestMs + Math.ceil(bytes / 1_000_000) * 1000

const describeS3 = (config: S3StoreConfig): string => `s3://${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`

/** A short reason for a log line: the SDK's error name and status, or the network code. */
function reason(error: unknown): string {
  if (!error || typeof error !== 'object') return String(error)
  const { name, code, message, $metadata } = error as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } }
  const status = $metadata?.httpStatusCode ? ` (HTTP ${$metadata.httpStatusCode})` : ''
  return `${code ?? name ?? 'Error'}${status}: ${message ?? ''}`.trim()
}

/** The SDK is loaded on first use: a site that keeps its bytes in the database never loads it. */
let sdk: Promise<typeof Sdk> | null = null
const loadSdk = (): Promise<typeof Sdk> => (sdk ??= import('@aws-sdk/client-s3'))

function clientOf(S3: typeof Sdk, config: S3StoreConfig): Sdk.S3Client {
  return new S3.S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    maxAttempts: config.timeouts.attempts,
    // Checksums only where the protocol needs them: stores other than AWS (older MinIO, R2, Ceph)
    // refuse the newer checksum headers; the content hash is checked on every read instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: config.timeouts.connectMs,
      requestTimeout: config.timeouts.requestMs,
      throwOnRequestTimeout: true,
      socketTimeout: config.timeouts.idleMs,
    },
  })
}

/** One client, made on first use; `close` lets it go (a later call makes another). */
function lazyConnection(config: S3StoreConfig): { connection: () => Promise<{ S3: typeof Sdk; client: Sdk.S3Client }>; close: () => Promise<void> } {
  let made: Promise<{ S3: typeof Sdk; client: Sdk.S3Client }> | null = null
  return {
    connection: () => (made ??= loadSdk().then((S3) => ({ S3, client: clientOf(S3, config) }))),
    close: async () => {
      if (made) (await made.catch(() => null))?.client.destroy()
      made = null
    },
  }
}

export function s3Store(config: S3StoreConfig): ObjectStore {
  const describe = describeS3(config)
  const { connection, close } = lazyConnection(config)

  return {
    kind: 's3',
    describe,
    async put(bytes) {
      const sha256 = sha256Of(bytes)
      const key = keyOf(sha256)
      try {
        // The same bytes are the same key: putting them again replaces an object with itself.
        const { S3, client } = await connection()
        await client.send(new S3.PutObjectCommand({ Bucket: config.bucket, Key: key, Body: bytes, ContentType: 'application/octet-stream' }), {
          requestTimeout: uploadTimeoutMs(config.timeouts, bytes.byteLength),
        })
      } catch (error) {
        throw new ObjectStoreUnavailableError(`could not store ${key} in ${describe}: ${reason(error)}`, { cause: error })
      }
      return { sha256, bytes: null, storage_key: key }
    },
    async get(row) {
      const own = rowBytes(row)
      if (own) return own
      const key = row.storage_key
      if (!key) throw new ObjectStoreUnavailableError('a row with neither bytes nor a storage key')
      let body: Buffer
      try {
        const { S3, client } = await connection()
        const answer = await client.send(new S3.GetObjectCommand({ Bucket: config.bucket, Key: key }))
        if (!answer.Body) throw new Error('an answer without a body')
        body = Buffer.from(await answer.Body.transformToByteArray())
      } catch (error) {
        throw new ObjectStoreUnavailableError(`could not read ${key} from ${describe}: ${reason(error)}`, { cause: error })
      }
      // Keys are content hashes: an object that does not match its key is never served.
      const expected = hashOfKey(key)
      if (expected && sha256Of(body) !== expected) throw new ObjectStoreUnavailableError(`${key} in ${describe} does not hold the bytes its hash names`)
      return body
    },
    close,
  }
}

/** An object a bucket listing names. */
export interface ListedObject {
  key: string
  /** When it was last written (a put of the same bytes writes it again). */
  modified: Date
  size: number
}

/**
 * The bucket as the maintenance command sees it (`npm run objects -- --collect`, collect.ts):
 * listing, copying and deleting objects. The API never calls these: it only puts and gets.
 */
export interface Bucket {
  readonly describe: string
  /** Every object under a prefix, a page (up to 1,000) at a time, in key order. */
  list(prefix: string): AsyncGenerator<ListedObject[]>
  /** When an object was last written, or null when there is none. */
  modified(key: string): Promise<Date | null>
  copy(from: string, to: string): Promise<void>
  /** Delete objects (a key that is already gone is not an error). */
  remove(keys: string[]): Promise<void>
  close(): Promise<void>
}

export function s3Bucket(config: S3StoreConfig): Bucket {
  const describe = describeS3(config)
  const { connection, close } = lazyConnection(config)
  const failed = (what: string, error: unknown) => new ObjectStoreUnavailableError(`could not ${what} in ${describe}: ${reason(error)}`, { cause: error })
  return {
    describe,
    async *list(prefix) {
      let token: string | undefined
      do {
        let page: Sdk.ListObjectsV2CommandOutput
        try {
          const { S3, client } = await connection()
          page = await client.send(new S3.ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }))
        } catch (error) {
          throw failed(`list ${prefix}`, error)
        }
        const objects = (page.Contents ?? []).flatMap((item) =>
          item.Key && item.LastModified ? [{ key: item.Key, modified: item.LastModified, size: item.Size ?? 0 }] : [],
        )
        if (objects.length) yield objects
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },
    async modified(key) {
      try {
        const { S3, client } = await connection()
        const head = await client.send(new S3.HeadObjectCommand({ Bucket: config.bucket, Key: key }))
        return head.LastModified ?? null
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null
        throw failed(`read ${key}`, error)
      }
    },
    async copy(from, to) {
      try {
        const { S3, client } = await connection()
        await client.send(new S3.CopyObjectCommand({ Bucket: config.bucket, CopySource: `${config.bucket}/${from}`, Key: to }))
      } catch (error) {
        throw failed(`copy ${from} to ${to}`, error)
      }
    },
    async remove(keys) {
      // One DeleteObject per key (DeleteObjects needs checksum headers some stores refuse), a few at a time.
      await mapLimit(keys, 8, async (key) => {
        try {
          const { S3, client } = await connection()
          await client.send(new S3.DeleteObjectCommand({ Bucket: config.bucket, Key: key }))
        } catch (error) {
          throw failed(`delete ${key}`, error)
        }
      })
    },
    close,
  }
}
