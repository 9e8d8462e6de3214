import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { loadConfig } from '../config'
import { productionSafety } from '../safety'
import { postgresAdminUrl, testLane, withDatabase } from './lane'
import { postgresTemplateName } from './template'

jest.setTimeout(180_000)

/**
 * The production topology's files (infra/deploy, docs/production.md) kept true to the code: the
 * example settings pass the API's production check and name only settings something reads; the
 * service units start the compiled servers build-servers.mjs makes; backup and restore round-trip
 * a database and refuse to restore over data.
 */
const deploy = path.resolve(__dirname, '..', '..', '..', 'deploy')

/** The example's settings; with `optional`, also those left commented out (`# NAME=value`) for the operator to turn on. */
function envFile(optional = false): Record<string, string> {
  const env: Record<string, string> = {}
  for (const line of fs.readFileSync(path.join(deploy, 'koma.env.example'), 'utf8').split('\n')) {
    const match = (optional ? /^(?:#\s?)?([A-Z0-9_]+)=(.*)$/ : /^([A-Z0-9_]+)=(.*)$/).exec(line.trim())
    if (match) env[match[1]!] = match[2]!
  }
  return env
}

describe('infra/deploy', () => {
  it('the example settings pass the production check, and the API reads its database, replica and Redis from them', () => {
    const env = envFile()
    expect(productionSafety(env).problems).toEqual([])
    const config = loadConfig(env)
    expect(config.profile).toBe('production')
    expect(config.databaseUrl).toMatch(/db-primary/)
    expect(config.databaseReadUrl).toMatch(/db-replica/)
    expect(config.rateLimit.store).toBe('redis')
    expect(config.cacheBus).toBe('postgres')
    // The optional object store, turned on, passes too.
    const withStore = envFile(true)
    expect(productionSafety(withStore).problems).toEqual([])
    expect(loadConfig(withStore).objectStore).toMatchObject({ kind: 's3', bucket: 'koma-media', endpoint: 'https://minio.internal:9000' })
  })

  it('every setting the example names is one the code reads', () => {
    const sources = ['api/src', 'edge/src', 'scripts']
      .map((dir) => path.resolve(deploy, '..', dir))
      .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file)))
      .filter((file) => /\.(ts|mjs)$/.test(file) && !file.endsWith('.test.ts'))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n')
    for (const name of Object.keys(envFile(true))) expect({ name, read: sources.includes(name) }).toEqual({ name, read: true })
  })

  it('the service units start the compiled API and edge', () => {
    const build = fs.readFileSync(path.resolve(deploy, '..', 'scripts', 'build-servers.mjs'), 'utf8')
    for (const [unit, outfile] of [
      ['koma-api@.service', 'infra/api/dist/main.js'],
      ['koma-edge.service', 'infra/edge/dist/main.js'],
    ] as const) {
      expect(build).toContain(outfile)
      expect(fs.readFileSync(path.join(deploy, 'systemd', unit), 'utf8')).toContain(
        `ExecStart=/srv/koma/node_modules/node/bin/node --enable-source-maps ${outfile}`,
      )
    }
  })
})

const onPostgres = testLane() === 'postgres' && spawnSync('pg_dump', ['--version']).status === 0 ? describe : describe.skip

onPostgres('backup and restore (infra/deploy/backup)', () => {
  const names = [`koma_bk_${randomBytes(5).toString('hex')}`, `koma_rs_${randomBytes(5).toString('hex')}`]
  // Made in beforeAll: a describe body also runs in the PGlite lane, where these tests are skipped.
  let dir = ''
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresAdminUrl() })
    await client.connect()
    try {
      return await client.query(statement)
    } finally {
      await client.end()
    }
  }
  const count = async (name: string, table: string) => Number((await queryOn(name, `select count(*) as n from ${table}`)).rows[0].n)
  const queryOn = async (name: string, statement: string) => {
    const client = new pg.Client({ connectionString: withDatabase(postgresAdminUrl(), name) })
    await client.connect()
    try {
      return await client.query(statement)
    } finally {
      await client.end()
    }
  }
  const script = (file: string, args: string[], databaseUrl: string) =>
    spawnSync('bash', [path.join(deploy, 'backup', file), ...args], { env: { ...process.env, DATABASE_URL: databaseUrl, BACKUP_DIR: dir }, encoding: 'utf8' })

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-backup-'))
    await admin(`create database ${names[0]} template ${await postgresTemplateName()}`)
    await admin(`create database ${names[1]}`)
  })
  afterAll(async () => {
    for (const name of names) await admin(`drop database if exists ${name} with (force)`)
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('backs a database up, restores it into an empty one with every row and image, and refuses to restore over data', async () => {
    const backedUp = script('backup.sh', [], withDatabase(postgresAdminUrl(), names[0]!))
    expect({ status: backedUp.status, err: backedUp.stderr }).toEqual({ status: 0, err: '' })
    const dump = fs.readdirSync(dir).find((file) => file.endsWith('.dump'))
    expect(dump).toBeDefined()
    const restored = script('restore.sh', [path.join(dir, dump!)], withDatabase(postgresAdminUrl(), names[1]!))
    expect({ status: restored.status, err: restored.stderr }).toEqual({ status: 0, err: '' })
    for (const table of ['members', 'coin_ledger', 'chapters', 'images', 'epub_files'])
      expect(await count(names[1]!, table)).toBe(await count(names[0]!, table))
    const bytes = async (name: string) => (await queryOn(name, "select md5(string_agg(md5(bytes), '' order by id)) as h from images")).rows[0].h as string
    expect(await bytes(names[1]!)).toBe(await bytes(names[0]!))
    const again = script('restore.sh', [path.join(dir, dump!)], withDatabase(postgresAdminUrl(), names[1]!))
    expect(again.status).toBe(1)
    expect(again.stderr).toMatch(/not empty/)
  })
})
