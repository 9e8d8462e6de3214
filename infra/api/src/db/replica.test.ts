import { endpoints, type ContentType } from '@koma/contracts/server'
import { registerMember, uniqueEmail } from '../test/account'
import { becomeOperator } from '../test/ops'
import { readableTitle } from '../test/fixtures'
import { testLane } from '../test/lane'
import { createTestApp, type TestApp } from '../test/testApp'
import { connect, type DatabaseHandle } from './connect'
import { readMayBeStale, ReplicaRouting } from './replica'

jest.setTimeout(120_000)

describe('ReplicaRouting', () => {
  it('sends only stale-tolerant reads to the replica, and none for a moment after a change', async () => {
    let now = 1_000_000
    const routing = new ReplicaRouting(() => now)
    expect(routing.toReplica()).toBe(false)
    expect(await readMayBeStale(async () => routing.toReplica())).toBe(true)
    routing.holdPrimary(5_000)
    expect(await readMayBeStale(async () => routing.toReplica())).toBe(false)
    now += 4_999
    expect(await readMayBeStale(async () => routing.toReplica())).toBe(false)
    now += 1
    expect(await readMayBeStale(async () => routing.toReplica())).toBe(true)
    // A shorter hold never cuts a longer one short.
    routing.holdPrimary(10_000)
    routing.holdPrimary(1_000)
    now += 5_000
    expect(await readMayBeStale(async () => routing.toReplica())).toBe(false)
  })
})

/**
 * Issue 18: a primary with a read replica. The replica here is a second copy of the seeded
 * database that the test makes differ from the primary, standing for a replica that lags: what
 * every reader sees alike (a title page) is read from it, a reader's own data and every write go
 * to the primary, and an edit is never read back from the replica before it can have caught up.
 */
const onPostgres = testLane() === 'postgres' ? describe : describe.skip

onPostgres('a read replica (DATABASE_READ_URL)', () => {
  let t: TestApp
  let replica: DatabaseHandle
  let target: { type: ContentType; id: number }

  beforeAll(async () => {
    // One process: a process whose cache bus starts listening reads from the primary for a moment
    // (REPLICA_LAG_GRACE_MS), which the two-instance lane's twins would do as this test begins.
    t = await createTestApp({ readReplica: true, twin: false })
    replica = await connect({ databaseUrl: t.replicaUrl!, poolSize: 2 })
    target = await readableTitle(t.db)
    // The replica holds an older name than the primary.
    await replica.db.updateTable('content_texts').set({ name: 'Name on the replica' }).where('content_id', '=', target.id).where('lang', '=', 'en').execute()
  })
  afterAll(async () => {
    await replica?.close()
    await t?.close()
  })

  const titleName = async () => (await t.call(endpoints.content, { params: { type: target.type, id: target.id } })).json().result.name as string

  it('serves what every reader sees alike from the replica, and writes and a reader’s own data from the primary', async () => {
    expect(await titleName()).toBe('Name on the replica')
    // A sign-up writes and reads back on the primary (the replica never sees the member).
    const member = await registerMember(t, { email: uniqueEmail('replica') })
    expect((await t.call(endpoints.profile, { cookies: member.cookies })).statusCode).toBe(200)
    expect(await replica.db.selectFrom('members').select('id').where('id', '=', member.userId).executeTakeFirst()).toBeUndefined()
  })

  it('reads an operator’s edit back from the primary, not from a replica that may not have it yet', async () => {
    const made = await registerMember(t, { email: uniqueEmail('replica-op') })
    await becomeOperator(t, made)
    const edited = await t.call(endpoints.opsTitleTexts, {
      params: { id: target.id },
      body: {
        nameJa: '新しい題',
        nameEn: 'Renamed on the primary',
        nameFr: 'Renommé',
        descriptionJa: '説明',
        descriptionEn: 'About',
        descriptionFr: 'À propos',
      },
      cookies: made.cookies,
    })
    expect(edited.statusCode).toBe(200)
    expect(await titleName()).toBe('Renamed on the primary')
  })
})
