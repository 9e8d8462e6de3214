import { tooManyRequests } from '../../http/errorCatalogue'
import type { RenderPoolLimits } from '../../limits'

/**
 * Where uncached image renders run (issue 33): at most `concurrency` at once, at most `queue` more
 * waiting their turn, and past that refused at once with a 429 and Retry-After (SPEC §8's 503
 * means maintenance to the browser, so a busy renderer is not one). A render is CPU for a few
 * hundred milliseconds on libuv's pool; unbounded, sixty of them took both cores and the event
 * loop that answers everyone else with them. A semaphore with a bounded wait list: p-limit and
 * p-queue queue without a bound, and a caller has to be told "no" before it waits.
 *
 * The job queue's AVIF encodes (issue 34, variants.ts) run here too, in the background lane
 * (`runInBackground`): one at a time, and only in a slot no reader's render is waiting for, so
 * readers' renders always go first; an encode is cut into one width at a time, so a reader who
 * arrives meanwhile waits for at most one width's encode.
 */
export class RenderPool {
  private running = 0
  private readonly waiting: (() => void)[] = []
  private backgroundRunning = false
  private readonly backgroundWaiting: (() => void)[] = []

  constructor(private readonly limits: RenderPoolLimits) {}

  /** Renders running now and waiting (tests, the benchmark). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  /** The job queue's encodes running or waiting here. */
  get background(): number {
    return this.backgroundWaiting.length + (this.backgroundRunning ? 1 : 0)
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.queue) throw tooManyRequests(this.limits.retryAfterSeconds, 'imageRenderBusy')
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else this.running++
    try {
      return await work()
    } finally {
      this.release()
    }
  }

  /** A job queue's encode: waits (unbounded: jobs are few and patient) until a slot is free and no reader waits. */
  async runInBackground<T>(work: () => Promise<T>): Promise<T> {
    if (this.backgroundRunning || this.running >= this.limits.concurrency || this.waiting.length > 0)
      await new Promise<void>((resolve) => this.backgroundWaiting.push(resolve))
    else this.running++
    this.backgroundRunning = true
    try {
      return await work()
    } finally {
      this.backgroundRunning = false
      this.release()
    }
  }

  /** A finished task's slot passes straight to the next reader in line (running stays counted), else to a background encode, or is freed. */
  private release(): void {
    const next = this.waiting.shift() ?? (this.backgroundRunning ? undefined : this.backgroundWaiting.shift())
    if (next) next()
    else this.running--
  }
}

const pools = new WeakMap<object, RenderPool>()

/** The process's one pool for these settings' owner (the API's deps): the image routes and the jobs share it. */
export function renderPoolOf(owner: object, limits: RenderPoolLimits): RenderPool {
  let pool = pools.get(owner)
  if (!pool) {
    pool = new RenderPool(limits)
    pools.set(owner, pool)
  }
  return pool
}
