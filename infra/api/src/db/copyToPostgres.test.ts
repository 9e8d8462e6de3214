import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import { postgresAdminUrl, testLane, withDatabase } from '../test/lane'
import { pgliteTemplatePath } from '../test/template'
import { connect, type DatabaseHandle } from './connect'
import { copyDatabase, insertOrder, TargetNotEmptyError } from './copyToPostgres'

jest.setTimeout(180_000)

describe('insertOrder', () => {
  it('puts parents before children and refuses a cycle', () => {
    const parents = new Map([
      ['comments', new Set(['members', 'contents'])],
      ['members', new Set<string>()],
      ['chapters', new Set(['contents'])],
    ])
    const order = insertOrder(['comments', 'chapters', 'members', 'contents'], parents)
    expect(order.indexOf('members')).toBeLessThan(order.indexOf('comments'))
    expect(order.indexOf('contents')).toBeLessThan(order.indexOf('comments'))
    expect(order.indexOf('contents')).toBeLessThan(order.indexOf('chapters'))
    expect(() =>
      insertOrder(
        ['a', 'b'],
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['a'])],
        ]),
      ),
    ).toThrow(/cycle/)
  })
})

/**
 * Issue 18: the seeded PGlite database (a real data folder) moved into an empty PostgreSQL
 * database. Every table's rows arrive unchanged (compared as text, binary images and EPUB files
 * and JSON included), sequences continue after the copied ids, and a second copy is refused.
 */
const onPostgres = testLane() === 'postgres' ? describe : describe.skip

onPostgres('copying a PGlite database into PostgreSQL', () => {
  const name = `koma_copy_${randomBytes(6).toString('hex')}`
  // Made in beforeAll: a describe body also runs in the PGlite lane, where these tests are skipped.
  let folder = ''
  let source: DatabaseHandle
  let target: DatabaseHandle

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresAdminUrl() })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-pglite-copy-'))
    source = await connect({ dataDir: folder, loadDataDir: new Blob([fs.readFileSync(await pgliteTemplatePath())]) })
    await admin(`create database ${name}`)
    target = await connect({ databaseUrl: withDatabase(postgresAdminUrl(), name), poolSize: 2 })
  })
  afterAll(async () => {
    await target?.close()
    await source?.close()
    await admin(`drop database if exists ${name} with (force)`)
    if (folder) fs.rmSync(folder, { recursive: true, force: true })
  })

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table
  const fingerprint = (db: Kysely<any>, table: string) =>
    db.connection().execute(async (connection) => {
      await sql`set timezone = 'UTC'`.execute(connection)
      const { rows } = await sql<{ n: string; digest: string | null }>`
        select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table)} t`.execute(connection)
      return rows[0]
    })

  it('copies every row of every table unchanged, and the ids go on from there', async () => {
    const lines: string[] = []
    const report = await copyDatabase(source.db, target.db, { log: (line) => lines.push(line) })
    expect(report.rows).toBeGreaterThan(1000)
    expect(report.tables.map((table) => table.name)).toEqual(expect.arrayContaining(['members', 'contents', 'chapters', 'coin_ledger']))
    expect(lines.length).toBeGreaterThan(10)
    for (const { name: table } of report.tables)
      expect({ table, ...(await fingerprint(target.db, table)) }).toEqual({ table, ...(await fingerprint(source.db, table)) })
    const { rows } = await sql<{ next: number; top: number }>`
      select nextval('members_id_seq')::int as next, (select max(id) from members)::int as top`.execute(target.db)
    expect(rows[0]!.next).toBeGreaterThan(rows[0]!.top)
  })

  it('refuses a target that already holds data: nothing is mixed or overwritten', async () => {
    await expect(copyDatabase(source.db, target.db)).rejects.toBeInstanceOf(TargetNotEmptyError)
  })
})
