import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * Real HTTP for tests. (Fastify's inject loads light-my-request, whose `cookie` dependency is
 * ESM-only and does not load under Jest's CommonJS runtime; real sockets also keep raw paths
 * and compressed bytes exactly as a browser would send and receive them.)
 */

export interface TestResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  text: string
  json: <T = any>() => T // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface TestRequest {
  method?: string
  path: string
  headers?: Record<string, string | string[]>
  body?: string | Buffer
  host?: string
}

export async function listen(app: FastifyInstance, host = '127.0.0.1'): Promise<number> {
  await app.listen({ port: 0, host })
  return (app.server.address() as AddressInfo).port
}

/** Sends the request exactly as written (no path normalisation, no automatic decompression). */
export function request(port: number, options: TestRequest): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: options.host ?? '127.0.0.1', port, path: options.path, method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const body = Buffer.concat(chunks)
          const text = body.toString('utf8')
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: () => JSON.parse(text) })
        })
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** A request helper bound to one port. */
export const client =
  (port: number) =>
  (pathOrOptions: string | TestRequest): Promise<TestResponse> =>
    request(port, typeof pathOrOptions === 'string' ? { path: pathOrOptions } : pathOrOptions)
