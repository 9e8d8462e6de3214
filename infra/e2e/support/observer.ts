import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Observed {
  method: string
  path: string
  body: string
  status: number
  answer: string
}

/**
 * A forwarding proxy in front of the test site that records what reached the site on the paths
 * `watch` accepts, with the site's answer. For what a browser sends as its page goes away (fetch
 * keepalive on pagehide): Chromium sends it, but Playwright no longer reports it (no request
 * event for a page that is gone, no end for one in flight), so the test looks at the wire.
 */
export async function observer(siteURL: string, watch: (path: string) => boolean): Promise<{ baseURL: string; seen: Observed[]; close(): Promise<void> }> {
  const site = new URL(siteURL)
  const seen: Observed[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const upstream = http.request({ host: site.hostname, port: site.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        const parts: Buffer[] = []
        answer.on('data', (chunk: Buffer) => parts.push(chunk))
        answer.on('end', () => {
          const bytes = Buffer.concat(parts)
          if (watch(req.url ?? '')) {
            seen.push({
              method: req.method ?? '',
              path: req.url ?? '',
              body: body.toString('utf8'),
              status: answer.statusCode ?? 0,
              answer: bytes.toString('utf8'),
            })
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          res.end(bytes)
        })
      })
      upstream.on('error', () => {
        res.writeHead(502)
        res.end()
      })
      upstream.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
