import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { edgeProcesses, runPrimary } from './cluster'
import { loadConfig } from './config'
import { RedisCounts, RedisVitalsCounts } from './health/redisCounts'
import { redisAnswerBus } from './http/answerBus'
import { sharedState } from './registry/shared'
import { registryPath } from './registry/store'
import { buildEdge } from './server'
import { createEdgeMetrics, processMetricsRegistry } from './metrics/metrics'
import { serveMetrics, type MetricsServer } from '@koma/contracts/metrics'
import { AggregatorRegistry } from 'prom-client'
import type { MetricsListen } from '@koma/contracts/server'

/** Serve this process's metrics, or say why not: the site serves readers without them. */
async function metricsServer(listen: MetricsListen, scrape: Parameters<typeof serveMetrics>[1]): Promise<MetricsServer | null> {
  try {
    const server = await serveMetrics(listen, scrape)
    console.log(`[edge] metrics on http://${listen.host}:${server.port}/metrics`)
    return server
  } catch (error) {
    console.error(`[edge] metrics not served on ${listen.host}:${listen.port}: ${(error as Error).message} (KOMA_METRICS_PORT)`)
    return null
  }
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

async function main(): Promise<void> {
  const config = loadConfig()
  // KOMA_EDGE_STORE=redis: registry, history and health counts shared by every edge process.
  const shared = sharedState()
  const metrics = config.metrics.collected ? createEdgeMetrics() : undefined
  // Under KOMA_EDGE_PROCESSES the primary serves every worker's figures merged (prom-client's cluster aggregation).
  if (metrics && cluster.isWorker) {
    // A worker answers the primary's requests for its figures once an AggregatorRegistry exists in it (prom-client adds its listener then).
    new AggregatorRegistry()
    AggregatorRegistry.setRegistries([processMetricsRegistry(), metrics.registry])
  }
  const app = buildEdge({
    ...(metrics ? { metrics } : {}),
    edgeDir: config.edgeDir,
    apiUrl: config.apiUrl,
    trustProxy: config.trustProxy,
    logger: { level: config.logLevel },
    requestLogging: process.env.EDGE_REQUEST_LOG === '1',
    security: { paypal: config.paypal, tags: config.tags },
    publicUrl: config.publicUrl,
    canaryRules: config.canaryRules,
    vitalsSampleRate: config.vitalsSampleRate,
    ...(config.firstPageWaits.apiMs !== undefined ? { pageApiWaitMs: config.firstPageWaits.apiMs } : {}),
    ...(config.firstPageWaits.drawMs !== undefined ? { firstPaintWaitMs: config.firstPageWaits.drawMs } : {}),
    ...(shared
      ? {
          healthCounts: new RedisCounts(shared.redis, shared.prefix, config.canaryRules.windowMs),
          vitalsCounts: new RedisVitalsCounts(shared.redis, shared.prefix, config.canaryRules.windowMs),
          answerBus: redisAnswerBus(shared.redis, shared.prefix),
        }
      : {}),
    ...(process.env.KOMA_EDGE_INSTANCE ? { instance: process.env.KOMA_EDGE_INSTANCE } : {}),
  })

  let closing = false
  const close = (signal: string): void => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'closing')
    Promise.all([app.close(), served?.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  let served: MetricsServer | null = null
  process.on('SIGINT', () => close('SIGINT'))
  process.on('SIGTERM', () => close('SIGTERM'))

  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') console.error(`Port ${config.port} is in use: stop what uses it or set PORT.`)
    else console.error(error)
    process.exit(1)
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  // Under KOMA_EDGE_PROCESSES the workers say nothing more: the primary said it once (and serves the metrics).
  if (cluster.isWorker) return
  if (metrics && config.metrics.listen) served = await metricsServer(config.metrics.listen, () => metrics.scrape())
  console.log(`Koma is running at http://${displayHost(config.host)}:${port}`)
  if (shared) console.log(`Registry, history and canary health shared in Redis (${shared.prefix}*).`)
  else if (!existsSync(registryPath(config.edgeDir))) {
    console.log(`Nothing is deployed in ${config.edgeDir} yet: run npm run deploy -- host (and each remote).`)
  }
}

let processes = 1
try {
  processes = edgeProcesses(process.env)
} catch (error) {
  console.error(`[edge] ${(error as Error).message}`)
  process.exit(1)
}
if (processes > 1 && cluster.isPrimary) {
  runPrimary(processes)
  const config = loadConfig()
  if (config.metrics.collected && config.metrics.listen) {
    const workers = new AggregatorRegistry()
    void metricsServer(config.metrics.listen, async () => ({ contentType: workers.contentType, body: await workers.clusterMetrics() }))
  }
} else void main()
