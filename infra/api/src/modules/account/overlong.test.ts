import { VALIDATION_MESSAGES } from '@koma/contracts/validation'
import { sealedPassword, SEEDED } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/testApp'
import { device } from './testing'

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
 * length check had failed. Every route a stranger reaches with an e-mail refuses it by its length,
 * as SPEC §5's format message in the caller's language.
 */
const CRAFTED = `a@${'.'.repeat(120_000)}@`
expect(CRAFTED).toHaveLength(120_003)

const ROUTES: [string, 'PUT' | 'POST', string, Record<string, string>][] = [
  ['code request', 'PUT', '/api/member/send/verify/token', {}],
  ['sign-in', 'POST', '/api/member/signin', { sessionKey: 'key', rsaEncryptedString: 'sealed', stayLogged: 'false' }],
  ['sign-up', 'PUT', '/api/member/signup', { nickname: 'Reader', birthday: '2000-01-01', termsAgree: 'true', privacyAgree: 'true', sessionKey: 'key', rsaEncryptedString: 'sealed' }],
  ['inquiry', 'POST', '/api/inquiry', { category: 'bug', text: 'It crashes.' }],
]

describe.each(ROUTES)('%s', (_name, method, url, body) => {
  it.each(['ja', 'en', 'fr'] as const)('refuses the crafted e-mail with 400 in %s', async (locale) => {
    const response = await t.call(method, url, { body: { ...body, email: CRAFTED }, locale, headers: device('overlong-device') })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(VALIDATION_MESSAGES.emailFormat[locale])
  })
})

it('refuses a crafted e-mail close to the 1 MB body limit the same way', async () => {
  const email = `a@${'.'.repeat(1_000_000)}@`
  const response = await t.call('PUT', '/api/member/send/verify/token', { body: { email }, locale: 'en' })
  expect(response.statusCode).toBe(400)
  expect(response.json().message).toBe('Email address format is incorrect.')
  expect((await t.call('GET', '/api/health')).statusCode).toBe(200)
})

it('refuses an over-long sealed password by its length, before its one-time key is used up', async () => {
  const sealed = await sealedPassword(t, SEEDED.password)
  const refused = await t.call('POST', '/api/member/signin', { body: { email: SEEDED.email, sessionKey: sealed.sessionKey, rsaEncryptedString: 'A'.repeat(500_000), stayLogged: 'false' } })
  expect(refused.statusCode).toBe(400)
  const signedIn = await t.call('POST', '/api/member/signin', { body: { email: SEEDED.email, ...sealed, stayLogged: 'false' } })
  expect(signedIn.statusCode).toBe(200)
})
