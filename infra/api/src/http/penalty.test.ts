import { text, endpoints } from '@koma/contracts/server'
import { createTestApp, type TestApp } from '../test/testApp'

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
    configure: (config) => ({ ...config, rateLimit: { ...config.rateLimit, penalty: { refusals: 5, windowMs: 60_000, penaltyMs: 60_000, delayMs: 20 } } }),
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
  expect(health.json()).toEqual({ code: 429, message: text('tooManyRequests', 'en') })
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
