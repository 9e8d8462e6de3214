import { VALIDATION_MESSAGES } from '@koma/contracts/validation'
import { sealedPassword, SEEDED } from '../../test/fixtures'
import { createTestApp, requestOf, type TestApp } from '../../test/testApp'
import { text, endpoints } from '@koma/contracts/server'
import { BODY_LIMITS } from '../../limits'
import { device, readerIp } from '../../test/account'

jest.setTimeout(120_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

/**
 * One request must not stop the API: the crafted address (`a@` + dots + `@`) once kept the whole
 * API busy for seconds, because the e-mail pattern backtracked and joi ran it even after the
 * length check had failed. Two layers refuse it now: a body past the route's limit is refused
 * before anyone reads it (413, "The request is too large."), and a value that fits is refused by
 * its length before any pattern runs (400, SPEC §5's format message), in the caller's language.
 * Each call comes from its own address, so the per-address limits stay out of the way.
 */
const fitting = (dots: number) => `a@${'.'.repeat(dots)}@`
const CRAFTED = fitting(BODY_LIMITS.default - 2_000)
const OVERSIZED = fitting(120_000)

const ROUTES: [string, ReturnType<typeof requestOf>][] = [
  ['code request', requestOf(endpoints.sendVerifyToken, { body: {} })],
  ['sign-in', requestOf(endpoints.signin, { body: { sessionKey: 'key', rsaEncryptedString: 'sealed', stayLogged: 'false' } })],
  [
    'sign-up',
    requestOf(endpoints.signup, {
      body: { nickname: 'Reader', birthday: '2000-01-01', termsAgree: 'true', privacyAgree: 'true', sessionKey: 'key', rsaEncryptedString: 'sealed' },
    }),
  ],
  ['inquiry', requestOf(endpoints.inquiry, { body: { category: 'bug', text: 'It crashes.' } })],
]

describe.each(ROUTES)('%s', (_name, [method, url, { body }]) => {
  it.each(['ja', 'en', 'fr'] as const)('refuses the crafted e-mail by its length with 400 in %s', async (locale) => {
    const response = await t.call(method, url, { body: { ...body, email: CRAFTED }, locale, headers: device('overlong-device'), ip: readerIp() })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(VALIDATION_MESSAGES.emailFormat[locale])
  })

  it.each(['ja', 'en', 'fr'] as const)('refuses the 120,000-character one before reading it, with 413 in %s', async (locale) => {
    const response = await t.call(method, url, { body: { ...body, email: OVERSIZED }, locale, headers: device('overlong-device'), ip: readerIp() })
    expect(response.statusCode).toBe(413)
    expect(response.json().message).toBe(text('requestTooLarge', locale))
  })
})

it('refuses a crafted e-mail close to the 1 MB mark, and the API keeps answering', async () => {
  const response = await t.call(endpoints.sendVerifyToken, { body: { email: fitting(1_000_000) }, locale: 'en', ip: readerIp() })
  expect(response.statusCode).toBe(413)
  expect(response.json().message).toBe(text('requestTooLarge', 'en'))
  expect((await t.call('GET', '/api/health')).statusCode).toBe(200)
})

it('refuses an over-long sealed password by its length, before its one-time key is used up', async () => {
  const ip = readerIp()
  const sealed = await sealedPassword(t, SEEDED.password)
  const refused = await t.call(endpoints.signin, {
    body: { email: SEEDED.email, sessionKey: sealed.sessionKey, rsaEncryptedString: 'A'.repeat(BODY_LIMITS.default - 2_000), stayLogged: 'false' },
    ip,
  })
  expect(refused.statusCode).toBe(400)
  const signedIn = await t.call(endpoints.signin, { body: { email: SEEDED.email, ...sealed, stayLogged: 'false' }, ip })
  expect(signedIn.statusCode).toBe(200)
})
