import { text, endpoints } from '@koma/contracts/server'
import { createTestApp, type TestApp } from '../test/testApp'
import { loadConfig } from '../config'

/**
 * The penalty box (limits.ts ABUSE_PENALTY): an address refused again and again is slowed down and
 * refused unread, whatever it asks; everyone else goes on as before.
 */
jest.setTimeout(120_000)

let t: TestApp
beforeAll(async () => {
  // The box is per API process by design (limits.ts ABUSE_PENALTY): one instance, in every lane.
  t = await createTestApp({
    twin: false,
    configure: (config) => ({
      ...config,
      rateLimit: {
        ...config.rateLimit,
        // A render budget of 4 (KOMA_IMAGE_RENDER_BUDGET), for the image case below.
        rules: { ...config.rateLimit.rules, imageRender: { address: { max: 4, windowMs: 600_000 }, storeDown: 'open' } },
        penalty: { refusals: 5, windowMs: 60_000, penaltyMs: 60_000, delayMs: 20 },
      },
    }),
  })
})
afterAll(async () => {
  await t?.close()
})

const big = (address: string) => t.call(endpoints.search, { ip: address, body: { query: 'x'.repeat(100_000) } })

it('refuses an address that keeps sending what it is refused, even for calls that would work, and no one else', async () => {
  const abuser = '203.0.113.140'
  for (let i = 0; i < 5; i += 1) expect((await big(abuser)).statusCode).toBe(413)
  const health = await t.call('GET', '/api/health', { ip: abuser })
  expect(health.statusCode).toBe(429)
  expect(health.json()).toEqual({ name: 'tooManyRequests', code: 429, message: text('tooManyRequests', 'en') })
  expect(health.headers.connection).toBe('close')
  expect(Number(health.headers['retry-after'])).toBeGreaterThan(0)
  // Its next big body is refused without being read: it never gets the 413 it would have.
  expect((await big(abuser)).statusCode).toBe(429)
  // Another address, and a reader who met a limit once or twice, are untouched.
  expect((await t.call('GET', '/api/health', { ip: '203.0.113.141' })).statusCode).toBe(200)
  const reader = '203.0.113.142'
  for (let i = 0; i < 4; i += 1) expect((await big(reader)).statusCode).toBe(413)
  expect((await t.call('GET', '/api/health', { ip: reader })).statusCode).toBe(200)
})

it('an address refused renders past its budget keeps the rest of the site (issue 33)', async () => {
  const household = '203.0.113.150'
  const images = await t.db.selectFrom('images').select('id').where('access', '=', 'public').orderBy('id').limit(8).execute()
  const widths = ['320', '640', '768', '1024', '1280', '1536']
  const statuses: number[] = []
  // Uncached renders (each image at a width nobody asked for) until well past the budget below.
  for (const image of images) for (const w of widths) statuses.push((await t.call('GET', `/api/image/${image.id}?w=${w}`, { ip: household })).statusCode)
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10)
  // Those refusals cost nothing: the box leaves the address its pages (and purchases).
  expect((await t.call('GET', '/api/health', { ip: household })).statusCode).toBe(200)
})

it('KOMA_IMAGE_RENDER_BUDGET sets the render budget alone, and refuses what is not a count', () => {
  expect(loadConfig({}).rateLimit.rules.imageRender.address.max).toBe(600)
  const raised = loadConfig({ KOMA_IMAGE_RENDER_BUDGET: '20000' }).rateLimit.rules
  expect(raised.imageRender.address).toEqual({ max: 20_000, windowMs: 600_000 })
  expect(raised.image).toEqual(loadConfig({}).rateLimit.rules.image)
  for (const bad of ['0', '-5', '1e9', 'lots']) expect(() => loadConfig({ KOMA_IMAGE_RENDER_BUDGET: bad })).toThrow(/KOMA_IMAGE_RENDER_BUDGET/)
})
