import { tooManyRequests } from '../../http/errorCatalogue'
import type { RenderPoolLimits } from '../../limits'

/**
 * Where uncached image renders run (issue 33): at most `concurrency` at once, at most `queue` more
 * waiting their turn, and past that refused at once with a 429 and Retry-After (SPEC §8's 503
 * means maintenance to the browser, so a busy renderer is not one). A render is CPU for a few
 * hundred milliseconds on libuv's pool; unbounded, sixty of them took both cores and the event
 * loop that answers everyone else with them. A semaphore with a bounded wait list: p-limit and
 * p-queue queue without a bound, and a caller has to be told "no" before it waits.
 */
export class RenderPool {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly limits: RenderPoolLimits) {}

  /** Renders running now and waiting (tests, the benchmark). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.queue) throw tooManyRequests(this.limits.retryAfterSeconds, 'imageRenderBusy')
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else this.running++
    try {
      return await work()
    } finally {
      // The slot passes straight to the next in line (running stays counted), or is freed.
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}
