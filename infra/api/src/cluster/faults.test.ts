import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { HEADERS, endpoints, requestChecksum } from '@koma/contracts/server'
import { sql } from 'kysely'
import { eventually } from '../../../e2e/support/eventually'
import { registerMember } from '../test/account'
import { creditCoins } from '../modules/coin/ledger'
import { coinChapters } from '../test/fixtures'
import { testLane } from '../test/lane'
import { first } from '../test/lists'
import { startPrivatePostgres, type PrivatePostgres } from '../test/privatePostgres'
import { freePort, startApiProcess, waitForOk, type ServerProcess } from '../test/processes'
import { createTestApp, requestOf, type CallOptions, type TestApp } from '../test/testApp'

jest.setTimeout(120_000)

/**
 * Issue 18, the fault test: two real API processes on one PostgreSQL database serve 25 readers who
 * each unlock a chapter with coins and finish a coin purchase, 50 calls at once. While they are in
 * flight one API process is killed (SIGKILL) and PostgreSQL itself is restarted for real: the
 * test runs a server of its own (test/privatePostgres.ts; the shared server of the other test
 * files must not be restarted), stops it the way a crash does (`pg_ctl stop -m immediate`: every
 * backend ended at once, the transactions in flight lost, no shutdown checkpoint), asks the
 * surviving process for something while the server is down, and starts it again (crash recovery
 * from the WAL) while the rest of the 50 calls go on.
 *
 * Then: every call got an answer or a refused connection within its time (none hangs), every
 * failure the API answered carries SPEC §8's message; the surviving process serves again by
 * itself; a reader whose purchase failed finishes it by trying again; and the money adds up:
 * no grant is overspent, a coin spend exists exactly for each unlocked chapter (nobody charged for
 * an unlock that failed), and each order is credited once, only if finished.
 */
const onPostgres = testLane() === 'postgres' ? describe : describe.skip

const READERS = 25
const CALL_TIMEOUT_MS = 30_000
const STRIKE_AFTER = 16

type Body = { code?: number; message?: string; result?: unknown }
type Outcome = { kind: 'answered'; status: number; body: Body } | { kind: 'refused'; error: string }

/** A browser's call to one API process over HTTP (signed as the browser signs it), never waiting past CALL_TIMEOUT_MS. */
async function httpCall(port: number, [method, url, options]: [string, string, CallOptions]): Promise<Outcome> {
  const time = String(Date.now())
  const headers: Record<string, string> = {
    [HEADERS.language]: options.locale ?? 'en',
    [HEADERS.platform]: 'web',
    [HEADERS.clientUid]: 'fault-test',
    [HEADERS.requestTime]: time,
    [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'),
  }
  if (options.cookies)
    headers.cookie = Object.entries(options.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ')
  let body: string | undefined
  if (options.body) {
    const form = new URLSearchParams()
    for (const [key, value] of Object.entries(options.body)) for (const item of [value].flat()) form.append(key, item)
    body = form.toString()
    headers['content-type'] = 'application/x-www-form-urlencoded'
  }
  try {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, { method, headers, body, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) })
    const text = await response.text()
    let parsed: Body
    try {
      parsed = JSON.parse(text) as Body
    } catch {
      parsed = { message: text }
    }
    return { kind: 'answered', status: response.status, body: parsed }
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}` : String(error)
    // A call that timed out is a hang: the test fails on it below.
    return { kind: 'refused', error: reason }
  }
}

onPostgres('faults: PostgreSQL restarts (a crash) and an API process is killed during 50 money calls', () => {
  let server: PrivatePostgres | undefined
  let t: TestApp
  const apis: ServerProcess[] = []
  let dataDir: string | undefined

  beforeAll(async () => {
    // Made here, not in the describe body: that body runs in the PGlite lane too, where the tests are skipped.
    const dir = (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-fault-')))
    server = await startPrivatePostgres()
    t = await createTestApp({ postgresServer: server.adminUrl })
    for (const instance of ['api-1', 'api-2']) apis.push(startApiProcess(t.databaseUrl!, await freePort(), instance, dir))
    for (const api of apis) await waitForOk(`http://127.0.0.1:${api.port}/api/health`, api)
  })
  afterAll(async () => {
    try {
      for (const api of apis) await api.stop()
      await t?.close()
    } finally {
      // Even when the test failed: no server process or folder outlives it.
      await server?.remove()
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('nothing hangs, failures say so in the reader’s language, the survivor recovers, and every coin is accounted for', async () => {
    const chapter = first(await coinChapters(t.db), 'a chapter sold for coins')
    const product = ((await t.call(endpoints.coinSalesConfig)).json().result.products as { seq: number }[])[0]!

    // 25 readers, each with coins, a transaction token and an approved PayPal order waiting to be finished.
    const readers: { member: Awaited<ReturnType<typeof registerMember>>; token: string; serviceOrderId: string; orderId: string; payerId: string }[] = []
    for (let i = 0; i < READERS; i++) {
      const member = await registerMember(t)
      await t.db.transaction().execute((trx) =>
        creditCoins(trx, {
          memberId: member.userId,
          coinType: 'purchased',
          amount: 1000,
          expiresAt: null,
          reason: 'order',
          ref: `fault-${member.userId}`,
          now: t.clock.now(),
        }),
      )
      const token = (await t.call(endpoints.coinTransactionToken, { cookies: member.cookies })).json().result.token as string
      const reserved = (
        await t.call(endpoints.paymentReserve, { params: { method: 'paypal' }, cookies: member.cookies, body: { productSeq: String(product.seq) } })
      ).json().result as { serviceOrderId: string; orderId: string }
      const approved = await t.app.inject({
        method: 'POST',
        url: `/api/sandbox/payments/paypal/v2/checkout/orders/${reserved.orderId}/approve`,
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      })
      expect(approved.statusCode).toBe(200)
      readers.push({ member, token, ...reserved, payerId: (approved.json() as { payer: { payer_id: string } }).payer.payer_id })
    }

    const unlockOf = (reader: (typeof readers)[number]) =>
      requestOf(endpoints.chapterUnlock, {
        params: { type: chapter.type, id: Number(chapter.contentId), chapterId: Number(chapter.id) },
        cookies: reader.member.cookies,
        body: { token: reader.token, price: String(chapter.price) },
      })
    const finishOf = (reader: (typeof readers)[number]) =>
      requestOf(endpoints.paymentExecute, {
        cookies: reader.member.cookies,
        body: { serviceOrderId: reader.serviceOrderId, token: reader.orderId, orderId: reader.orderId, PayerID: reader.payerId },
      })

    // 50 calls at once, spread over both processes; the faults strike once a third of them are answered, the rest in flight:
    // one process is killed and PostgreSQL crashes; while it is down the surviving process is asked for an unlock
    // (it must answer SPEC §8's message at once), then PostgreSQL starts again, recovering, while the other calls go on.
    // The crash also ends this process's idle pooled connections (the test app's, on the same server):
    // db/connect.ts logs each and the process lives on, which is part of what is under test. The test
    // takes those lines instead of letting them print, and lets no other console error through.
    const logged: unknown[][] = []
    const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args))
    const faults: { struck?: Promise<Outcome> } = {}
    let answered = 0
    const strike = () => {
      answered += 1
      if (answered < STRIKE_AFTER) return
      faults.struck ??= (async () => {
        apis[1]!.child.kill('SIGKILL')
        await server!.crash()
        const during = await httpCall(apis[0]!.port, unlockOf(readers[0]!))
        await server!.start()
        return during
      })()
    }
    const calls = readers.flatMap((reader, i) => [
      { reader, what: 'unlock' as const, outcome: httpCall(apis[i % 2]!.port, unlockOf(reader)).finally(strike) },
      { reader, what: 'finish' as const, outcome: httpCall(apis[(i + 1) % 2]!.port, finishOf(reader)).finally(strike) },
    ])
    const settle = async () => {
      const settled = await Promise.all(calls.map(async (call) => ({ ...call, outcome: await call.outcome })))
      if (!faults.struck) throw new Error('the faults never struck')
      return { settled, during: await faults.struck }
    }
    const { settled, during } = await settle().finally(() => consoleError.mockRestore())
    expect(logged.filter(([message]) => !/^\[db\] idle PostgreSQL connection failed: /.test(String(message)))).toEqual([])

    const hung = settled.filter((call) => call.outcome.kind === 'refused' && /TimeoutError|aborted/i.test(call.outcome.error))
    expect(hung).toEqual([])
    for (const outcome of [...settled.map((call) => call.outcome), during]) {
      if (outcome.kind !== 'answered' || outcome.status < 500) continue
      expect(outcome).toMatchObject({ status: 500, body: { code: 500, message: 'The data could not be obtained. Please try again later.' } })
    }
    expect({ during, survivor: apis[0]!.child.exitCode === null ? 'running' : apis[0]!.output.join('').slice(-3000) }).toMatchObject({
      during: { kind: 'answered', status: 500 },
      survivor: 'running',
    })
    // Some calls were cut: the faults struck while they were in flight.
    expect(settled.filter((call) => call.outcome.kind !== 'answered' || call.outcome.status !== 200).length).toBeGreaterThan(0)

    // The surviving process serves again by itself.
    await eventually(
      async () => httpCall(apis[0]!.port, requestOf(endpoints.coinSalesConfig, { cookies: readers[0]!.member.cookies })),
      (outcome) => outcome.kind === 'answered' && outcome.status === 200,
      20_000,
      100,
    )
    // A reader whose purchase failed tries again and it finishes (credited once, see below).
    for (const call of settled.filter((c) => c.what === 'finish' && !(c.outcome.kind === 'answered' && c.outcome.status === 200))) {
      const again = await httpCall(apis[0]!.port, finishOf(call.reader))
      expect(again).toMatchObject({ kind: 'answered', status: 200 })
    }

    // The money adds up.
    for (const { member, serviceOrderId, token } of readers) {
      const grants = await sql<{ id: number; amount: number; used: number }>`
        select g.id, g.amount, coalesce(sum(s.amount), 0)::int as used from coin_ledger g
        left join coin_ledger s on s.grant_id = g.id
        where g.member_id = ${member.userId} and g.grant_id is null group by g.id, g.amount`.execute(t.db)
      for (const grant of grants.rows) expect(Number(grant.amount) + Number(grant.used)).toBeGreaterThanOrEqual(0)
      const spends = await t.db.selectFrom('coin_movements').select(['id', 'ref']).where('member_id', '=', member.userId).where('kind', '=', 'spend').execute()
      const access = await t.db
        .selectFrom('chapter_access')
        .select('chapter_id')
        .where('member_id', '=', member.userId)
        .where('chapter_id', '=', Number(chapter.id))
        .execute()
      // Charged exactly when the chapter is theirs: one spend, with their token, or none at all.
      expect({ spends: spends.length, access: access.length }).toEqual(access.length ? { spends: 1, access: 1 } : { spends: 0, access: 0 })
      if (spends.length) expect(spends[0]!.ref).toBe(token)
      const order = await t.db.selectFrom('coin_orders').select(['state']).where('service_order_id', '=', serviceOrderId).executeTakeFirstOrThrow()
      expect(order.state).toBe('finished')
      const credits = await t.db
        .selectFrom('coin_movements')
        .select('id')
        .where('member_id', '=', member.userId)
        .where('reason', '=', 'order')
        .where('ref', '=', serviceOrderId)
        .execute()
      expect(credits.length).toBe(1)
    }
  })
})
