import { DEFAULT_CANARY_RULES, type CanaryRules } from './health/versionHealth'
import path from 'node:path'
import { sharedStateConfig } from './registry/shared'
import { parseApiUrls } from './http/upstreams'
import {
  DEFAULT_SPEED_RULES,
  EDGE_METRICS_PORT,
  metricsCollected,
  metricsListenFrom,
  tagConfigFrom,
  trustProxyProblem,
  trustsAnyHop,
  type MetricsListen,
  type TagConfig,
} from '@koma/contracts/server'

/** The monorepo root: infra/edge/src → three levels up. */
export const repoRoot = path.resolve(__dirname, '..', '..', '..')

/**
 * The edge's HTTP timeouts: a slow or silent client cannot hold a connection, and an API that
 * does not answer gets a 504 rather than a request that waits forever.
 */
export interface EdgeTimeouts {
  /** Whole request headers must arrive within this (slowloris). */
  headersMs: number
  /** Whole request, body included (a 5 MB upload on a slow phone link). */
  requestMs: number
  /** A socket with no traffic at all is closed. */
  idleMs: number
  /** An idle keep-alive connection is closed (above common load balancers' 60 s). */
  keepAliveMs: number
  /** How often Node checks the header and request timeouts (its default is 30 s). */
  checkIntervalMs: number
  /** The API must answer (its headers) within this after the request starts going out: an upload
   * relayed at the reader's pace, plus the work. */
  upstreamHeadersMs: number
  /** The longest silence inside the API's response body. */
  upstreamBodyMs: number
  upstreamConnectMs: number
}

export const EDGE_TIMEOUTS: EdgeTimeouts = {
  headersMs: 15_000,
  requestMs: 120_000,
  idleMs: 150_000,
  keepAliveMs: 72_000,
  checkIntervalMs: 2_000,
  upstreamHeadersMs: 140_000,
  upstreamBodyMs: 60_000,
  upstreamConnectMs: 5_000,
}

export interface EdgeConfig {
  host: string
  port: number
  /** Where published versions, the registry and the deploy history live. */
  edgeDir: string
  /** API_URL: one API address, or a comma list of API processes the edge balances over. */
  apiUrl: string
  /**
   * Fastify's trustProxy: only when another proxy (nginx, a load balancer) sits in front of the
   * edge. A comma list trusts those addresses/subnets; TRUST_PROXY=1 trusts every hop, which in
   * production needs KOMA_TRUST_ANY_PROXY=1 as well (issue 33: any client could forge its address).
   */
  trustProxy: boolean | string[]
  logLevel: string
  /** PayPal's own JS SDK is in use (KOMA_PAYPAL_CLIENT_ID, as for the API): the pages' policy allows PayPal's hosts. */
  paypal: boolean
  /** The site's public origin (KOMA_PUBLIC_URL, as for the API): canonical links, robots.txt and the sitemap name it. */
  publicUrl?: string
  /** Third-party analytics (KOMA_TAG_MANAGER_ID, KOMA_META_PIXEL_ID), ids checked: none unless configured. */
  tags: TagConfig
  /**
   * When a canary is rolled back by itself: KOMA_CANARY_WINDOW_S, KOMA_CANARY_MIN_LOADS,
   * KOMA_CANARY_MARGIN (points); on speed, KOMA_CANARY_SLOWER_MIN_LOADS (page loads on each side,
   * default 50) and KOMA_CANARY_SLOWER_MARGIN (percent worse p75 LCP or INP, default 20).
   */
  canaryRules: CanaryRules
  /** Share of page loads (0 to 1) that report their Web Vitals: KOMA_VITALS_SAMPLE_RATE, default 1; 0: none. */
  vitalsSampleRate: number
  /** Where registry, history and health counts live: KOMA_EDGE_STORE=files (default) or redis (REDIS_URL). */
  sharedStore: 'files' | 'redis'
  /**
   * How long a first page waits for the API answers it is drawn from (KOMA_FIRST_PAGE_API_WAIT_MS,
   * default FIRST_PAGE_API_WAIT_MS) and for its drawing (KOMA_FIRST_PAINT_WAIT_MS, default
   * FIRST_PAINT_WAIT_MS); past either, the browser draws the page. Unset: the defaults.
   */
  firstPageWaits: { apiMs?: number; drawMs?: number }
  /**
   * Prometheus metrics (issue 38): counted unless KOMA_METRICS=0, served on `listen`
   * (KOMA_METRICS_HOST, default 127.0.0.1; KOMA_METRICS_PORT, default 9464; 0 or off: none).
   */
  metrics: { collected: boolean; listen: MetricsListen | null }
}

/** A wait in milliseconds from the environment (1 to 10000), or undefined when unset; anything else stops the edge. */
function waitFrom(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name]
  if (value === undefined || value === '') return undefined
  if (!/^[1-9]\d{0,4}$/.test(value) || Number(value) > 10_000) throw new Error(`${name} must be a number of milliseconds from 1 to 10000, got "${value}"`)
  return Number(value)
}

/** The canary rules from the environment, each defaulting to DEFAULT_CANARY_RULES; a bad value stops the edge. */
export function canaryRulesFrom(env: NodeJS.ProcessEnv): CanaryRules {
  const read = (name: string, fallback: number, ok: (value: number) => boolean): number => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    const value = Number(raw)
    if (!ok(value)) throw new Error(`${name} must be a positive number, got "${raw}"`)
    return value
  }
  return {
    windowMs: read('KOMA_CANARY_WINDOW_S', DEFAULT_CANARY_RULES.windowMs / 1000, (v) => v > 0 && v <= 86_400) * 1000,
    minLoads: read('KOMA_CANARY_MIN_LOADS', DEFAULT_CANARY_RULES.minLoads, (v) => Number.isInteger(v) && v > 0),
    margin: read('KOMA_CANARY_MARGIN', DEFAULT_CANARY_RULES.margin * 100, (v) => v >= 0 && v < 100) / 100,
    speed: {
      minLoads: read('KOMA_CANARY_SLOWER_MIN_LOADS', DEFAULT_SPEED_RULES.minLoads, (v) => Number.isInteger(v) && v > 0),
      margin: read('KOMA_CANARY_SLOWER_MARGIN', DEFAULT_SPEED_RULES.margin * 100, (v) => v >= 0 && v <= 1000) / 100,
    },
  }
}

/** KOMA_VITALS_SAMPLE_RATE: a share from 0 to 1 (default 1); anything else stops the edge. */
export function sampleRateFrom(env: NodeJS.ProcessEnv): number {
  const raw = env.KOMA_VITALS_SAMPLE_RATE
  if (raw === undefined || raw === '') return 1
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new Error(`KOMA_VITALS_SAMPLE_RATE must be a share from 0 to 1, got "${raw}"`)
  return value
}

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR || path.join(repoRoot, '.data'))
}

export function edgeDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.EDGE_DIR || path.join(dataDir(env), 'edge'))
}

function trustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === '0' || value === 'false') return false
  if (trustsAnyHop(value)) return true
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): EdgeConfig {
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  const tags = tagConfigFrom(env)
  // An id goes into a script URL and the pages' policy: a wrong one stops the edge rather than reaching a page.
  if (tags.problems.length) throw new Error(tags.problems.join('; '))
  // Issue 33: in production, trusting every hop (any client forging its address) needs an acknowledgement.
  const trustAll = env.NODE_ENV === 'production' ? trustProxyProblem(env) : null
  if (trustAll) throw new Error(trustAll)
  return {
    host: env.HOST || '127.0.0.1',
    port,
    edgeDir: edgeDir(env),
    // A malformed address stops the edge here rather than on the first call.
    apiUrl: parseApiUrls(env.API_URL || 'http://127.0.0.1:8081').join(','),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    paypal: Boolean(env.KOMA_PAYPAL_CLIENT_ID),
    publicUrl: env.KOMA_PUBLIC_URL || undefined,
    tags: tags.config,
    canaryRules: canaryRulesFrom(env),
    vitalsSampleRate: sampleRateFrom(env),
    sharedStore: sharedStateConfig(env) ? 'redis' : 'files',
    firstPageWaits: { apiMs: waitFrom(env, 'KOMA_FIRST_PAGE_API_WAIT_MS'), drawMs: waitFrom(env, 'KOMA_FIRST_PAINT_WAIT_MS') },
    metrics: { collected: metricsCollected(env), listen: metricsListenFrom(env, EDGE_METRICS_PORT, port) },
  }
}
