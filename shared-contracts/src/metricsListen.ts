/**
 * Where a process serves its Prometheus metrics (issue 38): a port of its own, on 127.0.0.1 unless
 * KOMA_METRICS_HOST says otherwise, never the public port. KOMA_METRICS_PORT picks the port
 * (`npm start` gives the edge 9464 and API process i 9465 + i); 0 or `off` serves none (tests, or a
 * process whose figures nobody scrapes). KOMA_METRICS=0 turns the collection off altogether.
 */
export interface MetricsListen {
  host: string
  port: number
}

export const METRICS_HOST = '127.0.0.1'
export const EDGE_METRICS_PORT = 9464
export const API_METRICS_PORT = 9465

/**
 * The address to serve metrics on, or null for none. `publicPort` is the process's own port: the
 * same number is refused (the figures must never be served to readers).
 */
export function metricsListenFrom(env: NodeJS.ProcessEnv, defaultPort: number, publicPort: number): MetricsListen | null {
  if (env.KOMA_METRICS === '0') return null
  const raw = env.KOMA_METRICS_PORT
  const host = env.KOMA_METRICS_HOST || METRICS_HOST
  if (raw === 'off' || raw === '0') return null
  if (raw === undefined || raw === '') return { host, port: defaultPort }
  if (!/^[1-9]\d{0,4}$/.test(raw) || Number(raw) > 65535) throw new Error(`KOMA_METRICS_PORT must be a port number (1 to 65535), 0 or off, got "${raw}"`)
  const port = Number(raw)
  if (port === publicPort) throw new Error(`KOMA_METRICS_PORT must differ from the public port ${publicPort}: metrics are never served to readers`)
  return { host, port }
}

/** Whether this process collects metrics at all (KOMA_METRICS=0: no counting, for the cost benchmark). */
export const metricsCollected = (env: NodeJS.ProcessEnv): boolean => env.KOMA_METRICS !== '0'
