import { HEADERS, requestChecksum, type BodyOf, type Endpoint, type Locale, type ParamsOf, type QueryOf } from '@koma/contracts/server'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { Kysely } from 'kysely'
import { buildApp } from '../app'
import { startCacheBus, type CacheBus } from '../cluster/cacheBus'
import { createClock, type Clock } from '../clock'
import { loadConfig, type ApiConfig } from '../config'
import { connect, type DatabaseHandle, type JobsConnection } from '../db/connect'
import type { AppDeps } from '../deps'
import type { Database } from '../db/schema'
import { API_PREFIX } from '../http/route'
import { readOutbox, type Mail } from '../modules/mail/mailer'
import { objectStoreOf } from '../storage'
import { clusterTestLane, postgresAdminUrl, testLane, withDatabase } from './lane'
import { pgliteTemplatePath, postgresTemplateName } from './template'

export interface CallOptions {
  body?: Record<string, string | string[]>
  query?: Record<string, string>
  cookies?: Record<string, string>
  headers?: Record<string, string>
  locale?: Locale
  /** Leave out the SPEC §7 signature (to test its refusal). */
  unsigned?: boolean
  ip?: string
  /** A raw body (uploads) instead of the form: bytes (content type from `headers`, else octet-stream), or bytes with their type. */
  raw?: Buffer | { payload: Buffer | string; type: string }
}

/** Path parameters as a test gives them: ids may be numbers; closed sets (content type) stay checked. */
export type TestParams<P> = { [K in keyof P]: string extends P[K] ? string | number : P[K] }
/** A query as a test gives it: the table's names, any value (the API must cope with bad ones). */
export type TestQuery<Q> = { [K in keyof Q]?: string | number }
/** A form body as a test gives it: the table's field names (TypeScript refuses others), string values. */
export type TestBody<B> = { [K in keyof B]?: string | string[] }

/** The options argument of a table call: required only when the endpoint has path params. */
export type OptionalIfNoParams<E extends Endpoint<unknown, unknown, unknown, unknown>> =
  NoParams<ParamsOf<E>> extends true ? [options?: EndpointCallOptions<E>] : [options: EndpointCallOptions<E>]

type NoParams<P> = keyof P extends never ? true : string extends keyof P ? true : false

/** A call through the endpoint table: the table's params, query and body, checked by TypeScript. */
export type EndpointCallOptions<E extends Endpoint<unknown, unknown, unknown, unknown>> = Omit<CallOptions, 'query' | 'body'> & {
  query?: TestQuery<QueryOf<E>>
  body?: TestBody<BodyOf<E>>
} & (NoParams<ParamsOf<E>> extends true ? { params?: undefined } : { params: TestParams<ParamsOf<E>> })

/** `/api` + an endpoint path with its params filled (each URL-encoded; `*`, a file path, verbatim). */
export function apiPath(path: string, params: Record<string, string | number | undefined> = {}): string {
  return (
    API_PREFIX +
    path.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
      const value = params[name ?? '*']
      if (value === undefined) throw new Error(`no value for ${whole} in ${path}`)
      return name ? encodeURIComponent(String(value)) : String(value)
    })
  )
}

/** The URL of a table endpoint, its params checked against the table. */
export function urlOf<E extends Endpoint<unknown, unknown, unknown, unknown>>(
  endpoint: E,
  ...[params]: NoParams<ParamsOf<E>> extends true ? [] : [TestParams<ParamsOf<E>>]
): string {
  return apiPath(endpoint.path, params as Record<string, string | number> | undefined)
}

/** The (method, URL, options) of a table call, ready for the raw `call`. */
export function requestOf<E extends Endpoint<unknown, unknown, unknown, unknown>>(
  endpoint: E,
  options: EndpointCallOptions<E> = {} as EndpointCallOptions<E>,
): [Endpoint['method'], string, CallOptions] {
  const { params, query, body, ...rest } = options as CallOptions & { params?: Record<string, string | number>; query?: Record<string, string | number> }
  const url = (urlOf as (endpoint: E, params?: Record<string, string | number>) => string)(endpoint, params)
  const stringQuery = query ? Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])) : undefined
  return [endpoint.method, url, { ...rest, ...(stringQuery ? { query: stringQuery } : {}), ...(body ? { body } : {}) }]
}

export interface TestApp {
  app: FastifyInstance
  db: Kysely<Database>
  clock: Clock
  /** What the app's routes were given (services can be called with it directly). */
  deps: AppDeps
  /** How the job queue reaches this app's database (modules/notify/jobs.ts). */
  jobsConnection: JobsConnection
  lane: 'pglite' | 'postgres'
  /** PostgreSQL lane: the URL of this app's database (another app can share it: `sameDatabaseAs`). */
  databaseUrl?: string
  /**
   * How many API instances answer `call`: 2 in the two-instance lane (KOMA_TEST_CLUSTER=1), where
   * calls take turns over them; `app`, `deps` and `routes` are the first one's.
   */
  instances: number
  /** With `readReplica`: the replica's URL. */
  replicaUrl?: string
  /** PGlite lane: the database as a data-folder tarball (to start a real API process on a copy of it). */
  dumpDataDir?: () => Promise<Blob>
  /** This app's DATA_DIR (a temporary folder): its mail outbox lives there. */
  dataDir: string
  /** Every route the API registered (method and URL; HEAD twins of GET routes included). */
  routes: { method: string; url: string }[]
  /** Mails the API sent, oldest first (the local outbox of the mail interface). */
  outbox(): (Mail & { sentAt: string })[]
  /**
   * Call the API like the browser does: signed headers, form-encoded body. Name the endpoint of
   * the table (params, query and body checked against it); a raw method and URL only for what the
   * table cannot say (malformed paths and ids, routes outside the table).
   */
  call<E extends Endpoint<unknown, unknown, unknown, unknown>>(endpoint: E, ...options: OptionalIfNoParams<E>): Promise<LightMyRequestResponse>
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options?: CallOptions): Promise<LightMyRequestResponse>
  /** A raw request (no signature or test headers of its own), taking its turn over the instances like `call`. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export interface TestAppOptions {
  /** Change the configuration, e.g. lower the abuse limits (limits.ts) instead of waiting for them. */
  configure?: (config: ApiConfig) => ApiConfig
  /**
   * PostgreSQL lane only: a second API process on the first one's database (issue 18), with its
   * own caches and clock. The first app drops the database; close this one before it.
   */
  sameDatabaseAs?: TestApp
  /**
   * PostgreSQL lane only: a second copy of the seeded database as this app's read replica
   * (db/replica.ts); `replicaUrl` names it so a test can make it differ from the primary.
   */
  readReplica?: boolean
  /**
   * PostgreSQL lane only: the superuser URL of the server to create this app's database on (its
   * template is built there the first time); the shared test server (postgresAdminUrl) by default.
   * The fault test gives its private server (privatePostgres.ts), which it restarts.
   */
  postgresServer?: string
  /**
   * The two-instance lane (KOMA_TEST_CLUSTER=1) gives every app a twin on its database; `false`
   * for a test that builds its own processes (the cache bus test) or is about one instance's
   * identity (the health check names its instance).
   */
  twin?: boolean
}

/** The site origin test APIs are configured with (KOMA_PUBLIC_URL): mailed links and OAuth redirect URIs use it. */
export const TEST_PUBLIC_URL = 'http://127.0.0.1:8150'

/** One API instance of a test app: its own app, caches, limits client and database pool. */
interface Instance {
  app: FastifyInstance
  deps: AppDeps
  routes: TestApp['routes']
  bus: CacheBus | null
  close(): Promise<void>
}

/** Build one API on a database handle; a failed build closes what it opened. */
async function startInstance(handle: DatabaseHandle, config: ApiConfig, clock: Clock, options: { bus?: string } = {}): Promise<Instance> {
  const routes: TestApp['routes'] = []
  const objects = objectStoreOf(config.objectStore)
  const deps: AppDeps = { db: handle.db, clock, config, objects, ...(handle.replica ? { replica: handle.replica } : {}) }
  let app: FastifyInstance
  try {
    app = await buildApp(deps, { onRoute: (route) => routes.push(...[route.method].flat().map((method) => ({ method, url: route.url }))) })
    await app.ready()
  } catch (error) {
    await objects.close()
    throw error
  }
  const bus = options.bus ? startCacheBus(deps, options.bus) : null
  await bus?.ready
  return {
    app,
    deps,
    routes,
    bus,
    close: async () => {
      await bus?.close()
      await app.close()
      await objects.close()
    },
  }
}

/** A fresh API on its own copy of the seeded database (PGlite or PostgreSQL per the test lane). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const lane = testLane()
  let handle: DatabaseHandle
  let dropDatabase: (() => Promise<void>) | null = null
  let databaseUrl: string | undefined
  let replicaUrl: string | undefined
  if (options.readReplica && lane !== 'postgres') throw new Error('readReplica needs the PostgreSQL lane (KOMA_TEST_DB=postgres)')
  if (options.sameDatabaseAs) {
    if (lane !== 'postgres' || !options.sameDatabaseAs.databaseUrl) throw new Error('sameDatabaseAs needs the PostgreSQL lane (KOMA_TEST_DB=postgres)')
    databaseUrl = options.sameDatabaseAs.databaseUrl
    handle = await connect({ databaseUrl, poolSize: 12 })
  } else if (lane === 'postgres') {
    const server = options.postgresServer ?? postgresAdminUrl()
    const template = await postgresTemplateName(server)
    const names = [`koma_t_${randomBytes(6).toString('hex')}`, ...(options.readReplica ? [`koma_t_${randomBytes(6).toString('hex')}_r`] : [])]
    const admin = new pg.Client({ connectionString: server })
    await admin.connect()
    for (const name of names) await admin.query(`create database ${name} template ${template}`)
    await admin.end()
    databaseUrl = withDatabase(server, names[0]!)
    replicaUrl = names[1] ? withDatabase(server, names[1]) : undefined
    handle = await connect({ databaseUrl, poolSize: 12, readUrl: replicaUrl })
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: server })
      await cleanup.connect()
      for (const name of names) await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    }
  } else {
    const dump = fs.readFileSync(await pgliteTemplatePath())
    handle = await connect({ dataDir: ':memory:', loadDataDir: new Blob([dump]) })
  }
  // The two-instance lane (KOMA_TEST_CLUSTER=1): a twin API on the same database, unless the test builds its own processes.
  const twinned = clusterTestLane() && options.twin !== false && !options.sameDatabaseAs && !options.postgresServer && databaseUrl !== undefined
  const clock = createClock()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-api-test-'))
  const loaded: ApiConfig = { ...loadConfig({ DATA_DIR: dataDir, KOMA_PUBLIC_URL: TEST_PUBLIC_URL }), skipChecksum: false, seedIfEmpty: false }
  const defaults: ApiConfig = twinned ? clusterDefaults(loaded) : loaded
  const config = options.configure ? options.configure(defaults) : defaults
  const instances: Instance[] = []
  const twinHandle = twinned ? await connect({ databaseUrl: databaseUrl!, poolSize: 12, readUrl: replicaUrl }) : null
  const closeAll = async () => {
    for (const instance of instances.reverse()) await instance.close()
    await twinHandle?.close()
    await handle.close()
    if (dropDatabase) await dropDatabase()
  }
  try {
    instances.push(
      await startInstance(handle, twinned ? { ...config, instance: `${config.instance}/1` } : config, clock, { bus: twinned ? databaseUrl : undefined }),
    )
    if (twinHandle) instances.push(await startInstance(twinHandle, { ...config, instance: `${config.instance}/2` }, clock, { bus: databaseUrl }))
  } catch (error) {
    // A failed setup must not leave the database open: Jest would wait on it forever.
    await closeAll().catch(() => {})
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  const first = instances[0]!

  const rawCall = async (instance: Instance, method: Endpoint['method'], url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> => {
    const ip = options.ip ?? '127.0.0.1'
    const time = String(clock.realNow().getTime())
    const headers: Record<string, string> = {
      [HEADERS.language]: options.locale ?? 'en',
      [HEADERS.platform]: 'web',
      [HEADERS.clientUid]: 'test-device',
      ...(options.unsigned ? {} : { [HEADERS.requestTime]: time, [HEADERS.checksum]: await requestChecksum(time, ip) }),
      ...options.headers,
    }
    let payload: string | Buffer | undefined
    if (options.body) {
      const form = new URLSearchParams()
      for (const [key, value] of Object.entries(options.body)) for (const item of [value].flat()) form.append(key, item)
      payload = form.toString()
      headers['content-type'] = 'application/x-www-form-urlencoded'
    }
    if (options.raw) {
      const raw = Buffer.isBuffer(options.raw) ? { payload: options.raw, type: headers['content-type'] ?? 'application/octet-stream' } : options.raw
      headers['content-type'] = raw.type
      payload = raw.payload
    }
    return instance.app.inject({ method, url, query: options.query, headers, payload, cookies: options.cookies, remoteAddress: ip })
  }

  // Calls take turns over the instances, as a balancer spreads a reader's requests; each first
  // waits until its instance has applied the invalidations committed so far (CacheBus.caughtUp).
  let turn = 0
  const nextInstance = async (): Promise<Instance> => {
    const instance = instances[turn++ % instances.length]!
    await instance.bus?.caughtUp()
    return instance
  }
  const call = (async (first: Endpoint['method'] | Endpoint<unknown, unknown, unknown, unknown>, second?: unknown, third?: CallOptions) => {
    const instance = await nextInstance()
    return typeof first === 'string'
      ? rawCall(instance, first, second as string, third)
      : rawCall(instance, ...requestOf(first, second as EndpointCallOptions<typeof first>))
  }) as TestApp['call']

  return {
    app: first.app,
    db: handle.db,
    clock,
    deps: first.deps,
    jobsConnection: handle.jobs,
    ...(handle.dumpDataDir ? { dumpDataDir: handle.dumpDataDir } : {}),
    lane,
    databaseUrl,
    replicaUrl,
    instances: instances.length,
    call,
    inject: async (options) => (await nextInstance()).app.inject(options),
    routes: first.routes,
    dataDir,
    outbox: () => readOutbox(path.join(dataDir, 'outbox')),
    close: async () => {
      try {
        await closeAll()
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
    },
  }
}

/**
 * The two-instance lane's settings: abuse limits counted in Redis under this app's own prefix
 * (both instances share it, as a cluster's processes do). A test's `configure` may still change them.
 */
function clusterDefaults(config: ApiConfig): ApiConfig {
  return {
    ...config,
    rateLimit: {
      ...config.rateLimit,
      store: 'redis',
      redisUrl: process.env.REDIS_URL || config.rateLimit.redisUrl,
      keyPrefix: `koma:test:${randomBytes(6).toString('hex')}:rl:`,
    },
  }
}

/** The session cookies a response set, ready to send back. */
export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const jar: Record<string, string> = {}
  for (const cookie of response.cookies) if (cookie.value) jar[cookie.name] = cookie.value
  return jar
}
