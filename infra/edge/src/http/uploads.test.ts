import http from 'node:http'
import path from 'node:path'
import { HEADERS, IMPORT_LIMITS, requestChecksum, text, type Locale } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import { createTestApp, type TestApp } from '../../../api/src/test/testApp'
import { freshCallers, type Caller, type Who } from '../../../api/src/test/world'
import { multipartBody } from '../../../api/src/test/ops'
import { buildEdge } from '../server'
import { removeDir, tempDir } from '../test/fixtures'
import { listen } from '../test/http'

jest.setTimeout(180_000)

/**
 * A 50 MB upload through the edge (issue 33): the API refuses it with its 413 as soon as it sees
 * the size, in the reader's language; the edge relays that answer (it used to answer 502
 * "connection lost": the API closed under its upload), and the reader's browser, still sending,
 * finishes its upload on a connection that stays open rather than meeting a reset.
 */
const MB = 1024 * 1024
let t: TestApp
let callers: Record<Who, Caller>
let edge: FastifyInstance
let root: string
let edgePort: number
// Browsers keep connections alive; so does this client.
const agent = new http.Agent({ keepAlive: true })

beforeAll(async () => {
  t = await createTestApp({ twin: false })
  callers = await freshCallers(t)
  const apiPort = await listen(t.app)
  root = await tempDir()
  edge = buildEdge({ edgeDir: path.join(root, 'edge'), apiUrl: `http://127.0.0.1:${apiPort}` })
  edgePort = await listen(edge)
})
afterAll(async () => {
  agent.destroy()
  await edge?.close()
  await t?.close()
  await removeDir(root)
})

interface Sent {
  status: number
  headers: http.IncomingHttpHeaders
  json: { code?: number; message?: string }
  /** How the upload ended on the reader's side: all sent, or the error the connection gave. */
  upload: string
}

/**
 * A browser-like upload through the edge: the answer, and whether the reader's upload went out
 * whole. Like a reader on a real connection, it is still sending when the answer comes: the first
 * `before` bytes go, then the rest only once the answer has arrived.
 */
async function upload(
  method: 'PUT' | 'POST',
  pathname: string,
  body: Buffer,
  headers: Record<string, string>,
  locale: Locale,
  before = Math.min(body.length, MB),
): Promise<Sent> {
  const time = String(Date.now())
  const signed = {
    [HEADERS.requestTime]: time,
    [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'),
    [HEADERS.language]: locale,
    [HEADERS.platform]: 'web',
    [HEADERS.clientUid]: 'edge-upload-test',
  }
  return new Promise((resolve, reject) => {
    let answer: Omit<Sent, 'upload'> | null = null
    let ended: string | null = null
    const done = () => {
      if (answer && ended) resolve({ ...answer, upload: ended })
    }
    const req = http.request(
      { host: '127.0.0.1', port: edgePort, method, path: pathname, headers: { ...signed, ...headers, 'content-length': String(body.length) }, agent },
      (res) => {
        req.end(body.subarray(before))
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          answer = { status: res.statusCode ?? 0, headers: res.headers, json: text.startsWith('{') ? (JSON.parse(text) as Sent['json']) : {} }
          done()
        })
      },
    )
    req.on('finish', () => {
      ended ??= 'sent'
      done()
    })
    req.on('error', (error: NodeJS.ErrnoException) => {
      ended ??= error.code ?? error.message
      if (!answer) resolve({ status: 0, headers: {}, json: {}, upload: ended })
      else done()
    })
    req.write(body.subarray(0, before))
  })
}

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')

describe('a 50 MB upload through the edge', () => {
  const big = Buffer.alloc(50 * MB, 1)

  it('an avatar: the API’s 413 in the reader’s language, and the upload goes out on a connection that stays open', async () => {
    const sent = await upload('PUT', '/api/member/profile/avatar', big, { 'content-type': 'image/png', cookie: cookieHeader(callers.member.cookies) }, 'ja')
    expect([sent.status, sent.json.message, sent.upload]).toEqual([413, text('uploadTooLarge', 'ja'), 'sent'])
    expect(sent.headers['x-content-type-options']).toBe('nosniff')
  })

  it('an inquiry image', async () => {
    const sent = await upload('PUT', '/api/inquiry/image', big, { 'content-type': 'application/octet-stream' }, 'fr')
    expect([sent.status, sent.json.message, sent.upload]).toEqual([413, text('uploadTooLarge', 'fr'), 'sent'])
  })

  it('an operator’s import, refused part-way through its stream', async () => {
    const form = multipartBody({ kind: 'images', title: 'Huge' }, [{ field: 'pages', name: '1.png', bytes: big, type: 'image/png' }])
    // The API reads a page's first 20 MB before it knows.
    const sent = await upload(
      'POST',
      '/api/ops/import',
      form.payload,
      { 'content-type': form.type, cookie: cookieHeader(callers.operator.cookies) },
      'en',
      IMPORT_LIMITS.imageBytes + 4 * MB,
    )
    expect([sent.status, sent.json.message, sent.upload]).toEqual([
      413,
      text('importTooLarge', 'en', {
        epub: IMPORT_LIMITS.epubBytes / MB,
        image: IMPORT_LIMITS.imageBytes / MB,
        total: IMPORT_LIMITS.totalBytes / MB,
        pages: IMPORT_LIMITS.pages,
      }),
      'sent',
    ])
    // The same connection answers the next call.
    const after = await upload('PUT', '/api/inquiry/image', Buffer.alloc(10), { 'content-type': 'application/octet-stream' }, 'en')
    expect(after.status).toBe(400)
  })
})
