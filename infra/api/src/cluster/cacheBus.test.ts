import { endpoints, type ContentType } from '@koma/contracts/server'
import { eventually } from '../../../e2e/support/eventually'
import { registerMember, sealed, uniqueEmail } from '../test/account'
import { becomeOperator } from '../test/ops'
import { readableTitle } from '../test/fixtures'
import { testLane } from '../test/lane'
import { createTestApp, type TestApp } from '../test/testApp'
import { startCacheBus, type CacheBus } from './cacheBus'

jest.setTimeout(120_000)

/**
 * Issue 18: two API processes (two apps, one PostgreSQL database, each with its own caches). A
 * write on A reaches B's short-lived copies through LISTEN/NOTIFY: B does not serve the old
 * title (15 s cache) or miss it in search (60 s index) once A has changed it. The waits below
 * are far shorter than those lifetimes, so only the bus can make them pass.
 */
const onPostgres = testLane() === 'postgres' ? describe : describe.skip

onPostgres('cache invalidations across API processes (LISTEN/NOTIFY)', () => {
  let a: TestApp
  let b: TestApp
  let busA: CacheBus
  let busB: CacheBus
  let operator: Record<string, string>
  let target: { type: ContentType; id: number }

  beforeAll(async () => {
    a = await createTestApp({ twin: false, configure: (config) => ({ ...config, instance: 'api-a' }) })
    b = await createTestApp({ sameDatabaseAs: a, configure: (config) => ({ ...config, instance: 'api-b' }) })
    busA = startCacheBus(a.deps, a.databaseUrl!)
    busB = startCacheBus(b.deps, a.databaseUrl!)
    await Promise.all([busA.ready, busB.ready])
    const made = await registerMember(a, { email: uniqueEmail('cluster-op') })
    await becomeOperator(a, made)
    operator = made.cookies
    target = await readableTitle(a.db)
  })
  afterAll(async () => {
    await busB?.close()
    await busA?.close()
    await b?.close()
    await a?.close()
  })

  /** What a signed-out reader of B sees: the title's English name (B's shared cache) and the ids a search finds (B's index). */
  const nameOnB = async () => (await b.call(endpoints.content, { params: { type: target.type, id: target.id } })).json().result.name as string
  const foundOnB = async (word: string) =>
    ((await b.call(endpoints.search, { body: { query: word } })).json().result.contents as { id: number }[]).map((content) => Number(content.id))

  const rename = async (word: string) => {
    const body = {
      nameJa: `${word} 題`,
      nameEn: `${word} Title`,
      nameFr: `Titre ${word}`,
      descriptionJa: '説明',
      descriptionEn: 'About',
      descriptionFr: 'À propos',
    }
    const edited = await a.call(endpoints.opsTitleTexts, { params: { id: target.id }, body, cookies: operator })
    expect(edited.statusCode).toBe(200)
  }

  it('a title renamed on A is shown and found on B at once, not after B’s caches expire', async () => {
    const before = await nameOnB()
    expect(await foundOnB('Quillfeather')).toEqual([])
    // B holds the old name and an index without the new word.
    expect(await nameOnB()).toBe(before)
    await rename('Quillfeather')
    await eventually(nameOnB, (name) => name === 'Quillfeather Title', 3_000, 50)
    await eventually(
      () => foundOnB('Quillfeather'),
      (ids) => ids.includes(target.id),
      3_000,
      50,
    )
  })

  it('B listens again after its connection is cut, and serves nothing stale meanwhile', async () => {
    expect(await nameOnB()).toBe('Quillfeather Title')
    const cut = await a.db
      .selectFrom('pg_stat_activity' as never)
      .select((eb) => eb.fn<boolean>('pg_terminate_backend', [eb.ref('pid' as never)]).as('cut'))
      .where('datname' as never, '=', a.databaseUrl!.split('/').pop() as never)
      .where('query' as never, 'like', 'LISTEN%' as never)
      .execute()
    expect(cut.length).toBe(2)
    await rename('Marrowlight')
    await eventually(nameOnB, (name) => name === 'Marrowlight Title', 3_000, 50)
    await eventually(
      () => foundOnB('Marrowlight'),
      (ids) => ids.includes(target.id),
      3_000,
      50,
    )
    // Listening again: the next change arrives too.
    await rename('Thistledown')
    await eventually(nameOnB, (name) => name === 'Thistledown Title', 3_000, 50)
  })

  it('once B has caught up (CacheBus.caughtUp), it serves and finds a change made on A, with no wait of its own', async () => {
    expect(await nameOnB()).toBe('Thistledown Title')
    await rename('Lanternwick')
    await busB.caughtUp()
    expect(await nameOnB()).toBe('Lanternwick Title')
    expect(await foundOnB('Lanternwick')).toContain(target.id)
  })

  it('a sign-in sealed with the key issued by A is opened by B (the key and the one-time session key live in the database)', async () => {
    const member = await registerMember(a, { email: uniqueEmail('cluster-signin') })
    const sealedOnA = await sealed(a, { password: member.password })
    const onB = await b.call(endpoints.signin, { body: { email: member.email, ...sealedOnA, stayLogged: 'false' } })
    expect(onB.statusCode).toBe(200)
    // The session key was used once, wherever it is used again.
    const again = await a.call(endpoints.signin, { body: { email: member.email, ...sealedOnA, stayLogged: 'false' } })
    expect(again.statusCode).not.toBe(200)
  })

  it('the debug clock moved through A moves B; a process that starts listening afterwards takes the same time; clearing it clears it everywhere', async () => {
    const at = new Date(Date.now() + 3 * 24 * 3600_000)
    try {
      expect((await a.call(endpoints.debugFaketimeSet, { query: { time: at.toISOString() } })).statusCode).toBe(200)
      const nearAt = (now: Date) => Math.abs(now.getTime() - at.getTime()) < 60_000
      await eventually(async () => b.deps.clock.now(), nearAt, 3_000, 20)
      // A third process, started after the clock moved, reads the shared shift when it starts listening.
      const c = await createTestApp({ sameDatabaseAs: a, configure: (config) => ({ ...config, instance: 'api-c' }) })
      const busC = startCacheBus(c.deps, a.databaseUrl!)
      try {
        await busC.ready
        expect(nearAt(c.deps.clock.now())).toBe(true)
        expect((await b.call(endpoints.debugFaketimeClear)).statusCode).toBe(200)
        const real = (now: Date) => Math.abs(now.getTime() - Date.now()) < 60_000
        await eventually(async () => a.deps.clock.now(), real, 3_000, 20)
        await eventually(async () => c.deps.clock.now(), real, 3_000, 20)
      } finally {
        await busC.close()
        await c.close()
      }
    } finally {
      a.clock.setFakeTime(null)
      b.clock.setFakeTime(null)
    }
  })
})
