import { HEADERS, requestChecksum, type Locale } from '@koma/contracts/server'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Kysely } from 'kysely'
import { buildApp } from '../app'
import { createClock, type Clock } from '../clock'
import { loadConfig } from '../config'
import { connect } from '../db/connect'
import type { Database } from '../db/schema'
import { readOutbox, type Mail } from '../modules/mail/mailer'
import { postgresAdminUrl, testLane, withDatabase } from './lane'
import { pgliteTemplatePath, postgresTemplateName } from './template'

export interface CallOptions {
  body?: Record<string, string | string[]>
  /** A raw body (uploads), sent as application/octet-stream unless `headers` says otherwise. */
  raw?: Buffer
  query?: Record<string, string>
  cookies?: Record<string, string>
  headers?: Record<string, string>
  locale?: Locale
  /** Leave out the SPEC §7 signature (to test its refusal). */
  unsigned?: boolean
  ip?: string
}

export interface TestApp {
  app: FastifyInstance
  db: Kysely<Database>
  clock: Clock
  lane: 'pglite' | 'postgres'
  /** This app's DATA_DIR (a temporary folder): its mail outbox lives there. */
  dataDir: string
  /** Every route the API registered (method and URL; HEAD twins of GET routes included). */
  routes: { method: string; url: string }[]
  /** Mails the API sent, oldest first (the local outbox of the mail interface). */
  outbox(): (Mail & { sentAt: string })[]
  /** Call the API like the browser does: signed headers, form-encoded body. */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options?: CallOptions): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

/** A fresh API on its own copy of the seeded database (PGlite or PostgreSQL per the test lane). */
export async function createTestApp(): Promise<TestApp> {
  const lane = testLane()
  let handle
  let dropDatabase: (() => Promise<void>) | null = null
  if (lane === 'postgres') {
    const template = await postgresTemplateName()
    const name = `koma_t_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: postgresAdminUrl() })
    await admin.connect()
    await admin.query(`create database ${name} template ${template}`)
    await admin.end()
    handle = await connect({ databaseUrl: withDatabase(postgresAdminUrl(), name), poolSize: 12 })
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: postgresAdminUrl() })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    }
  } else {
    const dump = fs.readFileSync(await pgliteTemplatePath())
    handle = await connect({ dataDir: ':memory:', loadDataDir: new Blob([dump]) })
  }
  const clock = createClock()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-api-test-'))
  const config = { ...loadConfig({ DATA_DIR: dataDir }), skipChecksum: false, seedIfEmpty: false }
  let app: FastifyInstance
  const routes: TestApp['routes'] = []
  try {
    app = await buildApp({ db: handle.db, clock, config }, { onRoute: (route) => routes.push(...[route.method].flat().map((method) => ({ method, url: route.url }))) })
    await app.ready()
  } catch (error) {
    // A failed setup must not leave the database open: Jest would wait on it forever.
    await handle.close()
    if (dropDatabase) await dropDatabase()
    throw error
  }

  const call: TestApp['call'] = async (method, url, options = {}) => {
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
    if (options.raw) {
      payload = options.raw
      headers['content-type'] ??= 'application/octet-stream'
    } else if (options.body) {
      const form = new URLSearchParams()
      for (const [key, value] of Object.entries(options.body)) for (const item of [value].flat()) form.append(key, item)
      payload = form.toString()
      headers['content-type'] = 'application/x-www-form-urlencoded'
    }
    return app.inject({ method, url, query: options.query, headers, payload, cookies: options.cookies, remoteAddress: ip })
  }

  return {
    app,
    db: handle.db,
    clock,
    lane,
    call,
    routes,
    dataDir,
    outbox: () => readOutbox(path.join(dataDir, 'outbox')),
    close: async () => {
      await app.close()
      await handle.close()
      if (dropDatabase) await dropDatabase()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The session cookies a response set, ready to send back. */
export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const jar: Record<string, string> = {}
  for (const cookie of response.cookies) if (cookie.value) jar[cookie.name] = cookie.value
  return jar
}
