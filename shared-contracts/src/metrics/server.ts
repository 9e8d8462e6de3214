import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { MetricsListen } from '@koma/contracts/server'

/** What a metrics server serves: the exposition, made on each scrape. */
export type Scrape = () => Promise<{ contentType: string; body: string }>

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one the system gave for port 0 in tests). */
  port: number
  close(): Promise<void>
}

/**
 * A plain HTTP server for `GET /metrics` on its own address (127.0.0.1 by default), apart from the
 * public port and its hooks, limits and logs. Anything else is a 404.
 */
export async function serveMetrics(listen: MetricsListen, scrape: Scrape): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n')
      return
    }
    scrape().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
      (error: unknown) =>
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`# scrape failed: ${error instanceof Error ? error.message : 'error'}\n`),
    )
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
