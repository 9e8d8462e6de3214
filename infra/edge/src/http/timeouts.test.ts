import net from 'node:net'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { EDGE_TIMEOUTS, type EdgeTimeouts } from '../config'
import { buildEdge } from '../server'
import { removeDir, tempDir } from '../test/fixtures'
import { client, listen } from '../test/http'

/**
 * The edge's timeouts (issue 11): a client that never finishes its request is dropped, and an API
 * that never answers becomes a 504 instead of a request held open.
 */
const SHORT: EdgeTimeouts = {
  headersMs: 300,
  requestMs: 600,
  idleMs: 60_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 100,
  upstreamHeadersMs: 400,
  upstreamBodyMs: 400,
  upstreamConnectMs: 400,
}

let root: string
let silentApi: net.Server
const apiSockets = new Set<net.Socket>()
let edge: FastifyInstance
let port: number

beforeAll(async () => {
  root = await tempDir()
  // An API that accepts connections and never says a word.
  silentApi = net.createServer((socket) => {
    apiSockets.add(socket)
    socket.on('close', () => apiSockets.delete(socket))
    socket.resume()
  })
  await new Promise<void>((resolve) => silentApi.listen(0, '127.0.0.1', resolve))
  const apiPort = (silentApi.address() as net.AddressInfo).port
  edge = buildEdge({ edgeDir: path.join(root, 'edge'), apiUrl: `http://127.0.0.1:${apiPort}`, timeouts: SHORT })
  port = await listen(edge)
})

afterAll(async () => {
  await edge.close()
  for (const socket of apiSockets) socket.destroy()
  await new Promise((resolve) => silentApi.close(resolve))
  await removeDir(root)
})

function holdOpen(data: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString('latin1')))
  socket.write(data)
  return new Promise((resolve) => socket.on('close', () => resolve(received)))
}

it('runs with EDGE_TIMEOUTS unless told otherwise', async () => {
  const plain = buildEdge({ edgeDir: path.join(root, 'plain'), apiUrl: 'http://127.0.0.1:9' })
  await plain.ready()
  expect(plain.server).toMatchObject({
    headersTimeout: EDGE_TIMEOUTS.headersMs,
    requestTimeout: EDGE_TIMEOUTS.requestMs,
    keepAliveTimeout: EDGE_TIMEOUTS.keepAliveMs,
    timeout: EDGE_TIMEOUTS.idleMs,
  })
  await plain.close()
})

// Node's own header timeout (60 s, checked every 30 s) would close these too, but only after this
// test's 20 s: passing here means the configured timeouts did it.
it('drops a client whose headers never end (slowloris) and still serves others', async () => {
  const held = Array.from({ length: 20 }, () => holdOpen('GET /healthz HTTP/1.1\r\nHost: koma\r\nX-Slow: '))
  expect((await client(port)('/healthz')).status).toBe(200)
  for (const answer of held) expect(await answer).toMatch(/^HTTP\/1\.1 408 /)
}, 20_000)

it('drops a client whose body never ends', async () => {
  const answer = await holdOpen(
    'POST /api/member/signin HTTP/1.1\r\nHost: koma\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nemail=',
  )
  expect(answer).toMatch(/^HTTP\/1\.1 408 /)
}, 20_000)

it('answers 504 when the API does not answer in time', async () => {
  const response = await client(port)('/api/member/profile')
  expect([response.status, response.json()]).toEqual([504, { name: 'networkFailure', code: 9999, message: 'connection lost' }])
}, 20_000)
