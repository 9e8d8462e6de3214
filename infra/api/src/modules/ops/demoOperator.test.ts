import { connect, type DatabaseHandle } from '../../db/connect'
import { migrateToLatest } from '../../db/migrate'
import { DEMO_OPERATOR, insertMembers, SEEDED_MEMBER } from '../../seed/members'

jest.setTimeout(120_000)

/**
 * Issue 33: the demo operator. A database seeded before the fix holds ops@koma.example (published
 * password) as an operator, often with a factor set up by whoever signed in first: migration 0760
 * takes the role away, with its factor and every session's step-up, and says so in the audit log.
 * The seed makes the account a plain member, and only outside production.
 */
let handle: DatabaseHandle
beforeAll(async () => {
  handle = await connect({ dataDir: ':memory:' })
})
afterAll(async () => {
  await handle?.close()
})

const hashes = { seeded: 'x', second: 'x', operator: 'x', others: 'x' }

it('migration 0760 revokes the seeded demo operator (role, factor, step-up), drops set-ups never confirmed, and leaves real operators as they are', async () => {
  // The schema as it was before: every migration named before 0760.
  await migrateToLatest(handle.db, '0760')
  const now = new Date()
  const ids = await handle.db
    .insertInto('members')
    .values([
      { email: DEMO_OPERATOR.email, password_hash: 'x', nickname: 'Koma Ops', guest: false, email_notify: false, accept_mature: false, role: 'operator' },
      { email: 'real.operator@koma.example', password_hash: 'x', nickname: 'Real', guest: false, email_notify: false, accept_mature: false, role: 'operator' },
      { email: 'new.operator@koma.example', password_hash: 'x', nickname: 'New', guest: false, email_notify: false, accept_mature: false, role: 'operator' },
    ])
    .returning('id')
    .execute()
  const [demo, real, pending] = ids.map((row) => Number(row.id)) as [number, number, number]
  // A set-up begun with the password alone and never confirmed.
  await handle.db.insertInto('operator_factors').values({ member_id: pending, secret: 'PENDING', confirmed_at: null, created_at: now }).execute()
  for (const id of [demo, real]) {
    await handle.db.insertInto('operator_factors').values({ member_id: id, secret: 'SECRET', confirmed_at: now, created_at: now }).execute()
    await handle.db
      .insertInto('sessions')
      .values({ token_hash: `t${id}`, member_id: id, device_id: null, user_agent: '', expires_at: new Date(now.getTime() + 86_400_000), last_seen_at: now })
      .execute()
    await handle.db.updateTable('sessions').set({ operator_verified_at: now }).where('member_id', '=', id).execute()
  }

  await migrateToLatest(handle.db)

  const role = async (id: number) => (await handle.db.selectFrom('members').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role
  const factor = async (id: number) => handle.db.selectFrom('operator_factors').select('member_id').where('member_id', '=', id).executeTakeFirst()
  const stepUp = async (id: number) =>
    (await handle.db.selectFrom('sessions').select('operator_verified_at').where('member_id', '=', id).executeTakeFirstOrThrow()).operator_verified_at
  expect([await role(demo), await factor(demo), await stepUp(demo)]).toEqual(['reader', undefined, null])
  expect([await role(real), await factor(real), await stepUp(real)]).toEqual(['operator', { member_id: real }, expect.anything()])
  expect([await role(pending), await factor(pending)]).toEqual(['operator', undefined])
  const audit = await handle.db.selectFrom('audit_log').select(['actor', 'action', 'target']).where('target', '=', `member:${demo}`).execute()
  expect(audit).toEqual([{ actor: 'migration:0760', action: 'operator.revoke', target: `member:${demo}` }])
})

it('the seed makes the demo account a plain member, and none at all in production', async () => {
  await handle.db.deleteFrom('members').where('email', 'in', [DEMO_OPERATOR.email, SEEDED_MEMBER.email]).execute()
  const production = await insertMembers(handle.db, hashes, new Date(), { operatorAccount: false })
  expect(production.operatorId).toBeUndefined()
  expect(await handle.db.selectFrom('members').select('id').where('email', '=', DEMO_OPERATOR.email).executeTakeFirst()).toBeUndefined()
  const demo = await insertMembers(handle.db, hashes, new Date(), { operatorAccount: true })
  expect(await handle.db.selectFrom('members').select(['role']).where('id', '=', demo.operatorId!).executeTakeFirstOrThrow()).toEqual({ role: 'reader' })
})
