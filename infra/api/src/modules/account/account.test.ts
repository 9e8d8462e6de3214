import { HEADERS, endpoints, type Endpoint } from '@koma/contracts/server'
import sharp from 'sharp'
import { cookiesOf, createTestApp, requestOf, TEST_PUBLIC_URL, type OptionalIfNoParams, type TestApp, urlOf } from '../../test/testApp'
import { findChapter, SEEDED, signIn } from '../../test/fixtures'
import { device, guest, lastCode, readerIp, registerMember, sealed, uniqueEmail } from '../../test/account'

jest.setTimeout(120_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})
afterEach(() => t.clock.setFakeTime(null))

const MIN = 60_000
const later = (ms: number) => t.clock.setFakeTime(new Date(Date.now() + ms))
const msg = (response: { json(): { message?: string } }) => response.json().message

/** A protected endpoint's request, and whether a guest may call it. */
const protectedCall = <E extends Endpoint<unknown, unknown, unknown, unknown>>(endpoint: E, guestAllowed: boolean, ...[options]: OptionalIfNoParams<E>) => {
  const [method, url, request] = requestOf(endpoint, options)
  return [method, url, request, guestAllowed] as const
}

/** Every endpoint a signed-out caller may not use, and whether a guest may. */
const PROTECTED = [
  protectedCall(endpoints.passwordChange, false),
  protectedCall(endpoints.passwordExpiration, false),
  protectedCall(endpoints.changeEmail, false),
  protectedCall(endpoints.nickname, false),
  protectedCall(endpoints.mobile, false),
  protectedCall(endpoints.avatarUpload, false),
  protectedCall(endpoints.avatarDelete, false),
  protectedCall(endpoints.notifyEmail, false, { params: { value: 'on' } }),
  protectedCall(endpoints.marketInfoAgree, false),
  protectedCall(endpoints.deleteMember, false, { params: { userId: 'me' } }),
  protectedCall(endpoints.termsAgree, false),
  protectedCall(endpoints.devices, false),
  protectedCall(endpoints.deviceRemove, false, { params: { deviceId: 'some-device-1' } }),
  protectedCall(endpoints.mature, false),
  protectedCall(endpoints.matureAccept, false, { params: { value: 'on' } }),
  protectedCall(endpoints.certificationInit, false),
  protectedCall(endpoints.certificationComplete, false, { query: { code: 'abcdefghijkl' } }),
  protectedCall(endpoints.linkedAccounts, false),
  protectedCall(endpoints.idpLink, false, { params: { provider: 'google' } }),
  protectedCall(endpoints.idpUnlink, false, { params: { provider: 'google' } }),
  protectedCall(endpoints.idpAuthorize, false, { params: { provider: 'google' }, query: { purpose: 'link' } }),
  protectedCall(endpoints.profile, true),
  protectedCall(endpoints.settings, true),
  protectedCall(endpoints.settingsUpdate, true),
  protectedCall(endpoints.gifts, true),
  protectedCall(endpoints.giftClaim, true, { params: { giftId: '1' } }),
  protectedCall(endpoints.giftClaimAll, true),
  protectedCall(endpoints.messages, true),
  protectedCall(endpoints.inboxCount, true),
  protectedCall(endpoints.couponRedeem, true),
  protectedCall(endpoints.dailyBonus, true),
  protectedCall(endpoints.dailyBonusClaim, true),
  protectedCall(endpoints.grants, true),
]

describe('who may call what (SPEC §6)', () => {
  it.each(PROTECTED)('%s %s: 401 signed out', async (method, url, request) => {
    const response = await t.call(method, url, { ...request, headers: device('signed-out-device') })
    expect(response.statusCode).toBe(401)
  })

  it('a guest gets "Guest users cannot use this function." on member-only endpoints, in their language', async () => {
    const { cookies } = await guest(t, 'guest-device-rights')
    for (const [method, url, request, guestAllowed] of PROTECTED) {
      const response = await t.call(method, url, { ...request, cookies, headers: device('guest-device-rights'), body: method === 'GET' ? undefined : {} })
      if (guestAllowed) expect([url, response.statusCode]).not.toEqual([url, 401])
      else expect([url, response.statusCode, msg(response)]).toEqual([url, 403, 'Guest users cannot use this function.'])
    }
    const ja = await t.call(endpoints.deleteMember, { params: { userId: 'me' }, cookies, locale: 'ja', body: { reason: 'other' } })
    expect(msg(ja)).toBe('ゲストユーザーはこの機能を利用できません。')
  })
})

describe('guests (SPEC §4)', () => {
  it('a guest is bound to the secret in its own httpOnly cookie, with a session cookie but no login-check cookie', async () => {
    const first = await guest(t, 'guest-device-one')
    expect(first.response.cookies.find((cookie) => cookie.name === 'koma_session')).toMatchObject({ httpOnly: true })
    expect(first.response.cookies.find((cookie) => cookie.name === 'koma_lc')?.value ?? '').toBe('')
    const secret = first.response.cookies.find((cookie) => cookie.name === 'koma_guest')
    expect(secret).toMatchObject({ httpOnly: true, path: '/api', sameSite: 'Lax' })
    // Kept hashed: the database never holds the secret itself.
    const row = await t.db.selectFrom('members').select('guest_token_hash').where('id', '=', first.userId).executeTakeFirstOrThrow()
    expect(row.guest_token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(secret?.value ?? '-')
    // Its session ended (a day, a cleared cookie), the secret alone brings the same guest back, on a new session.
    const back = await t.call(endpoints.guestSession, { headers: device('guest-device-one'), cookies: { koma_guest: secret?.value ?? '' } })
    expect(back.json().result.userId).toBe(first.userId)
    const profile = await t.call(endpoints.profile, { cookies: first.cookies })
    expect(profile.json().result).toMatchObject({ guest: true, userId: first.userId })
  })

  it('the device id alone never resumes a guest (issue 33: another client sending a victim’s id gets a guest of its own)', async () => {
    const victim = await guest(t, 'guest-device-victim', readerIp())
    const attacker = await guest(t, 'guest-device-victim', readerIp())
    expect(attacker.userId).not.toBe(victim.userId)
    // The attacker signs up: the victim's guest and session stay the victim's.
    await registerMember(t, { cookies: attacker.cookies, headers: device('guest-device-victim') })
    const profile = (await t.call(endpoints.profile, { cookies: victim.cookies })).json().result
    expect(profile).toMatchObject({ guest: true, userId: victim.userId })
    // A forged or stale secret is no secret: a new guest again, never the victim.
    const forged = await t.call(endpoints.guestSession, { headers: device('guest-device-victim'), cookies: { koma_guest: 'A'.repeat(43) }, ip: readerIp() })
    expect(forged.json().result.userId).not.toBe(victim.userId)
  })

  it('signing up from a guest ends every other session of that guest and forgets its secret', async () => {
    const g = await guest(t, 'guest-device-two-tabs', readerIp())
    const secret = cookiesOf(g.response).koma_guest ?? ''
    // A second session of the same guest (its first one's cookie lost, say), opened with the secret.
    const second = cookiesOf(await t.call(endpoints.guestSession, { headers: device('guest-device-two-tabs'), cookies: { koma_guest: secret } }))
    expect((await t.call(endpoints.profile, { cookies: second })).json().result).toMatchObject({ userId: g.userId, guest: true })
    const member = await registerMember(t, { cookies: g.cookies, headers: device('guest-device-two-tabs') })
    expect(member.userId).toBe(g.userId)
    expect(member.response.cookies.find((cookie) => cookie.name === 'koma_guest')?.value ?? '').toBe('')
    expect((await t.call(endpoints.profile, { cookies: second })).statusCode).toBe(401)
    expect((await t.call(endpoints.profile, { cookies: member.cookies })).json().result).toMatchObject({ userId: g.userId, guest: false })
    // The secret names nobody now: it makes a new guest.
    const after = await t.call(endpoints.guestSession, { headers: device('guest-device-two-tabs'), cookies: { koma_guest: secret }, ip: readerIp() })
    expect(after.json().result.userId).not.toBe(g.userId)
  })

  it('refuses a guest without a usable device id', async () => {
    const response = await t.call(endpoints.guestSession, { headers: { [HEADERS.clientUid]: '' } })
    expect(response.statusCode).toBe(400)
  })

  it('registering from a guest keeps the member id and its history', async () => {
    const g = await guest(t, 'guest-device-register')
    await t.db
      .insertInto('inbox_gifts')
      .values({
        member_id: g.userId,
        texts: JSON.stringify({ en: { title: 'x', description: 'y' } }),
        kind: 'coin',
        coin_type: 'free',
        amount: 1,
        content_id: null,
        grant_valid_days: null,
        created_at: new Date(),
        expires_at: null,
      })
      .execute()
    const member = await registerMember(t, { cookies: g.cookies, headers: device('guest-device-register') })
    expect(member.userId).toBe(g.userId)
    const profile = (await t.call(endpoints.profile, { cookies: member.cookies })).json().result
    expect(profile).toMatchObject({ guest: false, email: member.email })
    const gifts = (await t.call(endpoints.gifts, { cookies: member.cookies })).json().result.gifts
    expect(gifts.map((gift: { title: string }) => gift.title)).toContain('x')
  })

  it('signing in from a guest discards the guest and its data', async () => {
    const g = await guest(t, 'guest-device-signin')
    const { chapterId, contentId } = await findChapter(t, { free: false, mature: false })
    await t.db
      .insertInto('chapter_access')
      .values({ member_id: g.userId, chapter_id: chapterId, content_id: contentId, kind: 'owned', via: 'gift', expires_at: null })
      .execute()
    const sealedBody = await sealed(t, { password: SEEDED.password })
    const response = await t.call(endpoints.signin, {
      cookies: g.cookies,
      headers: device('guest-device-signin'),
      body: { email: SEEDED.email, ...sealedBody, stayLogged: 'true' },
    })
    expect(response.statusCode).toBe(200)
    expect(await t.db.selectFrom('members').select('id').where('id', '=', g.userId).executeTakeFirst()).toBeUndefined()
    expect(await t.db.selectFrom('chapter_access').select('member_id').where('member_id', '=', g.userId).executeTakeFirst()).toBeUndefined()
    expect((await t.call(endpoints.profile, { cookies: g.cookies })).statusCode).toBe(401)
  })
})

describe('sign-up with an e-mail code', () => {
  it('mails a 6-digit code, verifies it and registers; the welcome mail and gift arrive', async () => {
    const member = await registerMember(t, { nickname: 'Fresh reader' })
    const profile = (await t.call(endpoints.profile, { cookies: member.cookies })).json().result
    expect(profile).toMatchObject({ nickname: 'Fresh reader', guest: false, userExtraInfo: { birthday: '2000-05-05', hasPassword: true, termsUpdate: null } })
    expect(member.response.cookies.find((cookie) => cookie.name === 'koma_lc')?.value).toBe('1')
    expect(t.outbox().some((mail) => mail.to === member.email && mail.tag === 'welcome')).toBe(true)
    const gifts = (await t.call(endpoints.gifts, { cookies: member.cookies })).json().result.gifts
    expect(gifts[0]).toMatchObject({ title: 'Welcome gift', kind: 'ticket', amount: 3, state: 'claimable' })
    // And the new member signs in with the chosen password.
    expect(Object.keys(await signIn(t, member.email, member.password))).toContain('koma_session')
  })

  it('validates every field with the SPEC messages (and keeps nothing on failure)', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ email: '' }, 'Please input Email address.'],
      [{ email: 'no-at-sign' }, 'Email address format is incorrect.'],
      [{ email: '한국@koma.example' }, 'Email address format is incorrect.'],
    ]
    for (const [body, message] of cases) {
      const response = await t.call(endpoints.sendVerifyToken, { body })
      expect([response.statusCode, msg(response)]).toEqual([400, message])
    }
    const email = uniqueEmail('join')
    expect((await t.call(endpoints.sendVerifyToken, { body: { email } })).statusCode).toBe(200)
    const code = lastCode(t, email)
    expect(code).toMatch(/^\d{6}$/)
    for (const [token, message] of [
      ['', 'Enter Your Verification Code.'],
      ['12ab56', 'Enter Your Verification Code.'],
    ]) {
      const response = await t.call(endpoints.checkVerifyToken, { body: { email, token } })
      expect([response.statusCode, msg(response)]).toEqual([400, message])
    }
    const wrong = code === '000000' ? '111111' : '000000'
    expect(msg(await t.call(endpoints.checkVerifyToken, { body: { email, token: wrong } }))).toBe('The verification code is incorrect.')
    // Joining before the code is verified is refused.
    const form = { email, nickname: 'Joiner', birthday: '2000-01-01', termsAgree: 'true', privacyAgree: 'true' }
    expect(msg(await t.call(endpoints.signup, { body: { ...form, ...(await sealed(t, { password: 'koma-reader-9' })) } }))).toBe(
      'Please verify your email address first.',
    )
    expect((await t.call(endpoints.checkVerifyToken, { body: { email, token: code } })).statusCode).toBe(200)
    const bad: [Record<string, string>, Record<string, string>, string][] = [
      [{ nickname: '' }, { password: 'koma-reader-9' }, 'Please input Nickname.'],
      [{ nickname: 'x'.repeat(21) }, { password: 'koma-reader-9' }, 'Please use 20 characters or fewer for your nickname.'],
      [{ nickname: '<b>me</b>' }, { password: 'koma-reader-9' }, 'Your nickname contains characters that cannot be used.'],
      [{ birthday: '2020-01-01' }, { password: 'koma-reader-9' }, 'You must be 16 or older to sign up.'],
      [{ birthday: '2001-02-30' }, { password: 'koma-reader-9' }, 'Please enter a valid date of birth.'],
      [{ termsAgree: 'false' }, { password: 'koma-reader-9' }, 'Please agree to the Terms of Use.'],
      [{ privacyAgree: '' }, { password: 'koma-reader-9' }, 'Please agree to the Privacy Policy.'],
      [{}, { password: 'short1' }, 'Please use 8 to 32 characters for your password.'],
      [{}, { password: 'lettersonly' }, 'For your password, please use 8 to 32 characters that contain at least one number or symbol.'],
      [{}, { password: 'has space1' }, 'Please remove any spaces.'],
      [{}, { password: 'pässwörd12' }, 'Please use only alphabets, numbers, and symbols for your password.'],
    ]
    for (const [over, secret, message] of bad) {
      const response = await t.call(endpoints.signup, { body: { ...form, ...over, ...(await sealed(t, secret)) } })
      expect([over, response.statusCode, msg(response)]).toEqual([over, 400, message])
    }
    const ok = await t.call(endpoints.signup, { body: { ...form, ...(await sealed(t, { password: 'koma-reader-9' })) } })
    expect(ok.statusCode).toBe(200)
    // The code is spent, the address taken.
    expect(msg(await t.call(endpoints.sendVerifyToken, { body: { email } }))).toBe('This email address is already registered.')
  })

  it('a code is valid 10 minutes, re-requestable once a minute, and five wrong guesses spend it', async () => {
    const email = uniqueEmail('codes')
    expect((await t.call(endpoints.sendVerifyToken, { body: { email } })).statusCode).toBe(200)
    const tooSoon = await t.call(endpoints.sendVerifyToken, { body: { email } })
    expect(tooSoon.statusCode).toBe(429)
    const code = lastCode(t, email)
    later(10 * MIN + 1000)
    expect(msg(await t.call(endpoints.checkVerifyToken, { body: { email, token: code } }))).toBe('The verification code has expired. Please request a new one.')
    expect((await t.call(endpoints.sendVerifyToken, { body: { email } })).statusCode).toBe(200)
    const fresh = lastCode(t, email)
    const wrong = fresh === '999999' ? '888888' : '999999'
    for (let i = 0; i < 5; i += 1) await t.call(endpoints.checkVerifyToken, { body: { email, token: wrong } })
    const spent = await t.call(endpoints.checkVerifyToken, { body: { email, token: fresh } })
    expect([spent.statusCode, msg(spent), spent.headers['retry-after']]).toEqual([429, 'Too many wrong codes. Please request a new code.', '60'])
  })

  it('answers in Japanese and French', async () => {
    expect(msg(await t.call(endpoints.sendVerifyToken, { body: { email: '' }, locale: 'ja' }))).toBe('メールアドレスを入力してください。')
    expect(msg(await t.call(endpoints.sendVerifyToken, { body: { email: SEEDED.email }, locale: 'fr' }))).toBe('Cette adresse e-mail est déjà enregistrée.')
  })
})

describe('sign-in failures are slowed down', () => {
  it('five wrong passwords lock the address for a while, even for the right password', async () => {
    const member = await registerMember(t)
    for (let i = 0; i < 5; i += 1) {
      const response = await t.call(endpoints.signin, {
        body: { email: member.email, ...(await sealed(t, { password: 'wrong-pass-1' })), stayLogged: 'false' },
      })
      expect(msg(response)).toBe('Incorrect email or password')
    }
    const locked = await t.call(endpoints.signin, {
      body: { email: member.email, ...(await sealed(t, { password: member.password })), stayLogged: 'false' },
    })
    expect(locked.statusCode).toBe(429)
    later(16 * MIN)
    const after = await t.call(endpoints.signin, {
      body: { email: member.email, ...(await sealed(t, { password: member.password })), stayLogged: 'false' },
    })
    expect(after.statusCode).toBe(200)
  })
})

describe('passwords', () => {
  it('find → reset mail valid 10 minutes → reset once; every session ends', async () => {
    const member = await registerMember(t)
    expect((await t.call(endpoints.passwordFind, { query: { email: 'nobody@koma.example' } })).json().result).toEqual({ sent: true })
    expect(msg(await t.call(endpoints.passwordFind, { query: { email: 'bad' } }))).toBe('Email address format is incorrect.')
    // Hostile Origin, Referer and Host: the link is on the configured public origin all the same.
    const hostile = {
      origin: 'https://evil.example',
      referer: 'https://evil.example/password/find',
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    }
    expect((await t.call(endpoints.passwordFind, { query: { email: member.email }, headers: hostile, locale: 'fr' })).statusCode).toBe(200)
    const mail = t
      .outbox()
      .reverse()
      .find((item) => item.to === member.email && item.tag === 'reset')!
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Koma')
    // A repeat right away answers exactly like an unknown address (no way to tell who is registered) and mails nothing.
    const resets = () => t.outbox().filter((item) => item.to === member.email && item.tag === 'reset').length
    const before = resets()
    const again = await t.call(endpoints.passwordFind, { query: { email: member.email } })
    expect([again.statusCode, again.json().result]).toEqual([200, { sent: true }])
    expect(resets()).toBe(before)
    const link = new URL(/(http\S+)/.exec(mail.text)?.[1] ?? '')
    expect(link.origin + link.pathname).toBe(`${TEST_PUBLIC_URL}/fr/member/profile/password/reset`)
    expect(mail.text).not.toContain('evil.example')
    const token = link.searchParams.get('token')!
    expect((await t.call(endpoints.passwordResetCheck, { query: { token } })).json().result.email).toMatch(/^n•+@koma\.example$/)
    expect(msg(await t.call(endpoints.passwordReset, { body: { token, ...(await sealed(t, { password: 'short' })) } }))).toBe(
      'Please use 8 to 32 characters for your password.',
    )
    later(11 * MIN)
    expect(msg(await t.call(endpoints.passwordReset, { body: { token, ...(await sealed(t, { password: 'brand-new-1' })) } }))).toBe(
      'This password reset link has expired or was already used. Please request a new one.',
    )
    t.clock.setFakeTime(null)
    expect((await t.call(endpoints.passwordReset, { body: { token, ...(await sealed(t, { password: 'brand-new-1' })) } })).statusCode).toBe(200)
    expect((await t.call(endpoints.passwordReset, { body: { token, ...(await sealed(t, { password: 'brand-new-2' })) } })).statusCode).toBe(400)
    expect((await t.call(endpoints.profile, { cookies: member.cookies })).statusCode).toBe(401)
    await signIn(t, member.email, 'brand-new-1')
  })

  it('change needs the current password; other devices are signed out; advice after 6 months', async () => {
    const member = await registerMember(t)
    const other = await signIn(t, member.email, member.password)
    const change = async (currentPassword: string, password: string) =>
      t.call(endpoints.passwordChange, { cookies: member.cookies, body: await sealed(t, { currentPassword, password }) })
    expect(msg(await change('', 'koma-new-1'))).toBe('Please input your current password.')
    expect(msg(await change('wrong-pass-1', 'koma-new-1'))).toBe('Your current password is incorrect.')
    expect(msg(await change(member.password, member.password))).toBe('Please choose a password different from your current one.')
    expect(msg(await change(member.password, 'nospecials'))).toBe(
      'For your password, please use 8 to 32 characters that contain at least one number or symbol.',
    )
    expect((await change(member.password, 'koma-new-1')).statusCode).toBe(200)
    expect((await t.call(endpoints.profile, { cookies: member.cookies })).statusCode).toBe(200)
    expect((await t.call(endpoints.profile, { cookies: other })).statusCode).toBe(401)
    const advised = async () => (await t.call(endpoints.profile, { cookies: member.cookies })).json().result.userExtraInfo.passwordChangeAdvised
    expect(await advised()).toBe(false)
    later(184 * 24 * 60 * MIN)
    expect(await advised()).toBe(true)
    expect((await t.call(endpoints.passwordExpiration, { cookies: member.cookies })).statusCode).toBe(200)
    expect(await advised()).toBe(false)
  })
})

describe('profile', () => {
  let member: Awaited<ReturnType<typeof registerMember>>
  beforeAll(async () => {
    member = await registerMember(t)
  })

  it('nickname and mobile number: SPEC rules and messages', async () => {
    const nick = (nickname: string) => t.call(endpoints.nickname, { cookies: member.cookies, body: { nickname } })
    expect(msg(await nick(''))).toBe('Please input Nickname.')
    expect(msg(await nick('あ'.repeat(21)))).toBe('Please use 20 characters or fewer for your nickname.')
    expect(msg(await nick('a"b'))).toBe('Your nickname contains characters that cannot be used.')
    expect((await nick('夜更かしの読者')).json().result).toEqual({ nickname: '夜更かしの読者' })
    const mobile = (value: string) => t.call(endpoints.mobile, { cookies: member.cookies, body: { mobile: value } })
    expect(msg(await mobile(''))).toBe('Please enter your mobile phone number.')
    expect(msg(await mobile('01212345678'))).toBe('This is not a valid mobile phone number form.')
    expect(msg(await mobile('abc'))).toBe('This is not a valid mobile phone number form.')
    expect((await mobile('01012345678')).statusCode).toBe(200)
    const profile = (await t.call(endpoints.profile, { cookies: member.cookies })).json().result
    expect(profile).toMatchObject({ nickname: '夜更かしの読者', userExtraInfo: { mobile: '01012345678' } })
  })

  it('e-mail change with a code and the current password; the old address is told', async () => {
    const sendFor = (email: string) => t.call(endpoints.sendVerifyToken, { cookies: member.cookies, body: { email, purpose: 'changeEmail' } })
    expect(msg(await sendFor(member.email.toUpperCase()))).toBe('Email address has not changed.')
    expect(msg(await sendFor(SEEDED.email))).toBe('This email address is already registered.')
    const next = uniqueEmail('moved')
    expect((await sendFor(next)).statusCode).toBe(200)
    const change = (body: Record<string, string>, locale?: 'ja' | 'fr') =>
      t.call(endpoints.changeEmail, { cookies: member.cookies, body: { email: next, ...body }, locale, headers: { [HEADERS.timezone]: 'UTC' } })
    expect(msg(await change({ token: '123' }))).toBe('Enter Your Verification Code.')
    const token = lastCode(t, next)
    // The current password is asked for, sealed like every password.
    expect(msg(await change({ token }))).toBe('Please input your current password.')
    expect(msg(await change({ token }, 'ja'))).toBe('現在のパスワードを入力してください。')
    expect(msg(await change({ token, ...(await sealed(t, { currentPassword: '' })) }, 'fr'))).toBe('Veuillez saisir votre mot de passe actuel.')
    expect(msg(await change({ token, ...(await sealed(t, { currentPassword: 'wrong-pass-1' })) }))).toBe('Your current password is incorrect.')
    expect(msg(await change({ token, ...(await sealed(t, { currentPassword: 'wrong-pass-1' })) }, 'ja'))).toBe('現在のパスワードが正しくありません。')
    expect(msg(await change({ token, ...(await sealed(t, { currentPassword: 'wrong-pass-1' })) }, 'fr'))).toBe('Votre mot de passe actuel est incorrect.')
    // A sealed payload that does not open is refused as such, not as a password.
    expect((await change({ token, sessionKey: 'nope', rsaEncryptedString: 'nope' })).statusCode).toBe(400)
    // Nothing changed so far.
    expect((await t.call(endpoints.profile, { cookies: member.cookies })).json().result.email).toBe(member.email)
    const before = Date.now()
    const ok = await change({ token, ...(await sealed(t, { currentPassword: member.password })) }, 'fr')
    expect(ok.json().result).toEqual({ email: next })
    await signIn(t, next, member.password)
    // The old address is told what changed, when, and what to do if it was not its owner.
    const notice = t.outbox().find((mail) => mail.to === member.email && mail.tag === 'emailChanged')!
    expect(notice.subject).toBe('L’adresse e-mail de votre compte Koma a été modifiée')
    expect(notice.text).toContain(`${next[0]}•`)
    expect(notice.text).not.toContain(next)
    expect(notice.text).toContain(`${TEST_PUBLIC_URL}/fr/inquiry`)
    // When: the reader's time zone (UTC here), SPEC §9 format; the day as it was around the call.
    const days = [before, Date.now()].map((ms) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '/'))
    const when = /^Le (\d{4}\/\d\d\/\d\d) \d\d:\d\d \(UTC\), /.exec(notice.text)
    expect(days).toContain(when?.[1])
    // The new address got only its code (as before).
    expect(
      t
        .outbox()
        .filter((mail) => mail.to === next)
        .map((mail) => mail.tag),
    ).toEqual(['code'])
    member.email = next
  })

  it('avatar: images checked by content, resized; anything else refused', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ff5b4a' } })
      .png()
      .toBuffer()
    const upload = (payload: Buffer, type = 'application/octet-stream') =>
      t.inject({ method: 'PUT', url: urlOf(endpoints.avatarUpload), payload, headers: { 'content-type': type }, cookies: member.cookies })
    // The raw upload goes through the signed client in the browser; here we sign by hand.
    const signedUpload = async (payload: Buffer, type?: string) => {
      const time = String(Date.now())
      const { requestChecksum } = await import('@koma/contracts/server')
      return t.inject({
        method: 'PUT',
        url: urlOf(endpoints.avatarUpload),
        payload,
        headers: {
          'content-type': type ?? 'application/octet-stream',
          [HEADERS.requestTime]: time,
          [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'),
          [HEADERS.language]: 'en',
        },
        cookies: member.cookies,
        remoteAddress: '127.0.0.1',
      })
    }
    expect((await upload(png)).statusCode).toBe(400) // unsigned
    const ok = await signedUpload(png, 'image/png')
    expect(ok.statusCode).toBe(200)
    const url = ok.json().result.avatarImageUrl as string
    const image = await t.inject({ method: 'GET', url, headers: { accept: 'image/webp' } })
    expect(image.statusCode).toBe(200)
    const fake = Buffer.from('%PDF-1.4 not an image at all')
    const refused = await signedUpload(fake, 'image/png')
    expect([refused.statusCode, msg(refused)]).toEqual([400, 'The file format is not supported. Please upload a JPEG, PNG, WebP or GIF image.'])
    expect((await signedUpload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).statusCode).toBe(400)
    expect((await t.call(endpoints.avatarDelete, { cookies: member.cookies })).json().result).toEqual({ avatarImageUrl: null })
  })

  it('settings: notifications, viewer key layout and image quality, read back as the viewer reads them', async () => {
    const defaults = (await t.call(endpoints.settings, { cookies: member.cookies })).json().result
    expect(defaults.viewer).toEqual({ keyLayout: 'auto', imageQuality: { wifi: 'high', mobile: 'data_saving' }, autoScrollSpeed: 3, paper: false })
    const updated = await t.call(endpoints.settingsUpdate, {
      cookies: member.cookies,
      body: {
        keyLayout: 'fixed',
        imageQualityWifi: 'data_saving',
        imageQualityMobile: 'high',
        autoScrollSpeed: '5',
        paperMode: 'true',
        nightRestriction: 'false',
        marketing: 'true',
      },
    })
    expect(updated.json().result).toEqual({
      notifications: { marketing: true, subscriptionUpdates: true, freeEpisodeUpdates: true, newsEmails: false, releaseUpdates: true, nightRestriction: false },
      viewer: { keyLayout: 'fixed', imageQuality: { wifi: 'data_saving', mobile: 'high' }, autoScrollSpeed: 5, paper: true },
      privacy: { doNotShare: false },
      timeZone: { zone: 'Asia/Seoul', changeableFrom: null },
    })
    expect((await t.call(endpoints.profile, { cookies: member.cookies })).json().result.userExtraInfo.marketingAgree).toBe(true)
    for (const body of [
      { keyLayout: 'sideways' },
      { imageQualityWifi: 'ultra' },
      { marketing: 'maybe' },
      { autoScrollSpeed: '6' },
      { autoScrollSpeed: '0' },
      { autoScrollSpeed: '2.5' },
      { autoScrollSpeed: ' 3' },
      { paperMode: 'on' },
    ] as Record<string, string>[]) {
      expect((await t.call(endpoints.settingsUpdate, { cookies: member.cookies, body })).statusCode).toBe(400)
    }
    expect((await t.call(endpoints.notifyEmail, { params: { value: 'on' }, cookies: member.cookies })).json().result).toEqual({ emailNotify: true })
    expect((await t.call('PUT', '/api/member/profile/notify/email/maybe', { cookies: member.cookies })).statusCode).toBe(404)
    expect((await t.call(endpoints.marketInfoAgree, { cookies: member.cookies, body: { marketInfoAgree: 'N' } })).json().result).toEqual({
      marketInfoAgree: false,
    })
  })

  it('devices: one per web device id; removing one signs that device out', async () => {
    const phone = await signIn(t, member.email, member.password)
    const phoneSession = { ...phone }
    // sign in again as another device
    const sealedBody = await sealed(t, { password: member.password })
    const tablet = cookiesOf(
      await t.call(endpoints.signin, {
        headers: { ...device('tablet-device-1'), 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1' },
        body: { email: member.email, ...sealedBody, stayLogged: 'true' },
      }),
    )
    const list = (await t.call(endpoints.devices, { cookies: phoneSession })).json().result.devices as {
      deviceId: string
      current: boolean
      os: string
    }[]
    expect(list.map((item) => item.deviceId).sort()).toEqual(['tablet-device-1', 'test-device'])
    expect(list.find((item) => item.deviceId === 'tablet-device-1')).toMatchObject({ os: 'iOS', current: false })
    expect(list.find((item) => item.deviceId === 'test-device')?.current).toBe(true)
    expect((await t.call(endpoints.deviceRemove, { params: { deviceId: 'no-such-device' }, cookies: phoneSession })).statusCode).toBe(404)
    const removed = await t.call(endpoints.deviceRemove, { params: { deviceId: 'tablet-device-1' }, cookies: phoneSession })
    expect(removed.json().result).toEqual({ removed: true, signedOutHere: false })
    expect((await t.call(endpoints.profile, { cookies: tablet, headers: device('tablet-device-1') })).statusCode).toBe(401)
    expect((await t.call(endpoints.profile, { cookies: phoneSession })).statusCode).toBe(200)
  })
})

describe('terms update: agree or be signed out', () => {
  it('flags a newer version, refuses an outdated agreement and records the right one', async () => {
    const member = await registerMember(t)
    const now = new Date()
    await t.db
      .insertInto('legal_documents')
      .values({ type: 'terms', version: 99, effective_at: new Date(now.getTime() + 60 * MIN) })
      .execute()
    await t.db.insertInto('legal_texts').values({ type: 'terms', version: 99, lang: 'en', title: 'Terms of Use', body: 'v99' }).execute()
    const update = async () => (await t.call(endpoints.profile, { cookies: member.cookies })).json().result.userExtraInfo.termsUpdate
    expect(await update()).toBeNull()
    later(61 * MIN)
    expect(await update()).toMatchObject({ version: 99 })
    expect((await t.call(endpoints.termsAgree, { cookies: member.cookies, body: { version: '2' } })).statusCode).toBe(409)
    expect((await t.call(endpoints.termsAgree, { cookies: member.cookies, body: { version: '99' } })).json().result).toEqual({ agreedVersion: 99 })
    expect(await update()).toBeNull()
    await t.db.deleteFrom('legal_documents').where('version', '=', 99).execute()
  })
})

describe('mature content and adult verification (SPEC §4, §8)', () => {
  it('451 until verified; verification through the sandbox; valid one year, then 451 (verify again) for reading too', async () => {
    const member = await registerMember(t)
    const accept = (value: 'on' | 'off') => t.call(endpoints.matureAccept, { params: { value }, cookies: member.cookies })
    const refused = await accept('on')
    expect([refused.statusCode, msg(refused)]).toEqual([451, 'Please verify that you are an adult to view mature content.'])
    const init = (await t.call(endpoints.certificationInit, { cookies: member.cookies, query: { redirect: '/en/account/setting' } })).json().result
    expect(init.iaSystemUrl).toMatch(/^\/api\/sandbox\/certification\//)
    const page = await t.inject({ method: 'GET', url: init.iaSystemUrl })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('type="date"')
    // Under 18: the service says no.
    const minor = await t.inject({
      method: 'POST',
      url: init.iaSystemUrl,
      payload: 'decision=verify&birthday=2012-01-01',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const minorCode = new URL(String(minor.headers.location), 'http://x').searchParams.get('code')!
    expect(msg(await t.call(endpoints.certificationComplete, { cookies: member.cookies, query: { code: minorCode } }))).toBe('Adult verification failed.')
    const second = (await t.call(endpoints.certificationInit, { cookies: member.cookies, query: { redirect: '/en/account/setting' } })).json().result
    const adult = await t.inject({
      method: 'POST',
      url: second.iaSystemUrl,
      payload: 'decision=verify&birthday=1990-03-03',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(adult.statusCode).toBe(303)
    const back = new URL(String(adult.headers.location), 'http://x')
    expect(back.pathname).toBe('/en/account/setting')
    const done = await t.call(endpoints.certificationComplete, { cookies: member.cookies, query: { code: back.searchParams.get('code')! } })
    expect(done.json().result).toMatchObject({ adultVerification: true, acceptMature: false })
    expect((await t.call(endpoints.certificationComplete, { cookies: member.cookies, query: { code: back.searchParams.get('code')! } })).statusCode).toBe(400)
    expect((await accept('on')).json().result).toMatchObject({ acceptMature: true, adultVerification: true })
    const { contentId, type } = await findChapter(t, { mature: true })
    expect((await t.call(endpoints.content, { params: { type, id: contentId }, cookies: member.cookies })).statusCode).toBe(200)
    later(366 * 24 * 60 * MIN)
    expect((await t.call(endpoints.content, { params: { type, id: contentId }, cookies: member.cookies })).statusCode).toBe(451)
    expect((await accept('on')).statusCode).toBe(451)
    t.clock.setFakeTime(null)
    expect((await accept('off')).json().result.acceptMature).toBe(false)
    // Not a value of the table: a raw path.
    expect((await t.call('PUT', '/api/member/profile/mature/accept/maybe', { cookies: member.cookies })).statusCode).toBe(404)
  })
})

describe('account deletion', () => {
  it('needs a SPEC reason code and the current password, signs out and frees nothing personal', async () => {
    const member = await registerMember(t)
    const withPassword = async (currentPassword: string) => sealed(t, { currentPassword })
    expect(msg(await t.call(endpoints.deleteMember, { params: { userId: 'me' }, cookies: member.cookies, body: { reason: '' } }))).toBe(
      'Please select a reason.',
    )
    expect(msg(await t.call(endpoints.deleteMember, { params: { userId: 'me' }, cookies: member.cookies, body: { reason: 'boring' } }))).toBe(
      'Please select a reason.',
    )
    expect((await t.call(endpoints.deleteMember, { params: { userId: '123456789' }, cookies: member.cookies, body: { reason: 'other' } })).statusCode).toBe(403)
    expect(msg(await t.call(endpoints.deleteMember, { params: { userId: 'me' }, cookies: member.cookies, body: { reason: 'privacy' } }))).toBe(
      'Please input your current password.',
    )
    expect(msg(await t.call(endpoints.deleteMember, { params: { userId: 'me' }, cookies: member.cookies, body: { reason: 'privacy' }, locale: 'fr' }))).toBe(
      'Veuillez saisir votre mot de passe actuel.',
    )
    expect(
      msg(
        await t.call(endpoints.deleteMember, {
          params: { userId: 'me' },
          cookies: member.cookies,
          body: { reason: 'privacy', ...(await withPassword('wrong-pass-1')) },
        }),
      ),
    ).toBe('Your current password is incorrect.')
    expect(
      msg(
        await t.call(endpoints.deleteMember, {
          params: { userId: 'me' },
          cookies: member.cookies,
          body: { reason: 'privacy', ...(await withPassword('wrong-pass-1')) },
          locale: 'ja',
        }),
      ),
    ).toBe('現在のパスワードが正しくありません。')
    expect((await t.call(endpoints.profile, { cookies: member.cookies })).statusCode).toBe(200)
    const deleted = await t.call(endpoints.deleteMember, {
      params: { userId: member.userId },
      cookies: member.cookies,
      body: { reason: 'privacy', ...(await withPassword(member.password)) },
    })
    expect(deleted.json().result).toEqual({ deleted: true })
    expect((await t.call(endpoints.profile, { cookies: member.cookies })).statusCode).toBe(401)
    const row = await t.db.selectFrom('members').select(['email', 'password_hash', 'deleted_at']).where('id', '=', member.userId).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ email: null, password_hash: null })
    expect(row.deleted_at).not.toBeNull()
    const signin = await t.call(endpoints.signin, {
      body: { email: member.email, ...(await sealed(t, { password: member.password })), stayLogged: 'false' },
    })
    expect(msg(signin)).toBe('Incorrect email or password')
    // The address may be registered again (after the one-minute wait between codes).
    later(2 * MIN)
    await registerMember(t, { email: member.email })
  })

  it('wrong current passwords count as failed sign-ins: after five, deletion and sign-in are locked for a while', async () => {
    const member = await registerMember(t)
    for (let i = 0; i < 5; i += 1) {
      const response = await t.call(endpoints.deleteMember, {
        params: { userId: 'me' },
        cookies: member.cookies,
        body: { reason: 'other', ...(await sealed(t, { currentPassword: `wrong-pass-${i}` })) },
      })
      expect(msg(response)).toBe('Your current password is incorrect.')
    }
    const locked = await t.call(endpoints.deleteMember, {
      params: { userId: 'me' },
      cookies: member.cookies,
      body: { reason: 'other', ...(await sealed(t, { currentPassword: member.password })) },
    })
    expect(locked.statusCode).toBe(429)
    const signin = await t.call(endpoints.signin, {
      body: { email: member.email, ...(await sealed(t, { password: member.password })), stayLogged: 'false' },
    })
    expect(signin.statusCode).toBe(429)
    later(16 * MIN)
    expect(
      (
        await t.call(endpoints.deleteMember, {
          params: { userId: 'me' },
          cookies: member.cookies,
          body: { reason: 'other', ...(await sealed(t, { currentPassword: member.password })) },
        })
      ).statusCode,
    ).toBe(200)
  })
})
