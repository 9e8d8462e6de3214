// The part of autocannon's programmatic API the benchmarks use (it ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
      /** Called before each send of this request: the request to send instead. */
      setupRequest?: (request: Request) => Request
    }
    interface Options {
      url: string
      connections?: number
      duration?: number
      headers?: Record<string, string>
      /** Run the load in this many worker threads (off the caller's thread). */
      workers?: number
      /** Cycled through, one per request. */
      requests?: Request[]
    }
    interface Histogram {
      average: number
      mean: number
      p50: number
      p99: number
    }
    interface Result {
      requests: Histogram & { total: number }
      latency: Histogram
      errors: number
      non2xx: number
    }
    /** A running benchmark: a promise of its result that also reports each response. */
    interface Instance extends Promise<Result> {
      on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this
    }
  }
  function autocannon(options: autocannon.Options): autocannon.Instance
  export default autocannon
}
