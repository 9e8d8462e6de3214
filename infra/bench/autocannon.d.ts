// The part of autocannon's programmatic API the benchmarks use (it ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
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
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
