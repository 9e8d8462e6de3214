import { endpoints, text } from '@koma/contracts/server'
import sharp from 'sharp'
import type { ApiConfig } from '../../config'
import { readerIp, registerMember } from '../../test/account'
import { createTestApp, type TestApp, urlOf } from '../../test/testApp'
import { RenderPool } from './renderPool'

jest.setTimeout(180_000)

/**
 * Uncached image renders (issue 33): ~0.4 s of CPU each, for anyone. Only SPEC §9's presets,
 * densities and the site's two formats are rendered; a render counts against its address's
 * `imageRender` budget (far below the general image limit) and runs in a bounded pool that says
 * 429 with Retry-After past its queue; every /api answer, image or error, is nosniff.
 */
const HOUR = 60 * 60 * 1000
const BUDGET = 3

const withBudget = (config: ApiConfig): ApiConfig => ({
  ...config,
  rateLimit: { ...config.rateLimit, rules: { ...config.rateLimit.rules, imageRender: { address: { max: BUDGET, windowMs: HOUR }, storeDown: 'open' } } },
})

let t: TestApp
let busy: TestApp
let imageId: number
let otherId: number
beforeAll(async () => {
  t = await createTestApp({ configure: withBudget })
  // Renderers that are all taken: every render is refused at once.
  busy = await createTestApp({ configure: (config) => ({ ...config, imageRenders: { concurrency: 0, queue: 0, retryAfterSeconds: 7 } }) })
  const covers = await t.db.selectFrom('content_images').select('image_id').distinct().orderBy('image_id').limit(2).execute()
  imageId = covers[0]!.image_id
  otherId = covers[1]!.image_id
})
afterAll(async () => {
  await busy?.close()
  await t?.close()
})

const image = (app: TestApp, id: number, query: Record<string, string>, options: { ip?: string; accept?: string; locale?: 'en' | 'ja' | 'fr' } = {}) =>
  app.call('GET', `/api/image/${id}?${new URLSearchParams(query).toString()}`, {
    ip: options.ip ?? readerIp(),
    headers: { accept: options.accept ?? 'image/webp,*/*' },
    locale: options.locale,
  })

describe('what is rendered', () => {
  it('only SPEC §9 presets and densities, as WebP or JPEG: any other width snaps, any other format is ignored, any other density refused', async () => {
    const ip = readerIp()
    const preset = await image(t, otherId, { w: '1024' }, { ip })
    expect([preset.statusCode, preset.headers['content-type']]).toEqual([200, 'image/webp'])
    // An odd width is the preset that covers it: the same variant, no new render.
    for (const w of ['1000', '769', '1024']) expect([w, (await image(t, otherId, { w }, { ip })).headers.etag]).toEqual([w, preset.headers.etag])
    // PNG (the probe's 0.4 s render) is nothing the site asks for: the format the browser takes.
    const png = await image(t, otherId, { w: '1024', format: 'png' }, { ip })
    expect([png.statusCode, png.headers['content-type'], png.headers.etag]).toEqual([200, 'image/webp', preset.headers.etag])
    const asJpeg = await image(t, otherId, { w: '1024', format: 'png' }, { ip, accept: 'image/png,image/*' })
    expect(asJpeg.headers['content-type']).toBe('image/jpeg')
    for (const format of ['avif', 'tiff', 'gif', 'raw'])
      expect((await image(t, otherId, { w: '320', format }, { ip })).headers['content-type']).toBe('image/webp')
    // Past the largest preset: the largest (at density 2 at most, 3072 pixels).
    const huge = await image(t, otherId, { w: '99999', dpr: '2' }, { ip })
    expect(huge.headers.etag).toBe((await image(t, otherId, { w: '1536', dpr: '2' }, { ip })).headers.etag)
    for (const dpr of ['3', '1.5', '0']) expect([dpr, (await image(t, otherId, { w: '320', dpr }, { ip })).statusCode]).toEqual([dpr, 400])
  })
})

describe('who pays for a render', () => {
  it('each address has a budget of renders far below the image limit; cached answers never count', async () => {
    const ip = readerIp()
    const widths = ['320', '640', '768', '1024']
    for (const w of widths.slice(0, BUDGET)) expect([w, (await image(t, imageId, { w }, { ip })).statusCode]).toEqual([w, 200])
    const refused = await image(t, imageId, { w: widths[BUDGET]! }, { ip, locale: 'ja' })
    expect([refused.statusCode, refused.json().message]).toEqual([429, text('tooManyRequestsMinutes', 'ja', { minutes: 60 })])
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // What is rendered already costs nothing: the same address still gets it, at any snapped width.
    for (const w of ['320', '600', '768']) expect([w, (await image(t, imageId, { w }, { ip })).statusCode]).toEqual([w, 200])
    // Another address renders with its own budget; then the first gets that variant from the cache.
    expect((await image(t, imageId, { w: widths[BUDGET]! })).statusCode).toBe(200)
    expect((await image(t, imageId, { w: widths[BUDGET]! }, { ip })).statusCode).toBe(200)
  })

  it('past the renderers and their queue a render is refused at once with 429 and Retry-After, never piled up', async () => {
    const refused = await image(busy, imageId, { w: '640' }, { locale: 'fr' })
    expect([refused.statusCode, refused.headers['retry-after'], refused.json().message]).toEqual([429, '7', text('tooManyRequests', 'fr')])
    // An id that does not exist is a 404 before any render is asked for.
    expect((await image(busy, 999_999_999, { w: '640' })).statusCode).toBe(404)
  })

  it('the pool runs at most `concurrency` renders, queues at most `queue`, hands a slot straight on and refuses the rest', async () => {
    const pool = new RenderPool({ concurrency: 2, queue: 1, retryAfterSeconds: 3 })
    const gates: (() => void)[] = []
    const started: number[] = []
    const job = (n: number) =>
      pool.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(n)
            gates.push(() => resolve(n))
          }),
      )
    const running = [job(1), job(2), job(3)]
    await Promise.resolve()
    expect(started).toEqual([1, 2])
    expect(pool.load).toEqual({ running: 2, waiting: 1 })
    const refused = (await job(4).then(
      () => null,
      (error: unknown) => error,
    )) as { status: number; headers: Record<string, string> } | null
    expect([refused?.status, refused?.headers['retry-after']]).toEqual([429, '3'])
    gates.shift()?.()
    expect(await running[0]).toBe(1)
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual([1, 2, 3])
    expect(pool.load).toEqual({ running: 2, waiting: 0 })
    for (const open of gates.splice(0)) open()
    expect(await Promise.all(running)).toEqual([1, 2, 3])
    expect(pool.load).toEqual({ running: 0, waiting: 0 })
  })

  it('the job queue’s encodes (issue 34) take a slot only when no reader waits, one at a time: readers go first', async () => {
    const pool = new RenderPool({ concurrency: 1, queue: 4, retryAfterSeconds: 3 })
    const gates: (() => void)[] = []
    const started: string[] = []
    const work = (name: string) => () =>
      new Promise<string>((resolve) => {
        started.push(name)
        gates.push(() => resolve(name))
      })
    const settle = () => new Promise((resolve) => setImmediate(resolve))
    const reader1 = pool.run(work('reader1'))
    const encode1 = pool.runInBackground(work('encode1'))
    const encode2 = pool.runInBackground(work('encode2'))
    const reader2 = pool.run(work('reader2'))
    await settle()
    expect([started, pool.background]).toEqual([['reader1'], 2])
    // reader1 ends: the reader who came after the encodes goes first.
    gates.shift()?.()
    await settle()
    expect(started).toEqual(['reader1', 'reader2'])
    gates.shift()?.()
    await settle()
    expect(started).toEqual(['reader1', 'reader2', 'encode1'])
    gates.shift()?.()
    await settle()
    expect(started).toEqual(['reader1', 'reader2', 'encode1', 'encode2'])
    gates.shift()?.()
    expect(await Promise.all([reader1, reader2, encode1, encode2])).toEqual(['reader1', 'reader2', 'encode1', 'encode2'])
    expect([pool.load, pool.background]).toEqual([{ running: 0, waiting: 0 }, 0])
  })
})

describe('nosniff', () => {
  it('every /api answer says X-Content-Type-Options: nosniff: images at every status, tiles, EPUB files, uploads, JSON and errors', async () => {
    const ok = await image(t, imageId, { w: '320' })
    const answers = {
      image200: ok,
      image304: await t.call('GET', `/api/image/${imageId}?w=320`, {
        ip: readerIp(),
        headers: { accept: 'image/webp', 'if-none-match': String(ok.headers.etag) },
      }),
      image400: await image(t, imageId, { w: 'x' }),
      image404: await image(t, 999_999_999, { w: '320' }),
      image429: await image(busy, otherId, { w: '1280' }),
      tile404: await t.call('GET', `/api/image/${imageId}/tile/0/99?w=320`),
      json: await t.call(endpoints.clientIp),
      unknownRoute: await t.call('GET', '/api/no/such/route'),
      upload: await (async () => {
        const member = await registerMember(t)
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
          .png()
          .toBuffer()
        return t.call(endpoints.avatarUpload, { cookies: member.cookies, raw: { payload: png, type: 'image/png' } })
      })(),
      uploadTooLarge: await t.call(endpoints.avatarUpload, { raw: { payload: Buffer.alloc(6 * 1024 * 1024, 1), type: 'image/png' } }),
      epubMissing: await t.call(
        'GET',
        urlOf(endpoints.epubResource, { type: 'comic', id: 1, chapterId: 999_999_999, salesType: 'product', '*': 'OPS/a.xhtml' }),
      ),
    }
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, [answer.statusCode, answer.headers['x-content-type-options']]]))).toEqual({
      image200: [200, 'nosniff'],
      image304: [304, 'nosniff'],
      image400: [400, 'nosniff'],
      image404: [404, 'nosniff'],
      image429: [429, 'nosniff'],
      tile404: [404, 'nosniff'],
      json: [200, 'nosniff'],
      unknownRoute: [404, 'nosniff'],
      upload: [200, 'nosniff'],
      uploadTooLarge: [413, 'nosniff'],
      epubMissing: [404, 'nosniff'],
    })
  })
})
