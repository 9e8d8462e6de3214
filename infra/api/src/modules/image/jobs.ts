import PgBoss from 'pg-boss'
import { createQueue } from '../../db/jobQueues'
import { countingFailures } from '../../metrics/metrics'
import type { JobsConnection } from '../../db/connect'
import type { AppDeps } from '../../deps'
import { backfillStatus, backfillStep, encodeImageVariants, ensureBackfill } from './variants'

/**
 * The image jobs on pg-boss (issue 34), beside the notification jobs (notify/jobs.ts: the same
 * database-kept queue, on PostgreSQL or through PGlite's one connection):
 *
 *   koma-image-encode    one image's AVIF variants (variants.ts), queued when an import or the
 *                        operator console's upload publishes a title (`queueImageEncodes`).
 *                        Retried 3 times with backoff; an encode that is already stored is a no-op.
 *   koma-image-backfill  older images' AVIF, a step at a time (up to BACKFILL_STEP images, about a
 *                        minute), each step queueing the next while the backfill runs; the queue's
 *                        "stately" policy keeps one at a time over every process. Progress is the
 *                        `image_backfill` row: stopped anywhere (an operator, a crash, a deploy) it
 *                        resumes after the last image it finished. Every BACKFILL_TICK_MS a process
 *                        queues a step when the backfill runs or images arrived after its mark.
 *
 * Encodes run in the process's render pool's background lane: one at a time, and only when no
 * reader's render waits. `npm run images -- avif status|start|stop|run` is the operator's side.
 */
export const IMAGE_QUEUES = { encode: 'koma-image-encode', backfill: 'koma-image-backfill' } as const
export const BACKFILL_TICK_MS = 60_000
export const BACKFILL_STEP = 10
const ENCODE_RETRY = { retryLimit: 3, retryDelay: 30, retryBackoff: true } as const

export interface ImageJobs {
  boss: PgBoss
  /** Queue these images' AVIF encodes. */
  queue(imageIds: number[]): Promise<void>
  /** Queue a backfill step now (tests, and the tick). */
  backfill(): Promise<void>
  stop(): Promise<void>
}

export interface ImageJobOptions {
  tickMs?: number
  /** Seconds between polls of each queue (pg-boss's minimum is 0.5). */
  pollingSeconds?: number
  /** Whether the backfill runs by itself on a site that never ran it (config.imageJobs.backfillStarts). */
  backfillStarts?: boolean
  onError?: (error: unknown) => void
  log?: (line: string) => void
}

const running = new WeakMap<object, ImageJobs>()

/** This process's image jobs, when it runs them. */
export const imageJobsOf = (deps: AppDeps): ImageJobs | undefined => running.get(deps)

const bossFor = (connection: JobsConnection, supervise: boolean) =>
  new PgBoss({
    ...('db' in connection ? { db: connection.db } : { connectionString: connection.connectionString, max: 2 }),
    schema: 'pgboss',
    migrate: true,
    supervise,
    schedule: false,
    archiveCompletedAfterSeconds: 24 * 60 * 60,
  })

async function createQueues(boss: PgBoss): Promise<void> {
  await createQueue(boss, { name: IMAGE_QUEUES.encode, ...ENCODE_RETRY, expireInSeconds: 15 * 60 })
  await createQueue(boss, { name: IMAGE_QUEUES.backfill, policy: 'stately', retryLimit: 2, expireInSeconds: 15 * 60 })
}

const encodeJobs = (imageIds: number[]) => imageIds.map((id) => ({ name: IMAGE_QUEUES.encode, data: { id }, ...ENCODE_RETRY }))

export async function startImageJobs(deps: AppDeps, connection: JobsConnection, options: ImageJobOptions = {}): Promise<ImageJobs> {
  const onError = options.onError ?? ((error: unknown) => console.error(`[images] ${error instanceof Error ? error.message : String(error)}`))
  const log = options.log ?? ((line: string) => console.log(`[images] ${line}`))
  await ensureBackfill(deps.db, options.backfillStarts ? 'running' : 'stopped')
  const boss = bossFor(connection, true)
  boss.on('error', onError)
  await boss.start()
  await createQueues(boss)
  const polling = { pollingIntervalSeconds: options.pollingSeconds ?? 2 }

  await boss.work<{ id: number }>(IMAGE_QUEUES.encode, { ...polling, batchSize: 1 }, async ([job]) =>
    countingFailures(deps.metrics, IMAGE_QUEUES.encode, async () => {
      if (job) await encodeImageVariants(deps, Number(job.data.id))
    }),
  )
  const backfillJob = async () => {
    const started = Date.now()
    const step = await backfillStep(deps, { limit: BACKFILL_STEP, log, until: () => Date.now() - started > 60_000 })
    if (step.images) log(`AVIF backfill: ${step.images} images, ${step.variants} variants encoded${step.failures ? `, ${step.failures} failed` : ''}`)
    if (step.more) await boss.send(IMAGE_QUEUES.backfill, {})
  }
  await boss.work(IMAGE_QUEUES.backfill, polling, async () => countingFailures(deps.metrics, IMAGE_QUEUES.backfill, () => backfillJob()))
  deps.metrics?.watchQueues(boss, Object.values(IMAGE_QUEUES))

  const backfill = async () => {
    await boss.send(IMAGE_QUEUES.backfill, {})
  }
  // The backfill goes on when it runs, and comes back from `done` when images arrived after its mark.
  const tick = async () => {
    const status = await backfillStatus(deps.db)
    if (status.state === 'stopped') return
    if (status.state === 'running' || status.remaining > 0) {
      if (status.state === 'done')
        await deps.db
          .updateTable('image_backfill')
          .set({ state: 'running', updated_at: new Date() })
          .where('name', '=', 'avif')
          .where('state', '=', 'done')
          .execute()
      await backfill()
    }
  }
  const timer = setInterval(() => void tick().catch(onError), options.tickMs ?? BACKFILL_TICK_MS)
  timer.unref()
  const jobs: ImageJobs = {
    boss,
    queue: async (imageIds) => {
      if (imageIds.length) await boss.insert(encodeJobs(imageIds))
    },
    backfill,
    stop: async () => {
      clearInterval(timer)
      running.delete(deps)
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 })
    },
  }
  running.set(deps, jobs)
  await tick().catch(onError)
  return jobs
}

/**
 * Queue images' AVIF encodes from wherever they were published: this process's running jobs, or
 * (a command such as `npm run import`) a pg-boss client of its own on `connection` that only
 * queues. Without either the images wait for the backfill. Never fails the publishing: answers
 * whether the encodes were queued.
 */
export async function queueImageEncodes(deps: AppDeps, imageIds: number[], connection?: JobsConnection): Promise<boolean> {
  if (!imageIds.length) return true
  try {
    const jobs = imageJobsOf(deps)
    if (jobs) {
      await jobs.queue(imageIds)
      return true
    }
    if (!connection) return false
    const boss = bossFor(connection, false)
    boss.on('error', () => {})
    await boss.start()
    try {
      await createQueues(boss)
      await boss.insert(encodeJobs(imageIds))
    } finally {
      await boss.stop({ graceful: false, wait: true })
    }
    return true
  } catch (error) {
    console.error(
      `[images] queueing ${imageIds.length} AVIF encodes failed (the backfill will do them): ${error instanceof Error ? error.message : String(error)}`,
    )
    return false
  }
}
