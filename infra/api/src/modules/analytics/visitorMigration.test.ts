import { sql } from 'kysely'
import { connect, type DatabaseHandle } from '../../db/connect'
import { migrateToLatest } from '../../db/migrate'
import { visitorId } from './service'

jest.setTimeout(120_000)

/**
 * Issue 33 on a database from before: migration 0995 rewrites the device ids analytics kept into
 * the same pseudonyms new events get, and 0395 unbinds guests from their device id (their
 * sessions still work; their secret comes with their next guest call).
 */
let handle: DatabaseHandle
beforeAll(async () => {
  handle = await connect({ dataDir: ':memory:' })
})
afterAll(async () => {
  await handle?.close()
})

it('migrations 0395 and 0995 leave no device id behind, and older events count as the same visitors as new ones', async () => {
  await migrateToLatest(handle.db, '0395')
  await sql`insert into members (nickname, guest, email_notify, accept_mature, guest_device_id) values ('Guest', true, false, false, 'old-guest-device')`.execute(
    handle.db,
  )
  await migrateToLatest(handle.db, '0995')
  for (const uid of ['browser-one-0001', 'browser-one-0001', 'browser-two-0002'])
    await sql`insert into analytics_events (name, path, client_uid, occurred_at) values ('page_view', '/', ${uid}, now())`.execute(handle.db)

  await migrateToLatest(handle.db)

  const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'members'`.execute(handle.db)
  expect(columns.rows.map((row) => row.column_name)).not.toContain('guest_device_id')
  const rows = await handle.db.selectFrom('analytics_events').select('visitor_id').orderBy('id').execute()
  const [a1, a2, b] = rows.map((row) => row.visitor_id)
  expect(a1).toBe(await visitorId(handle.db, 'browser-one-0001'))
  expect(a2).toBe(a1)
  expect(b).toBe(await visitorId(handle.db, 'browser-two-0002'))
  expect(JSON.stringify(rows)).not.toMatch(/browser-/)
})
