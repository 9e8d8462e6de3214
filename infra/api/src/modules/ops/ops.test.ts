import { OPERATOR_STEP_UP_CODE, RESPONSE_HEADERS, endpoints, text, type Endpoint, type ContentType } from '@koma/contracts/server'
import { sql } from 'kysely'
import { sealedPassword, signIn } from '../../test/fixtures'
import { sha256 } from '../../http/tokens'
import { OPERATOR_FACTOR_LOCK } from '../../limits'
import { cookiesOf, createTestApp, type OptionalIfNoParams, type TestApp } from '../../test/testApp'
import { readerIp, registerMember, uniqueEmail } from '../../test/account'
import { ENROLMENT_CODE_TTL_MS, grantOperator, resetOperatorFactor, revokeOperator } from './operators'
import { becomeOperator, grantForTest, totpCode } from '../../test/ops'

jest.setTimeout(180_000)

/**
 * The operator API (issue 17) beyond who may call it (the access matrix): the second factor, the
 * audit log, maintenance as readers see it, new terms, the update flag, and moderation.
 */
let t: TestApp
let operator: { email: string; cookies: Record<string, string>; userId: number; secret: string }
let reader: Record<string, string>
let reader2: Record<string, string>
let target: { type: ContentType; contentId: number; chapterId: number }

const cli = { memberId: null, label: 'cli:test' }

beforeAll(async () => {
  t = await createTestApp()
  const made = await registerMember(t, { email: uniqueEmail('op') })
  const { secret } = await becomeOperator(t, made)
  operator = { email: made.email, cookies: made.cookies, userId: made.userId, secret }
  reader = await signIn(t, 'reader@koma.example', 'koma-reader-1')
  reader2 = await signIn(t, 'reader2@koma.example', 'koma-reader-2')
  const row = await t.db
    .selectFrom('chapters as ch')
    .innerJoin('contents as c', 'c.id', 'ch.content_id')
    .select(['ch.id as chapterId', 'c.id as contentId', 'c.type'])
    .where('c.mature', '=', false)
    .where('c.comment_enabled', '=', true)
    .where('ch.free', '=', true)
    .where('c.status', '!=', 'coming_soon')
    .orderBy('c.id')
    .orderBy('ch.sort')
    .executeTakeFirstOrThrow()
  target = { type: row.type as ContentType, contentId: Number(row.contentId), chapterId: Number(row.chapterId) }
})
afterAll(async () => {
  t?.clock.setFakeTime(null)
  await t?.close()
})

/** Sign in from an address (a new session each time). */
async function signInFrom(email: string, password: string, ip = readerIp()): Promise<Record<string, string>> {
  const response = await t.call(endpoints.signin, { ip, body: { email, ...(await sealedPassword(t, password)), stayLogged: 'true' } })
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
  return cookiesOf(response)
}

/**
 * Two-code mode as the operator meets it: the code the app shows now is remembered, not enough;
 * the next code the app shows (the API takes one step of drift) opens operator calls.
 */
async function passWithTwoCodes(cookies: Record<string, string>, secret: string, ip: string): Promise<void> {
  const first = await t.call(endpoints.opsTotpVerify, { cookies, ip, body: { code: await totpCode(secret) } })
  expect([first.statusCode, first.json().result]).toEqual([200, expect.objectContaining({ verified: false, nextCodeNeeded: true })])
  expect((await t.call(endpoints.opsService, { cookies, ip })).json().code).toBe(OPERATOR_STEP_UP_CODE)
  const second = await t.call(endpoints.opsTotpVerify, { cookies, ip, body: { code: await totpCode(secret, 1) } })
  expect([second.statusCode, second.json().result]).toEqual([200, expect.objectContaining({ verified: true, nextCodeNeeded: false })])
  expect((await t.call(endpoints.opsService, { cookies, ip })).statusCode).toBe(200)
}

/** Call an endpoint of the table as the operator (its session; no other headers). */
const asOperator = <E extends Endpoint<unknown, unknown, unknown, unknown>>(endpoint: E, ...[options]: OptionalIfNoParams<E>) =>
  t.call(endpoint, ...([{ ...options, cookies: operator.cookies }] as OptionalIfNoParams<E>))

describe('operators and their second factor', () => {
  it('a new operator must set up and confirm a code before any operator call; a code is good once', async () => {
    const made = await registerMember(t, { email: uniqueEmail('op2') })
    // A member: refused as such.
    const before = await t.call(endpoints.opsMe, { cookies: made.cookies })
    expect(before.statusCode).toBe(403)
    const enrolmentCode = await grantForTest(t, made.email)
    const me = await t.call(endpoints.opsMe, { cookies: made.cookies })
    expect(me.json().result).toMatchObject({ enrolled: false, verified: false, nextCodeNeeded: false })
    const service = await t.call(endpoints.opsService, { cookies: made.cookies })
    expect(service.statusCode).toBe(403)
    expect(service.json().code).toBe(OPERATOR_STEP_UP_CODE)
    // Verifying before setting up.
    expect((await t.call(endpoints.opsTotpVerify, { cookies: made.cookies, body: { code: '123456' } })).statusCode).toBe(409)
    const enrol = await t.call(endpoints.opsTotpEnrol, { cookies: made.cookies, body: { enrolmentCode: enrolmentCode! } })
    const { secret, otpauthUri } = enrol.json().result as { secret: string; otpauthUri: string }
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/)
    expect(otpauthUri).toContain('issuer=Koma')
    // Malformed and wrong codes.
    expect((await t.call(endpoints.opsTotpVerify, { cookies: made.cookies, body: { code: '12ab56' } })).statusCode).toBe(400)
    const right = await totpCode(secret)
    const wrong = right === '000000' ? '000001' : '000000'
    const refused = await t.call(endpoints.opsTotpVerify, { cookies: made.cookies, body: { code: wrong } })
    expect(refused.statusCode).toBe(400)
    const ok = await t.call(endpoints.opsTotpVerify, { cookies: made.cookies, body: { code: right } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().result).toMatchObject({ enrolled: true, verified: true })
    expect((await t.call(endpoints.opsService, { cookies: made.cookies })).statusCode).toBe(200)
    // Set up once: a second enrolment is refused.
    expect((await t.call(endpoints.opsTotpEnrol, { cookies: made.cookies, body: { enrolmentCode: enrolmentCode! } })).statusCode).toBe(409)
    // Another session of the same operator: the same code again is refused (replay), the next one works.
    const second = await signIn(t, made.email, made.password)
    expect((await t.call(endpoints.opsAudit, { cookies: second })).json().code).toBe(OPERATOR_STEP_UP_CODE)
    expect((await t.call(endpoints.opsTotpVerify, { cookies: second, body: { code: right } })).statusCode).toBe(400)
    expect((await t.call(endpoints.opsTotpVerify, { cookies: second, body: { code: await totpCode(secret, 1) } })).statusCode).toBe(200)
    // Revoked: every operator call is refused again, the second factor is gone.
    await revokeOperator({ db: t.db, clock: t.clock }, cli, made.email)
    expect((await t.call(endpoints.opsAudit, { cookies: second })).statusCode).toBe(403)
    expect(await t.db.selectFrom('operator_factors').select('member_id').where('member_id', '=', made.userId).executeTakeFirst()).toBeUndefined()
  })

  it('the command grants once, refuses unknown e-mails and guests', async () => {
    const deps = { db: t.db, clock: t.clock }
    expect((await grantOperator(deps, cli, 'nobody@koma.example')).ok).toBe(false)
    const again = await grantOperator(deps, cli, operator.email)
    expect(again.message).toMatch(/already an operator/)
    expect(again.ok && again.enrolment).toBeFalsy()
    expect((await revokeOperator(deps, cli, 'reader2@koma.example')).ok).toBe(false)
  })
})

describe('issue 33: no operator without a factor the team set up', () => {
  it('the demo account is a plain member: its published password opens no console', async () => {
    const demo = await signInFrom('ops@koma.example', 'koma-operator-1')
    const me = await t.call(endpoints.opsMe, { cookies: demo })
    expect(me.statusCode).toBe(403)
    expect((await t.call(endpoints.opsTotpEnrol, { cookies: demo, body: { enrolmentCode: 'ABCD-EFGH-JKLM-NPQR-STUV' } })).statusCode).toBe(403)
    expect(await t.db.selectFrom('members').select('role').where('email', '=', 'ops@koma.example').executeTakeFirstOrThrow()).toEqual({ role: 'reader' })
  })

  it('a granted operator sets up the first factor only with the set-up code the command printed: once, hashed, until it expires', async () => {
    const made = await registerMember(t, { email: uniqueEmail('op-code') })
    const code = await grantForTest(t, made.email)
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){4}$/)
    // Stored as its hash only.
    const row = await t.db.selectFrom('operator_enrolment_codes').selectAll().where('member_id', '=', made.userId).executeTakeFirstOrThrow()
    expect(row.code_hash).toBe(sha256(code!.replace(/-/g, '')))
    expect(
      JSON.stringify(await t.db.selectFrom('audit_log').select(['before', 'after']).where('target', '=', `member:${made.userId}`).execute()),
    ).not.toContain(code!.replace(/-/g, '').slice(0, 8))
    // The password alone (no code, a malformed one, a wrong one) sets up nothing, in the operator's language.
    const none = await t.call(endpoints.opsTotpEnrol, { cookies: made.cookies, locale: 'ja' })
    expect([none.statusCode, none.json().message]).toEqual([400, text('enrolmentCodeFormat', 'ja')])
    const wrongCode = code!.startsWith('A') ? `B${code!.slice(1)}` : `A${code!.slice(1)}`
    const wrong = await t.call(endpoints.opsTotpEnrol, { cookies: made.cookies, body: { enrolmentCode: wrongCode }, locale: 'fr' })
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, text('enrolmentCodeWrong', 'fr')])
    expect(await t.db.selectFrom('operator_factors').select('member_id').where('member_id', '=', made.userId).executeTakeFirst()).toBeUndefined()
    // Typed in lower case with spaces: fine. Used once: the same code again is refused.
    const typed = code!.toLowerCase().replace(/-/g, ' ')
    expect((await t.call(endpoints.opsTotpEnrol, { cookies: made.cookies, body: { enrolmentCode: typed } })).statusCode).toBe(200)
    const reused = await t.call(endpoints.opsTotpEnrol, { cookies: made.cookies, body: { enrolmentCode: code! } })
    expect([reused.statusCode, reused.json().message]).toEqual([400, text('enrolmentCodeWrong', 'en')])
    // reset-totp prints a new code (the old factor is gone); a code issued more than 24 hours ago has expired.
    const longAgo = { db: t.db, clock: { ...t.clock, realNow: () => new Date(Date.now() - ENROLMENT_CODE_TTL_MS - 60_000) } }
    const stale = await resetOperatorFactor(longAgo as never, cli, made.email)
    expect(stale.ok && stale.enrolment?.code).toBeTruthy()
    const expired = await t.call(endpoints.opsTotpEnrol, { cookies: made.cookies, body: { enrolmentCode: (stale.ok && stale.enrolment?.code) || '' } })
    expect([expired.statusCode, expired.json().message]).toEqual([400, text('enrolmentCodeWrong', 'en')])
    const fresh = await resetOperatorFactor({ db: t.db, clock: t.clock }, cli, made.email)
    expect(
      (await t.call(endpoints.opsTotpEnrol, { cookies: made.cookies, body: { enrolmentCode: (fresh.ok && fresh.enrolment?.code) || '' } })).statusCode,
    ).toBe(200)
  })

  it('granting again to an operator without a factor prints a new code (the old one stops working); a set-up operator gets none', async () => {
    const made = await registerMember(t, { email: uniqueEmail('op-regrant') })
    const first = await grantForTest(t, made.email)
    const second = await grantForTest(t, made.email)
    expect(second).not.toBe(first)
    expect((await t.call(endpoints.opsTotpEnrol, { cookies: made.cookies, body: { enrolmentCode: first! } })).statusCode).toBe(400)
    expect((await t.call(endpoints.opsTotpEnrol, { cookies: made.cookies, body: { enrolmentCode: second! } })).statusCode).toBe(200)
  })

  it('granting again after a set-up that was never confirmed drops that authenticator: its codes open nothing', async () => {
    const made = await registerMember(t, { email: uniqueEmail('op-pending') })
    const first = await grantForTest(t, made.email)
    const enrol = await t.call(endpoints.opsTotpEnrol, { cookies: made.cookies, body: { enrolmentCode: first! } })
    const oldSecret = (enrol.json().result as { secret: string }).secret
    // The team grants again (the set-up went to the wrong phone, say): the pending key is gone.
    const second = await grantForTest(t, made.email)
    expect(await t.db.selectFrom('operator_factors').select('member_id').where('member_id', '=', made.userId).executeTakeFirst()).toBeUndefined()
    const stale = await t.call(endpoints.opsTotpVerify, { cookies: made.cookies, body: { code: await totpCode(oldSecret) } })
    // No key is set up now: the old one's code is told to set one up first.
    expect([stale.statusCode, stale.json().message]).toEqual([409, text('operatorEnrolFirst', 'en')])
    expect((await t.call(endpoints.opsAudit, { cookies: made.cookies })).json().code).toBe(OPERATOR_STEP_UP_CODE)
    // The new code sets up a new key, which works.
    const again = await t.call(endpoints.opsTotpEnrol, { cookies: made.cookies, body: { enrolmentCode: second! } })
    expect(again.statusCode).toBe(200)
    const fresh = (again.json().result as { secret: string }).secret
    expect(fresh).not.toBe(oldSecret)
    expect((await t.call(endpoints.opsTotpVerify, { cookies: made.cookies, body: { code: await totpCode(fresh) } })).statusCode).toBe(200)
  })

  it('in production the command refuses the demo accounts whose passwords are published', async () => {
    const deps = { db: t.db, clock: t.clock }
    for (const email of ['ops@koma.example', 'reader@koma.example', 'READER2@koma.example']) {
      const result = await grantOperator(deps, cli, email, { production: true })
      expect([email, result.ok, result.message]).toEqual([email, false, expect.stringMatching(/published/)])
    }
    expect(await t.db.selectFrom('members').select('role').where('email', '=', 'reader@koma.example').executeTakeFirstOrThrow()).toEqual({ role: 'reader' })
  })
})

describe('issue 33: wrong codes count per session and per address; the operator is never locked out', () => {
  const wrongFor = (right: string) => (right === '999999' ? '999998' : '999999')
  /** Granted and the app set up, no code typed yet (each test then needs two fresh time steps at most). */
  const setUpOnly = async (member: { email: string; cookies: Record<string, string> }): Promise<string> => {
    const enrolmentCode = await grantForTest(t, member.email)
    const enrol = await t.call(endpoints.opsTotpEnrol, { cookies: member.cookies, body: { enrolmentCode: enrolmentCode! } })
    return (enrol.json().result as { secret: string }).secret
  }

  it(`a session that typed ${OPERATOR_FACTOR_LOCK.perSession} wrong codes waits (parallel guesses included); a fresh session of the operator does not`, async () => {
    const made = await registerMember(t, { email: uniqueEmail('op3') })
    const secret = await setUpOnly(made)
    const right = await totpCode(secret)
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.call(endpoints.opsTotpVerify, { cookies: made.cookies, body: { code: wrongFor(right) } })),
    )
    const max = OPERATOR_FACTOR_LOCK.perSession
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(max).fill(400), ...Array(8 - max).fill(429)])
    const locked = await t.call(endpoints.opsTotpVerify, { cookies: made.cookies, body: { code: right } })
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    // The operator in a new session, from another address: two consecutive codes (the wrong ones were many), no wait.
    const fresh = await signInFrom(made.email, made.password, readerIp())
    await passWithTwoCodes(fresh, secret, readerIp())
  })

  it('someone with the password guessing from a few addresses cannot lock the operator out, and gets no more single guesses', async () => {
    const made = await registerMember(t, { email: uniqueEmail('op4') })
    const secret = await setUpOnly(made)
    const guessed: number[] = []
    // Three attacker addresses, a new session every few guesses (signing in again is cheap).
    for (const ip of [readerIp(), readerIp(), readerIp()]) {
      for (let session = 0; session < 3; session += 1) {
        const cookies = await signInFrom(made.email, made.password, ip)
        for (let i = 0; i < OPERATOR_FACTOR_LOCK.perSession; i += 1) {
          const answer = await t.call(endpoints.opsTotpVerify, { cookies, ip, body: { code: wrongFor(await totpCode(secret)) } })
          guessed.push(answer.statusCode)
        }
      }
      // Past the per-address number, a new session from that address gets no more guesses either.
      const more = await signInFrom(made.email, made.password, ip)
      expect((await t.call(endpoints.opsTotpVerify, { cookies: more, ip, body: { code: '123456' } })).statusCode).toBe(429)
    }
    // Each address had OPERATOR_FACTOR_LOCK.perAddress wrong codes compared, not more.
    expect(guessed.filter((status) => status === 400)).toHaveLength(3 * OPERATOR_FACTOR_LOCK.perAddress)
    // The operator, from their own address, in a fresh session: the right code alone is not enough now, the next one completes it.
    const own = readerIp()
    const cookies = await signInFrom(made.email, made.password, own)
    await passWithTwoCodes(cookies, secret, own)
    // Confirmed: the operator-wide count starts afresh (a later session needs one code again).
    const counts = await t.db.selectFrom('operator_factor_attempts').select(['subject', 'attempts']).where('member_id', '=', made.userId).execute()
    expect(counts.find((row) => row.subject === '')).toBeUndefined()
  })

  it('in two-code mode a right code followed by a wrong one opens nothing; the same right code twice is not the next', async () => {
    const made = await registerMember(t, { email: uniqueEmail('op5') })
    const secret = await setUpOnly(made)
    const attacker = readerIp()
    for (let i = 0; i < OPERATOR_FACTOR_LOCK.perOperator; i += 1) {
      const cookies = await signInFrom(made.email, made.password, attacker)
      expect((await t.call(endpoints.opsTotpVerify, { cookies, ip: attacker, body: { code: wrongFor(await totpCode(secret)) } })).statusCode).toBe(400)
    }
    const own = readerIp()
    const cookies = await signInFrom(made.email, made.password, own)
    const first = await totpCode(secret, 1)
    const half = await t.call(endpoints.opsTotpVerify, { cookies, ip: own, body: { code: first } })
    expect([half.statusCode, half.json().result]).toEqual([200, expect.objectContaining({ verified: false, nextCodeNeeded: true })])
    expect((await t.call(endpoints.opsMe, { cookies, ip: own })).json().result.nextCodeNeeded).toBe(true)
    expect((await t.call(endpoints.opsService, { cookies, ip: own })).json().code).toBe(OPERATOR_STEP_UP_CODE)
    const same = await t.call(endpoints.opsTotpVerify, { cookies, ip: own, body: { code: first } })
    expect([same.statusCode, same.json().result?.verified]).toEqual([200, false])
    expect((await t.call(endpoints.opsTotpVerify, { cookies, ip: own, body: { code: wrongFor(first) } })).statusCode).toBe(400)
    expect((await t.call(endpoints.opsService, { cookies, ip: own })).json().code).toBe(OPERATOR_STEP_UP_CODE)
  })
})
describe('the audit log', () => {
  it('records who did what with before and after, and the database refuses to change it', async () => {
    const log = await asOperator(endpoints.opsAudit, { query: { action: 'operator.' } })
    const entries = log.json().result.entries as { action: string; actor: string; target: string; after: unknown }[]
    expect(entries.find((entry) => entry.action === 'operator.grant' && entry.target === `member:${operator.userId}`)).toMatchObject({
      actor: 'cli:test',
      after: { role: 'operator' },
    })
    expect(entries.find((entry) => entry.action === 'operator.totp.confirm' && entry.target === `member:${operator.userId}`)).toBeDefined()
    const any = await t.db.selectFrom('audit_log').select('id').orderBy('id').executeTakeFirstOrThrow()
    await expect(sql`update audit_log set actor = 'someone else' where id = ${any.id}`.execute(t.db)).rejects.toThrow(/append-only/)
    await expect(sql`delete from audit_log where id = ${any.id}`.execute(t.db)).rejects.toThrow(/append-only/)
    await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/)
    expect(await t.db.selectFrom('audit_log').select('actor').where('id', '=', any.id).executeTakeFirstOrThrow()).toMatchObject({
      actor: expect.not.stringMatching(/someone else/),
    })
  })

  it('records a release the edge made for the operator, and refuses anything but a package and two version ids', async () => {
    const release = { package: 'mf-catalog', action: 'rollback', from: '20261124203052-f37dc761', to: '20261124190000-0123abcd' }
    expect((await asOperator(endpoints.opsReleaseRecord, { body: release })).statusCode).toBe(200)
    const page = (await asOperator(endpoints.opsAudit, { query: { action: 'release.' } })).json().result as {
      entries: { action: string; target: string; actorId: number; before: unknown; after: unknown }[]
    }
    expect(page.entries[0]).toMatchObject({
      action: 'release.rollback',
      target: 'package:mf-catalog',
      actorId: operator.userId,
      before: { live: release.from },
      after: { live: release.to },
    })
    for (const bad of [
      { ...release, package: 'mf-catalog/../../x' },
      { ...release, action: 'delete' },
      { ...release, to: 'latest' },
    ]) {
      expect((await asOperator(endpoints.opsReleaseRecord, { body: bad })).statusCode).toBe(400)
    }
    expect((await t.call(endpoints.opsReleaseRecord, { cookies: reader, body: release })).statusCode).toBe(403)
  })

  it('pages newest first', async () => {
    const first = (await asOperator(endpoints.opsAudit, { query: { pageSize: '2' } })).json().result as { entries: { id: number }[]; next: number }
    expect(first.entries).toHaveLength(2)
    expect(first.entries[0]!.id).toBeGreaterThan(first.entries[1]!.id)
    const second = (await asOperator(endpoints.opsAudit, { query: { pageSize: '2', before: first.next } })).json().result as { entries: { id: number }[] }
    expect(second.entries[0]!.id).toBeLessThan(first.entries[1]!.id)
  })
})

describe("the Health page's figures of this process (issue 38)", () => {
  it('answers what its Prometheus registry holds: the requests counted so far, the same its scrape exposes', async () => {
    const reading = async () => (await asOperator(endpoints.opsProcessReading)).json().result.reading
    // The two-instance lane: calls take turns over the instances. The reading is this test's
    // first instance's (the one whose registry it scrapes below): the next turn is, if not this one.
    let first = await reading()
    if (first.instance !== t.deps.config.instance) first = await reading()
    expect(first).toMatchObject({ instance: t.deps.config.instance, startedAt: expect.any(Number), pool: null })
    expect(first.requests.buckets.at(-1)).toEqual({ le: null, count: first.requests.total })
    // Three calls: all to this instance, or (two instances) the middle one; the next reading is this instance's again.
    for (let i = 0; i < 3; i++) await t.call(endpoints.appVersion)
    const second = await reading()
    expect(second.instance).toBe(first.instance)
    // Those calls, and the first reading's own (counted once answered).
    expect(second.requests.total).toBe(first.requests.total + (t.instances === 1 ? 4 : 2))
    expect(second.startedAt).toBe(first.startedAt)
    const exposed = (await t.deps.metrics!.scrape()).body
    const scraped = [...exposed.matchAll(/^koma_api_http_requests_total\{[^}]*\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0)
    expect(scraped).toBe(second.requests.total + 1)
  })

  it('is for operators who confirmed the second factor only', async () => {
    expect((await t.call(endpoints.opsProcessReading)).statusCode).toBe(401)
    expect((await t.call(endpoints.opsProcessReading, { cookies: reader })).statusCode).toBe(403)
    const unconfirmed = await signInFrom(operator.email, 'koma-reader-9')
    expect((await t.call(endpoints.opsProcessReading, { cookies: unconfirmed })).json().code).toBe(OPERATOR_STEP_UP_CODE)
  })
})

describe('maintenance', () => {
  const texts = {
    titleJa: 'ただいまメンテナンス中です',
    titleEn: 'Koma is under maintenance',
    titleFr: 'Koma est en maintenance',
    descriptionJa: 'しばらくお待ちください。',
    descriptionEn: 'We will be back soon.',
    descriptionFr: 'Nous revenons bientôt.',
  }
  const readerHome = (locale: 'ja' | 'en' | 'fr' = 'en', cookies = reader) => t.call(endpoints.reportConfig, { cookies, locale })

  afterEach(async () => {
    t.clock.setFakeTime(null)
    await asOperator(endpoints.opsMaintenance, { body: { on: 'false' } })
  })

  it('readers get SPEC §8 503 with the screen in their language; health, sign-in, operators keep working', async () => {
    const endsAt = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString()
    const on = await asOperator(endpoints.opsMaintenance, { body: { on: 'true', endsAt, ...texts } })
    expect(on.statusCode).toBe(200)
    expect(on.json().result).toMatchObject({ on: true, active: true, endsAt })
    const ja = await readerHome('ja')
    expect(ja.statusCode).toBe(503)
    expect(ja.json()).toEqual({
      name: 'maintenance',
      code: 503,
      message: texts.titleJa,
      maintenance: { title: texts.titleJa, description: texts.descriptionJa, endAt: endsAt },
    })
    expect(Number(ja.headers['retry-after'])).toBeGreaterThan(0)
    expect((await readerHome('fr', {})).json().maintenance.title).toBe(texts.titleFr)
    expect((await t.call(endpoints.profile, { cookies: reader })).statusCode).toBe(503)
    expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    expect((await t.call(endpoints.appVersion)).statusCode).toBe(200)
    expect((await t.call(endpoints.rsaKey, { params: { purpose: 'key' } })).statusCode).toBe(200)
    // The operator's session sees the site as usual, and the console works.
    expect((await readerHome('en', operator.cookies)).statusCode).toBe(200)
    expect((await asOperator(endpoints.opsService)).json().result.maintenance.active).toBe(true)
    const off = await asOperator(endpoints.opsMaintenance, { body: { on: 'false' } })
    expect(off.json().result.active).toBe(false)
    // An operator's write says so (the edge forgets its copies of public answers on it); a read does not.
    expect(off.headers[RESPONSE_HEADERS.operatorWrite]).toBe('1')
    expect((await asOperator(endpoints.opsService)).headers[RESPONSE_HEADERS.operatorWrite]).toBeUndefined()
    expect((await readerHome()).statusCode).toBe(200)
  })

  it('a scheduled window starts and ends by itself', async () => {
    const start = new Date(Date.now() + 60 * 60 * 1000)
    const end = new Date(start.getTime() + 60 * 60 * 1000)
    await asOperator(endpoints.opsMaintenance, { body: { on: 'true', startsAt: start.toISOString(), endsAt: end.toISOString(), ...texts } })
    expect((await readerHome()).statusCode).toBe(200)
    t.clock.setFakeTime(new Date(start.getTime() + 1000))
    expect((await readerHome()).statusCode).toBe(503)
    t.clock.setFakeTime(new Date(end.getTime() + 1000))
    expect((await readerHome()).statusCode).toBe(200)
  })

  it('refuses a form with problems, each field named in the operator language', async () => {
    const refused = await t.call(endpoints.opsMaintenance, {
      cookies: operator.cookies,
      locale: 'fr',
      body: { on: 'true', startsAt: '2026-12-01T10:00:00Z', endsAt: '2026-12-01T09:00:00Z', titleJa: 'x'.repeat(101) },
    })
    expect(refused.statusCode).toBe(400)
    const fields = refused.json().fields as { field: string; message: string }[]
    expect(fields.map((f) => f.field).sort()).toEqual(['endsAt', 'titleEn', 'titleFr', 'titleJa'])
    expect(fields.find((f) => f.field === 'titleJa')!.message).toMatch(/100 caractères/)
    expect((await readerHome()).statusCode).toBe(200)
  })
})

describe('terms and the update flag', () => {
  it('new terms: a signed-in reader must agree again', async () => {
    const before = (await t.call(endpoints.profile, { cookies: reader2 })).json().result
    expect(before.userExtraInfo.termsUpdate).toBeNull()
    const body = {
      titleJa: '利用規約',
      titleEn: 'Terms of Use',
      titleFr: "Conditions d'utilisation",
      bodyJa: '第1条',
      bodyEn: 'Article 1',
      bodyFr: 'Article 1',
    }
    expect(
      (await asOperator(endpoints.opsLegalPublish, { params: { type: 'terms' }, body: { ...body, effectiveAt: '2001-01-01T00:00:00Z' } })).statusCode,
    ).toBe(400)
    const published = await asOperator(endpoints.opsLegalPublish, { params: { type: 'terms' }, body })
    expect(published.statusCode).toBe(200)
    const { version } = published.json().result as { version: number }
    const after = (await t.call(endpoints.profile, { cookies: reader2 })).json().result
    expect(after.userExtraInfo.termsUpdate).toMatchObject({ version })
    expect((await t.call(endpoints.legal, { params: { type: 'terms' }, locale: 'fr' })).json().result).toMatchObject({
      version,
      title: "Conditions d'utilisation",
    })
    expect((await t.call(endpoints.termsAgree, { cookies: reader2, body: { version: String(version) } })).statusCode).toBe(200)
    expect((await t.call(endpoints.profile, { cookies: reader2 })).json().result.userExtraInfo.termsUpdate).toBeNull()
    const audit = (await asOperator(endpoints.opsAudit, { query: { action: 'legal.publish' } })).json().result.entries
    expect(audit[0]).toMatchObject({ target: 'legal:terms', after: { version } })
  })

  it('the update flag feeds the public version check', async () => {
    expect((await t.call(endpoints.appVersion)).json().result).toEqual({ state: 'none', version: '' })
    expect((await asOperator(endpoints.opsUpdate, { body: { state: 'required' } })).statusCode).toBe(400)
    expect((await asOperator(endpoints.opsUpdate, { body: { state: 'required', version: '2026.12.1' } })).statusCode).toBe(200)
    expect((await t.call(endpoints.appVersion)).json().result).toEqual({ state: 'required', version: '2026.12.1' })
    await asOperator(endpoints.opsUpdate, { body: { state: 'none' } })
  })
})

describe('moderation', () => {
  let shift = 0
  const tick = () => {
    shift += 61_000
    t.clock.setFakeTime(new Date(Date.now() + shift))
  }
  afterAll(() => t.clock.setFakeTime(null))

  async function postAndReport(body: string) {
    tick()
    const posted = await t.call(endpoints.postComment, {
      params: { type: target.type, id: target.contentId, chapterId: target.chapterId },
      cookies: reader,
      body: { comment: body },
    })
    expect(posted.statusCode).toBe(200)
    const commentId = posted.json().result.comment.id as number
    expect(
      (await t.call(endpoints.reportComment, { params: { commentId, category: 'spam' }, cookies: reader2, body: { message: 'advertising' } })).statusCode,
    ).toBe(200)
    const queue = (await asOperator(endpoints.opsReports)).json().result.reports as { id: number; comment: { id: number } }[]
    const report = queue.find((r) => r.comment.id === commentId)!
    expect(report).toMatchObject({ kind: 'comment', category: 'spam', message: 'advertising', status: 'queued' })
    return { commentId, reportId: report.id }
  }
  const visibleToVisitor = async (commentId: number) =>
    (
      (await t.call(endpoints.chapterComments, { params: { type: target.type, id: target.contentId, chapterId: target.chapterId } })).json().result
        .comments as { id: number }[]
    ).some((c) => c.id === commentId)

  it('hide: the comment disappears for every reader, the reporter is told; restore brings it back', async () => {
    const { commentId, reportId } = await postAndReport('buy followers at example.com')
    expect(await visibleToVisitor(commentId)).toBe(true)
    const messagesBefore = (await t.call(endpoints.messages, { cookies: reader2 })).json().result.messages.length
    const hidden = await asOperator(endpoints.opsReportAction, { params: { kind: 'comment', id: reportId, action: 'hide' } })
    expect(hidden.json().result).toMatchObject({ status: 'hidden', comment: { hidden: true } })
    expect(await visibleToVisitor(commentId)).toBe(false)
    expect(
      (await t.call(endpoints.chapterComments, { params: { type: target.type, id: target.contentId, chapterId: target.chapterId }, cookies: reader }))
        .json()
        .result.comments.some((c: { id: number }) => c.id === commentId),
    ).toBe(false)
    expect((await t.call(endpoints.likeComment, { params: { commentId }, cookies: reader2 })).statusCode).toBe(404)
    const inbox = (await t.call(endpoints.messages, { cookies: reader2, locale: 'ja' })).json().result.messages as { title: string; body: string }[]
    expect(inbox).toHaveLength(messagesBefore + 1)
    expect(inbox[0]).toMatchObject({ title: '通報の結果について', body: expect.stringMatching(/非表示/) })
    expect((await asOperator(endpoints.opsReports)).json().result.reports.some((r: { id: number }) => r.id === reportId)).toBe(false)
    expect((await asOperator(endpoints.opsReports, { query: { status: 'done' } })).json().result.reports.some((r: { id: number }) => r.id === reportId)).toBe(
      true,
    )
    await asOperator(endpoints.opsReportAction, { params: { kind: 'comment', id: reportId, action: 'restore' } })
    expect(await visibleToVisitor(commentId)).toBe(true)
    const audit = (await asOperator(endpoints.opsAudit, { query: { action: 'comment.' } })).json().result.entries as {
      action: string
      target: string
      before: { hidden: boolean }
      after: { hidden: boolean }
    }[]
    expect(audit.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'comment.restore',
        target: `comment:${commentId}`,
        before: expect.objectContaining({ hidden: true }),
        after: expect.objectContaining({ hidden: false }),
      }),
      expect.objectContaining({
        action: 'comment.hide',
        target: `comment:${commentId}`,
        before: expect.objectContaining({ hidden: false }),
        after: expect.objectContaining({ hidden: true }),
      }),
    ])
  })

  it('dismiss: the comment stays and the reporter is told so', async () => {
    const { commentId, reportId } = await postAndReport('I did not like this chapter')
    const dismissed = await asOperator(endpoints.opsReportAction, { params: { kind: 'comment', id: reportId, action: 'dismiss' } })
    expect(dismissed.json().result).toMatchObject({ status: 'kept', comment: { hidden: false } })
    expect(await visibleToVisitor(commentId)).toBe(true)
    const inbox = (await t.call(endpoints.messages, { cookies: reader2 })).json().result.messages as { body: string }[]
    expect(inbox[0]!.body).toMatch(/stays visible/)
  })

  it('episode reports are acknowledged, and the reporter is told', async () => {
    const reported = await t.call(endpoints.reportContent, {
      params: { type: target.type, id: target.contentId, chapterId: target.chapterId, category: 'image' },
      cookies: reader2,
      body: { message: 'page 2 is blank' },
    })
    expect(reported.statusCode).toBe(200)
    const queue = (await asOperator(endpoints.opsReports, { query: { kind: 'content' } })).json().result.reports as {
      id: number
      message: string
      chapter: { chapterId: number; contentName: string }
    }[]
    const report = queue.find((r) => r.message === 'page 2 is blank')!
    expect(report.chapter.chapterId).toBe(target.chapterId)
    expect(report.chapter.contentName).not.toBe('')
    expect((await asOperator(endpoints.opsReportAction, { params: { kind: 'content', id: report.id, action: 'dismiss' } })).json().result.status).toBe(
      'resolved',
    )
    expect((await t.call(endpoints.messages, { cookies: reader2 })).json().result.messages[0].body).toMatch(/episode/)
  })

  it('mute stops posting until it ends; suspend signs the member out and refuses sign-in until reinstated', async () => {
    const id = Number((await t.db.selectFrom('members').select('id').where('email', '=', 'reader@koma.example').executeTakeFirstOrThrow()).id)
    const muted = await asOperator(endpoints.opsMemberSanction, { params: { userId: id, sanction: 'mute' }, body: { days: '2' } })
    expect(muted.statusCode).toBe(200)
    expect(muted.json().result.commentMutedUntil).not.toBeNull()
    tick()
    const refused = await t.call(endpoints.postComment, {
      params: { type: target.type, id: target.contentId, chapterId: target.chapterId },
      cookies: reader,
      body: { comment: 'hello' },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toMatch(/cannot post comments until/)
    await asOperator(endpoints.opsMemberSanction, { params: { userId: id, sanction: 'unmute' } })
    tick()
    expect(
      (
        await t.call(endpoints.postComment, {
          params: { type: target.type, id: target.contentId, chapterId: target.chapterId },
          cookies: reader,
          body: { comment: 'hello again' },
        })
      ).statusCode,
    ).toBe(200)

    const suspended = await asOperator(endpoints.opsMemberSanction, { params: { userId: id, sanction: 'suspend' } })
    expect(suspended.json().result.suspendedAt).not.toBeNull()
    expect((await t.call(endpoints.profile, { cookies: reader })).statusCode).toBe(401)
    await expect(signIn(t, 'reader@koma.example', 'koma-reader-1')).rejects.toThrow(/403/)
    await asOperator(endpoints.opsMemberSanction, { params: { userId: id, sanction: 'reinstate' } })
    reader = await signIn(t, 'reader@koma.example', 'koma-reader-1')
    expect((await t.call(endpoints.profile, { cookies: reader })).statusCode).toBe(200)
    const actions = ((await asOperator(endpoints.opsAudit, { query: { action: 'member.' } })).json().result.entries as { action: string }[]).map(
      (e) => e.action,
    )
    expect(actions.slice(0, 4)).toEqual(['member.reinstate', 'member.suspend', 'member.unmute', 'member.mute'])
  })
})

describe('content', () => {
  it('finds titles by name in any language or by id, and shows one with its chapters', async () => {
    const detail = (await asOperator(endpoints.opsTitle, { params: { id: target.contentId } })).json().result as {
      names: Record<string, string>
      chapterList: { id: number }[]
    }
    expect(detail.chapterList.some((c) => c.id === target.chapterId)).toBe(true)
    const word = detail.names.fr!.split(/\s+/)[0]!
    const found = (await asOperator(endpoints.opsTitles, { query: { query: word } })).json().result.titles as { id: number }[]
    expect(found.some((title) => title.id === target.contentId)).toBe(true)
    expect((await asOperator(endpoints.opsTitles, { query: { query: target.contentId } })).json().result.titles[0].id).toBe(target.contentId)
    expect((await asOperator(endpoints.opsTitles, { query: { query: '%%no-such-title' } })).json().result.titles).toEqual([])
  })

  it('edits names and descriptions in three languages; readers see them', async () => {
    const body = {
      nameJa: '新しい名前',
      nameEn: 'A new name',
      nameFr: 'Un nouveau nom',
      descriptionJa: '説明',
      descriptionEn: 'About it',
      descriptionFr: 'À propos',
    }
    const edited = await asOperator(endpoints.opsTitleTexts, { params: { id: target.contentId }, body })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().result.names).toEqual({ ja: '新しい名前', en: 'A new name', fr: 'Un nouveau nom' })
    const page = await t.call(endpoints.content, { params: { type: target.type, id: target.contentId }, cookies: reader2, locale: 'fr' })
    expect(page.json().result.name).toBe('Un nouveau nom')
    const audit = (await asOperator(endpoints.opsAudit, { query: { action: 'title.texts' } })).json().result.entries
    expect(audit[0]).toMatchObject({ target: `title:${target.contentId}`, after: { names: { fr: 'Un nouveau nom' } } })
  })

  it('sets a chapter sales config checked by the shared rules; the episode list shows it', async () => {
    const refused = await t.call(endpoints.opsChapterSales, {
      params: { id: target.chapterId },
      cookies: operator.cookies,
      locale: 'ja',
      body: { publishedAt: '2026-01-01T00:00:00Z', free: 'false', purchaseAllowedWith: 'coin' },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toEqual([{ field: 'price', message: 'price: 入力してください。' }])
    const publishedAt = '2025-06-01T00:00:00.000Z'
    const saved = await t.call(endpoints.opsChapterSales, {
      params: { id: target.chapterId },
      cookies: operator.cookies,
      body: {
        publishedAt,
        free: 'false',
        purchaseAllowedWith: 'coin',
        rentAllowedWith: ['ticket', 'coin'],
        price: '40',
        originalPrice: '50',
        rentalPrice: '20',
      },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().result).toMatchObject({
      publishedAt,
      free: false,
      price: 40,
      originalPrice: 50,
      rentalPrice: 20,
      rentAllowedWith: ['ticket', 'coin'],
      purchaseAllowedWith: ['coin'],
    })
    const list = (await t.call(endpoints.content, { params: { type: target.type, id: target.contentId }, cookies: reader2 })).json().result
    const chapter = (list.chapters as { id: number; publishedAt: string; salesConfig: { free: boolean; price: number; rentalPrice: number } }[]).find(
      (c) => c.id === target.chapterId,
    )!
    expect(chapter).toMatchObject({ publishedAt, salesConfig: { free: false, price: 40, rentalPrice: 20 } })
    const audit = (await asOperator(endpoints.opsAudit, { query: { action: 'chapter.sales' } })).json().result.entries
    expect(audit[0]).toMatchObject({ target: `chapter:${target.chapterId}`, before: { free: true }, after: { free: false, price: 40 } })
  })
})

describe('a scheduled chapter', () => {
  afterAll(() => t.clock.setFakeTime(null))

  it('is coming soon until its time: not listed, not readable, not for sale; then it appears', async () => {
    const row = await t.db
      .selectFrom('chapters as ch')
      .innerJoin('contents as c', 'c.id', 'ch.content_id')
      .select(['ch.id', 'c.id as contentId', 'c.type', 'ch.sort'])
      .where('c.mature', '=', false)
      .where('c.status', '=', 'ongoing')
      .where('ch.free', '=', true)
      .where('c.chapter_file_format', '=', 'image')
      .where('c.id', '!=', target.contentId)
      .orderBy('c.id')
      .orderBy('ch.sort', 'desc')
      .executeTakeFirstOrThrow()
    const chapter = { id: Number(row.id), contentId: Number(row.contentId), type: row.type }
    const listed = async () =>
      (
        (await t.call(endpoints.content, { params: { type: chapter.type, id: chapter.contentId }, cookies: reader2 })).json().result.chapters as {
          id: number
        }[]
      ).some((c) => c.id === chapter.id)
    const read = () =>
      t.call(endpoints.chapter, { params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id, salesType: 'product' }, cookies: reader2 })
    expect(await listed()).toBe(true)
    expect((await read()).statusCode).toBe(200)

    const at = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000)
    const scheduled = await asOperator(endpoints.opsChapterSales, { params: { id: chapter.id }, body: { publishedAt: at.toISOString(), free: 'true' } })
    expect(scheduled.statusCode).toBe(200)
    expect(await listed()).toBe(false)
    expect((await read()).statusCode).toBe(404)
    const token = (await t.call(endpoints.coinTransactionToken, { cookies: reader2 })).json().result.token as string
    const rent = await t.call(endpoints.chapterRentWithGauge, {
      params: { type: chapter.type, id: chapter.contentId, chapterId: chapter.id },
      cookies: reader2,
      body: { token, rentalPrice: '0' },
    })
    expect(rent.statusCode).toBe(404)

    t.clock.setFakeTime(new Date(at.getTime() + 60_000))
    expect(await listed()).toBe(true)
    expect((await read()).statusCode).toBe(200)
  })
})

describe('coupons', () => {
  it('an operator creates a coupon a reader redeems, then ends it', async () => {
    const body = {
      code: 'spring-2027 ops',
      kind: 'coin',
      coinType: 'bonus',
      amount: '25',
      maxRedemptions: '1000',
      titleJa: '春のクーポン',
      titleEn: 'Spring coupon',
      titleFr: 'Code du printemps',
    }
    const refused = await t.call(endpoints.opsCouponCreate, { cookies: operator.cookies, locale: 'fr', body: { ...body, kind: 'ticket', amount: '0' } })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toEqual([{ field: 'amount', message: "amount n'est pas valide." }])
    const created = await asOperator(endpoints.opsCouponCreate, { body })
    expect(created.statusCode).toBe(200)
    expect(created.json().result).toMatchObject({ code: 'SPRING2027OPS', amount: 25, coinType: 'bonus', live: true, redeemed: 0 })
    expect((await asOperator(endpoints.opsCouponCreate, { body })).statusCode).toBe(409)
    const redeemed = await t.call(endpoints.couponRedeem, { cookies: reader2, locale: 'fr', body: { code: 'spring2027ops' } })
    expect(redeemed.statusCode).toBe(200)
    expect(JSON.stringify(redeemed.json().result)).toContain('Code du printemps')
    const listed = (await asOperator(endpoints.opsCoupons)).json().result.coupons as { code: string; redeemed: number }[]
    expect(listed.find((c) => c.code === 'SPRING2027OPS')).toMatchObject({ redeemed: 1 })
    const ended = await asOperator(endpoints.opsCouponEnd, { params: { code: 'SPRING2027OPS' } })
    expect(ended.json().result.live).toBe(false)
    expect((await t.call(endpoints.couponRedeem, { cookies: reader, body: { code: 'SPRING2027OPS' } })).statusCode).toBe(410)
    const audit = (await asOperator(endpoints.opsAudit, { query: { action: 'coupon.' } })).json().result.entries as { action: string }[]
    expect(audit.map((e) => e.action).slice(0, 2)).toEqual(['coupon.end', 'coupon.create'])
  })
})

describe('notices and FAQ', () => {
  afterAll(() => t.clock.setFakeTime(null))

  it('a scheduled notice shows when its time comes, in each language; ending it removes it', async () => {
    const at = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000)
    const body = {
      category: 'update',
      pinned: 'true',
      publishedAt: at.toISOString(),
      titleJa: '新機能',
      titleEn: 'New feature',
      titleFr: 'Nouveauté',
      bodyJa: '本文',
      bodyEn: 'Body',
      bodyFr: 'Corps',
    }
    const created = await asOperator(endpoints.opsNoticeCreate, { body })
    expect(created.json().result).toMatchObject({ live: false, pinned: true, category: 'update' })
    const id = created.json().result.id as number
    const readerTitles = async (locale: 'fr' | 'ja') =>
      ((await t.call(endpoints.notices, { locale })).json().result.notices as { id: number; title: string }[]).filter((n) => n.id === id).map((n) => n.title)
    expect(await readerTitles('fr')).toEqual([])
    t.clock.setFakeTime(new Date(at.getTime() + 1000))
    expect(await readerTitles('fr')).toEqual(['Nouveauté'])
    expect(await readerTitles('ja')).toEqual(['新機能'])
    expect((await asOperator(endpoints.opsNoticeUpdate, { params: { id }, body: { ...body, titleFr: 'Du nouveau' } })).statusCode).toBe(200)
    expect(await readerTitles('fr')).toEqual(['Du nouveau'])
    expect((await t.call(endpoints.opsNoticeDelete, { params: { id }, cookies: operator.cookies })).statusCode).toBe(200)
    expect(await readerTitles('fr')).toEqual([])
    const audit = (await asOperator(endpoints.opsAudit, { query: { action: 'notice.' } })).json().result.entries as { action: string; before: unknown }[]
    expect(audit.map((e) => e.action).slice(0, 3)).toEqual(['notice.delete', 'notice.update', 'notice.create'])
    expect(audit[0]!.before).toMatchObject({ texts: { fr: { title: 'Du nouveau' } } })
  })

  it('questions are added, edited and removed', async () => {
    const body = {
      category: 'coin',
      sort: '0',
      questionJa: '質問？',
      questionEn: 'A question?',
      questionFr: 'Une question ?',
      answerJa: '答え',
      answerEn: 'An answer',
      answerFr: 'Une réponse',
    }
    const created = await asOperator(endpoints.opsFaqCreate, { body })
    const id = created.json().result.id as number
    const readerFaqs = async () =>
      ((await t.call(endpoints.faqs, { query: { category: 'coin' }, locale: 'fr' })).json().result.faqs as { id: number; question: string }[]).filter(
        (f) => f.id === id,
      )
    expect(await readerFaqs()).toEqual([expect.objectContaining({ question: 'Une question ?' })])
    expect((await asOperator(endpoints.opsFaqUpdate, { params: { id }, body: { ...body, category: 'nothing' } })).json().fields).toEqual([
      { field: 'category', message: 'category is not valid.' },
    ])
    expect((await t.call(endpoints.opsFaqDelete, { params: { id }, cookies: operator.cookies })).statusCode).toBe(200)
    expect(await readerFaqs()).toEqual([])
  })
})
