import PgBoss from 'pg-boss'
import pg from 'pg'
import { eventually } from '../../../../e2e/support/eventually'
import { createTestApp, type TestApp } from '../../test/testApp'

/**
 * pg-boss settles a job (complete or fail) after its handler has run. In pg-boss 10 that call was
 * not awaited, so when the database went away at that moment (a PostgreSQL restart, issue 18) the
 * rejection was unhandled and Node ended the whole API process: the fault test caught one API
 * process dying this way. `patches/pg-boss+*.patch` awaits both calls, as pg-boss 11 does (11 needs
 * Node 22): the failure reaches the worker, which reports it as an 'error' event, and the process
 * lives on. Both lanes.
 */
let t: TestApp
let pool: pg.Pool | undefined
beforeAll(async () => {
  t = await createTestApp()
}, 120_000)
afterAll(async () => {
  await pool?.end()
  await t?.close()
})

it('a job settled while the database is gone is reported as an error, never as an unhandled rejection', async () => {
  const connection = t.jobsConnection
  if ('connectionString' in connection) pool = new pg.Pool({ connectionString: connection.connectionString, max: 2 })
  const reach = 'db' in connection ? connection.db.executeSql : (text: string, values?: unknown[]) => pool!.query(text, values)
  let gone = false
  const db = { executeSql: (text: string, values?: unknown[]) => (gone ? Promise.reject(new Error('database gone')) : reach(text, values)) }

  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  const boss = new PgBoss({ db, schema: 'pgboss_settle', migrate: true, supervise: false, schedule: false })
  const errors: string[] = []
  boss.on('error', (error: Error) => errors.push(error.message))
  try {
    await boss.start()
    await boss.createQueue('koma-settle')
    await boss.send('koma-settle', {})
    // The handler succeeds, and the database is gone when pg-boss marks the job completed.
    await boss.work('koma-settle', { pollingIntervalSeconds: 0.5 }, async () => {
      gone = true
    })
    await eventually(
      async () => errors,
      (seen) => seen.some((message) => message.startsWith('database gone')),
    )
    expect(unhandled).toEqual([])
  } finally {
    process.off('unhandledRejection', onUnhandled)
    gone = false
    await boss.stop({ graceful: true, wait: true, timeout: 5_000 })
  }
})
