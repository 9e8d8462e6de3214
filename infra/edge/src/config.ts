import path from 'node:path'

/** The monorepo root: infra/edge/src → three levels up. */
export const repoRoot = path.resolve(__dirname, '..', '..', '..')

export interface EdgeConfig {
  host: string
  port: number
  /** Where published versions, the registry and the deploy history live. */
  edgeDir: string
  apiUrl: string
  /**
   * Fastify's trustProxy: only when another proxy (nginx, a load balancer) sits in front of the
   * edge. TRUST_PROXY=1 trusts every hop; a comma list trusts those addresses/subnets.
   */
  trustProxy: boolean | string[]
  logLevel: string
  /** PayPal's own JS SDK is in use (KOMA_PAYPAL_CLIENT_ID, as for the API): the pages' policy allows PayPal's hosts. */
  paypal: boolean
}

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR || path.join(repoRoot, '.data'))
}

export function edgeDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.EDGE_DIR || path.join(dataDir(env), 'edge'))
}

function trustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === '0' || value === 'false') return false
  if (value === '1' || value === 'true') return true
  return value.split(',').map((item) => item.trim()).filter(Boolean)
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): EdgeConfig {
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  return {
    host: env.HOST || '127.0.0.1',
    port,
    edgeDir: edgeDir(env),
    apiUrl: env.API_URL || 'http://127.0.0.1:8081',
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    paypal: Boolean(env.KOMA_PAYPAL_CLIENT_ID),
  }
}
