import { endpoints } from '@koma/contracts/server'
import { SIGNIN_LOCK } from '../../limits'
import { createTestApp, type TestApp } from '../../test/testApp'
import { lastCode, readerIp, registerMember, sealed, uniqueEmail } from '../../test/account'

jest.setTimeout(180_000)

/**
 * Guessing in parallel (issue 11): sign-in attempts and code checks are counted atomically before
 * the secret is compared, so a burst of guesses gets exactly the limit's worth of comparisons.
 * The per-address request limits are raised here so that only the counters under test refuse.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    configure: (config) => ({
      ...config,
      rateLimit: {
        ...config.rateLimit,
        rules: {
          ...config.rateLimit.rules,
          signin: { ...config.rateLimit.rules.signin, address: { max: 1000, windowMs: 60_000 } },
          codeCheck: { ...config.rateLimit.rules.codeCheck, address: { max: 1000, windowMs: 60_000 } },
        },
      },
    }),
  })
})
afterAll(async () => {
  await t?.close()
})
afterEach(() => t.clock.setFakeTime(null))

const MIN = 60_000
const range = (n: number) => Array.from({ length: n }, (_, i) => i)
const tally = (responses: { statusCode: number; json(): { message?: string } }[]) => {
  const counts: Record<string, number> = {}
  for (const response of responses) {
    const key = `${response.statusCode} ${response.json().message}`
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}

async function signin(email: string, password: string, ip: string) {
  return t.call(endpoints.signin, { body: { email, ...(await sealed(t, { password })), stayLogged: 'false' }, ip })
}

describe('sign-in: counted before the password is compared', () => {
  it('30 wrong passwords at once from one address: exactly 5 compared, 25 refused with 429', async () => {
    const member = await registerMember(t)
    const ip = '203.0.113.10'
    const secrets = await Promise.all(range(30).map(() => sealed(t, { password: 'wrong-pass-1' })))
    const answers = await Promise.all(secrets.map((secret) => t.call(endpoints.signin, { body: { email: member.email, ...secret, stayLogged: 'false' }, ip })))
    expect(tally(answers)).toEqual({
      '400 Incorrect email or password': SIGNIN_LOCK.perEmailAndAddress,
      '429 Too many failed sign-in attempts. Please wait 15 minutes or reset your password.': 30 - SIGNIN_LOCK.perEmailAndAddress,
    })
    const retryAfter = Number(answers.find((answer) => answer.statusCode === 429)!.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(SIGNIN_LOCK.windowMs / 1000)

    // The right password from the locked address is refused too; the owner elsewhere is not locked out.
    expect((await signin(member.email, member.password, ip)).statusCode).toBe(429)
    expect((await signin(member.email, member.password, '198.51.100.77')).statusCode).toBe(200)
    // The lock ends with its window.
    t.clock.setFakeTime(new Date(Date.now() + SIGNIN_LOCK.windowMs + MIN))
    expect((await signin(member.email, member.password, ip)).statusCode).toBe(200)
  })

  it('locks per (e-mail, address): one address cannot lock the owner out, nor is it locked for other e-mails', async () => {
    const victim = await registerMember(t)
    const other = await registerMember(t)
    const attacker = '203.0.113.11'
    for (let i = 0; i < SIGNIN_LOCK.perEmailAndAddress; i += 1) expect((await signin(victim.email, 'wrong-pass-1', attacker)).statusCode).toBe(400)
    expect((await signin(victim.email, 'wrong-pass-1', attacker)).statusCode).toBe(429)
    expect((await signin(other.email, other.password, attacker)).statusCode).toBe(200)
    expect((await signin(victim.email, victim.password, '203.0.113.12')).statusCode).toBe(200)
  })

  it('a success clears its address; spread-out guessing meets the per-e-mail ceiling', async () => {
    const member = await registerMember(t)
    const home = '203.0.113.13'
    for (let i = 0; i < SIGNIN_LOCK.perEmailAndAddress - 1; i += 1) await signin(member.email, 'wrong-pass-1', home)
    expect((await signin(member.email, member.password, home)).statusCode).toBe(200)
    // Counted afresh after the success: four more mistakes still leave the right password in.
    for (let i = 0; i < SIGNIN_LOCK.perEmailAndAddress - 1; i += 1) await signin(member.email, 'wrong-pass-1', home)
    expect((await signin(member.email, member.password, home)).statusCode).toBe(200)

    // Guesses spread over many addresses, five each, meet the ceiling across addresses. It counts
    // compared wrong guesses: the eight from home above, then these until it is full.
    const before = 2 * (SIGNIN_LOCK.perEmailAndAddress - 1)
    const spread = range(SIGNIN_LOCK.perEmail / SIGNIN_LOCK.perEmailAndAddress).map((i) => `192.0.2.${i + 1}`)
    const answers = []
    for (const ip of spread) for (let i = 0; i < SIGNIN_LOCK.perEmailAndAddress; i += 1) answers.push(await signin(member.email, 'wrong-pass-1', ip))
    expect(answers.filter((answer) => answer.statusCode === 400).length).toBe(SIGNIN_LOCK.perEmail - before)
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBe(before)
    // Now every address waits, the owner's new one too (the trade-off of a ceiling; see docs).
    expect((await signin(member.email, member.password, '192.0.2.200')).statusCode).toBe(429)
  })
})

describe('codes: each guess counted before the comparison', () => {
  it('30 wrong codes at once: exactly 5 compared, 25 refused with 429; the code is spent', async () => {
    const email = uniqueEmail('guess')
    expect((await t.call(endpoints.sendVerifyToken, { body: { email }, ip: readerIp() })).statusCode).toBe(200)
    const code = lastCode(t, email)
    const wrong = code === '000000' ? '111111' : '000000'
    const answers = await Promise.all(range(30).map(() => t.call(endpoints.checkVerifyToken, { body: { email, token: wrong }, ip: readerIp() })))
    expect(tally(answers)).toEqual({
      '400 The verification code is incorrect.': 5,
      '429 Too many wrong codes. Please request a new code.': 25,
    })
    const right = await t.call(endpoints.checkVerifyToken, { body: { email, token: code }, ip: readerIp() })
    expect(right.statusCode).toBe(429)
    const row = await t.db.selectFrom('email_codes').select('attempts').where('email', '=', email).executeTakeFirstOrThrow()
    expect(row.attempts).toBe(5)
  })

  it('only wrong guesses use a code up: four mistakes, then the right code, and it checks again', async () => {
    const email = uniqueEmail('guess')
    await t.call(endpoints.sendVerifyToken, { body: { email }, ip: readerIp() })
    const code = lastCode(t, email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i += 1) expect((await t.call(endpoints.checkVerifyToken, { body: { email, token: wrong } })).statusCode).toBe(400)
    for (let i = 0; i < 3; i += 1) expect((await t.call(endpoints.checkVerifyToken, { body: { email, token: code } })).statusCode).toBe(200)
  })
})
