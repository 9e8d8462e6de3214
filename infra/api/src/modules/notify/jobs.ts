import PgBoss from 'pg-boss'
import { createQueue } from '../../db/jobQueues'
import { countingFailures } from '../../metrics/metrics'
import type { JobsConnection } from '../../db/connect'
import type { AppDeps } from '../../deps'
import { announceExpiringGifts, announceReleases, deliverNotification, takeDue } from './service'

/**
 * The notification jobs on pg-boss (a job queue kept in the database itself: PostgreSQL, or the
 * embedded PGlite through Kysely's one connection, see db/connect.ts).
 *
 *   koma-notify-tick     every TICK_MS (5 s) each API process asks for one; the queue's "stately"
 *                        policy keeps at most one waiting, so several processes do not pile
 *                        them up. It announces releases and expiring gifts, then queues a
 *                        delivery for each notification that is due (the night window is in
 *                        due_at, by the API clock: faketime moves it).
 *   koma-notify-deliver  one notification; retried with backoff when the mail fails. Two
 *                        workers (two API processes) cannot both send it: the delivery claims
 *                        its row first (service.ts).
 */
export const QUEUES = { tick: 'koma-notify-tick', deliver: 'koma-notify-deliver' } as const
export const TICK_MS = 5_000
export const DELIVERY_RETRY = { retryLimit: 5, retryDelay: 10, retryBackoff: true } as const

export interface NotificationJobs {
  boss: PgBoss
  /** Ask for a tick now (tests, and after the clock moves). */
  tick(): Promise<void>
  stop(): Promise<void>
}

export interface JobOptions {
  tickMs?: number
  /** Seconds between polls of each queue (pg-boss's minimum is 0.5). */
  pollingSeconds?: number
  /** Seconds before a failed delivery's first retry (doubling after; tests shorten it). */
  retryDelay?: number
  onError?: (error: unknown) => void
}

export async function startNotificationJobs(deps: AppDeps, connection: JobsConnection, options: JobOptions = {}): Promise<NotificationJobs> {
  const onError = options.onError ?? ((error: unknown) => console.error(`[notify] ${error instanceof Error ? error.message : String(error)}`))
  const boss = new PgBoss({
    ...('db' in connection ? { db: connection.db } : { connectionString: connection.connectionString, max: 3 }),
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule: false,
    // Finished jobs are kept a day for inspection, then archived and deleted by pg-boss itself.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
  })
  boss.on('error', onError)
  await boss.start()
  await createQueue(boss, { name: QUEUES.tick, policy: 'stately', retryLimit: 0, expireInSeconds: 120 })
  const retry = { ...DELIVERY_RETRY, retryDelay: options.retryDelay ?? DELIVERY_RETRY.retryDelay }
  await createQueue(boss, { name: QUEUES.deliver, ...retry, expireInSeconds: 300 })
  const polling = { pollingIntervalSeconds: options.pollingSeconds ?? 2 }

  const tickJob = async () => {
    await announceReleases(deps)
    await announceExpiringGifts(deps)
    for (;;) {
      const ids = await takeDue(deps)
      if (!ids.length) break
      await boss.insert(ids.map((id) => ({ name: QUEUES.deliver, data: { id }, ...retry })))
    }
  }
  const deliverJobs = async (jobs: PgBoss.Job<{ id: number }>[]) => {
    // One failure fails the batch: the retry finds the others already sent and does nothing.
    let failure: unknown = null
    for (const job of jobs) {
      try {
        await deliverNotification(deps, Number(job.data.id))
      } catch (error) {
        failure = error
      }
    }
    if (failure) throw failure
  }
  await boss.work(QUEUES.tick, polling, async () => countingFailures(deps.metrics, QUEUES.tick, () => tickJob()))
  await boss.work<{ id: number }>(QUEUES.deliver, { ...polling, batchSize: 5 }, async (jobs) =>
    countingFailures(deps.metrics, QUEUES.deliver, () => deliverJobs(jobs)),
  )
  deps.metrics?.watchQueues(boss, Object.values(QUEUES))

  const tick = async () => {
    await boss.send(QUEUES.tick, {})
  }
  const timer = setInterval(() => void tick().catch(onError), options.tickMs ?? TICK_MS)
  timer.unref()
  return {
    boss,
    tick,
    stop: async () => {
      clearInterval(timer)
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 })
    },
  }
}
