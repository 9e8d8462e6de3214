import { endpoints } from '@koma/contracts/server'
import { createTestApp, type TestApp } from '../test/testApp'

/** Secure cookies behind a TLS proxy when told to trust it (issue 11), and always in production on https. */
jest.setTimeout(120_000)

const apps: TestApp[] = []
afterAll(async () => {
  for (const app of apps) await app.close()
})

async function sessionCookie(t: TestApp, options: { ip: string; proto?: string; device: string }) {
  const response = await t.call(endpoints.guestSession, {
    ip: options.ip,
    headers: { 'x-koma-client-uid': options.device, ...(options.proto ? { 'x-forwarded-proto': options.proto } : {}) },
  })
  expect(response.statusCode).toBe(200)
  const cookie = response.cookies.find((item) => item.name === 'koma_session')
  expect(cookie).toBeDefined()
  return cookie as { secure?: boolean; httpOnly?: boolean; sameSite?: string }
}

it('are Secure when the edge (a trusted hop) says the reader came over https, and not on anyone else’s word', async () => {
  const t = await createTestApp()
  apps.push(t)
  expect((await sessionCookie(t, { ip: '127.0.0.1', proto: 'https', device: 'cookie-device-1' })).secure).toBe(true)
  expect((await sessionCookie(t, { ip: '127.0.0.1', device: 'cookie-device-2' })).secure).toBeFalsy()
  // A client talking to the API directly cannot make it believe in TLS.
  expect((await sessionCookie(t, { ip: '198.51.100.7', proto: 'https', device: 'cookie-device-3' })).secure).toBeFalsy()
  const cookie = await sessionCookie(t, { ip: '127.0.0.1', device: 'cookie-device-4' })
  expect([cookie.httpOnly, cookie.sameSite]).toEqual([true, 'Lax'])
})

it('are always Secure in production with an https public origin', async () => {
  const t = await createTestApp({ configure: (config) => ({ ...config, production: true, profile: 'production', publicUrl: 'https://koma.example' }) })
  apps.push(t)
  expect((await sessionCookie(t, { ip: '127.0.0.1', device: 'cookie-device-5' })).secure).toBe(true)
})
