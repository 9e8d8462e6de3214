import { HEADERS, requestChecksum } from '@koma/contracts/server'
import sharp from 'sharp'
import { PAGE_SECURITY_POLICY } from '../../http/pages'
import { createTestApp, type TestApp } from '../../test/testApp'
import { SEEDED, signIn } from '../../test/fixtures'
import { SEEDED_COUPONS } from '../../seed/accounts'
import { SEED_NOW } from '../../test/template'
import { device, guest, registerMember } from './testing'

jest.setTimeout(120_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})
afterEach(() => t.clock.setFakeTime(null))

const msg = (response: { json(): { message?: string } }) => response.json().message
const DAY = 24 * 60 * 60 * 1000

/** Walk the sandbox identity provider like a browser: authorize → consent page → allow → callback query. */
async function sandboxLogin(provider: string, purpose: 'signin' | 'link', identity: { email: string; name: string }, cookies?: Record<string, string>) {
  const authorize = await t.call('GET', `/api/member/external-idp/${provider}/authorize`, { cookies, query: { purpose, origin: 'http://127.0.0.1:8150', redirect: '/en/account/userinfo' } })
  expect(authorize.statusCode).toBe(200)
  const url = authorize.json().result.url as string
  expect(url).toMatch(new RegExp(`^/api/sandbox/idp/${provider}/authorize\\?`))
  const params = new URL(url, 'http://x').searchParams
  expect(params.get('code_challenge_method')).toBe('S256')
  const page = await t.app.inject({ method: 'GET', url })
  expect(page.statusCode).toBe(200)
  expect(page.body).toContain('Sandbox')
  expect(page.headers['content-security-policy']).toBe(PAGE_SECURITY_POLICY)
  const form = new URLSearchParams()
  for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope']) form.set(name, params.get(name) ?? '')
  form.set('email', identity.email)
  form.set('name', identity.name)
  form.set('decision', 'allow')
  const consent = await t.app.inject({ method: 'POST', url: `/api/sandbox/idp/${provider}/consent`, payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(consent.statusCode).toBe(303)
  const callback = new URL(String(consent.headers.location))
  expect(callback.origin + callback.pathname).toBe(`http://127.0.0.1:8150/member/external-idp/web/${provider}/callback`)
  return { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')! }
}

describe('social sign-in through the one OAuth adapter and the sandbox provider', () => {
  it('an unknown identity joins with a short form, then signs in directly', async () => {
    const first = await sandboxLogin('google', 'signin', { email: 'sora@sandbox.example', name: 'Sora' })
    const answer = (await t.call('POST', '/api/member/external-idp/google/signin', { body: first })).json().result
    expect(answer).toMatchObject({ status: 'joinRequired', nickname: 'Sora', email: 'sora@sandbox.example', provider: 'google', redirect: '/en/account/userinfo' })
    // The state is one-time.
    expect(msg(await t.call('POST', '/api/member/external-idp/google/signin', { body: first }))).toBe('Social sign-in failed. Please try again.')
    const form = { pendingToken: answer.pendingToken, nickname: 'Sora', birthday: '2001-01-01', termsAgree: 'true', privacyAgree: 'true' }
    expect(msg(await t.call('POST', '/api/member/mapping', { body: { ...form, termsAgree: 'false' } }))).toBe('Please agree to the Terms of Use.')
    expect(msg(await t.call('POST', '/api/member/mapping', { body: { ...form, birthday: '2015-01-01' } }))).toBe('You must be 16 or older to sign up.')
    const joined = await t.call('POST', '/api/member/mapping', { body: form })
    expect(joined.statusCode).toBe(200)
    expect(msg(await t.call('POST', '/api/member/mapping', { body: form }))).toBe('Your sign-up session has expired. Please start again.')
    const cookies = Object.fromEntries(joined.cookies.filter((c) => c.value).map((c) => [c.name, c.value]))
    const profile = (await t.call('GET', '/api/member/profile', { cookies })).json().result
    expect(profile).toMatchObject({ nickname: 'Sora', email: 'sora@sandbox.example', externalIdps: ['google'], userExtraInfo: { hasPassword: false } })
    const again = await sandboxLogin('google', 'signin', { email: 'sora@sandbox.example', name: 'Sora' })
    const signedIn = await t.call('POST', '/api/member/external-idp/google/signin', { body: again })
    expect(signedIn.json().result).toMatchObject({ status: 'signedIn', userId: profile.userId })
    expect(signedIn.cookies.find((c) => c.name === 'koma_lc')?.value).toBe('1')
    // Its only way in cannot be unlinked.
    expect(msg(await t.call('DELETE', '/api/member/external-idp/google/mapping', { cookies }))).toBe('This is your only way to sign in. Register an email address and password first.')
  })

  it('links and unlinks for a member; an identity of another member is "already registered"', async () => {
    const member = await registerMember(t)
    const link = await sandboxLogin('kakao', 'link', { email: 'mine@sandbox.example', name: 'Mine' }, member.cookies)
    const linked = await t.call('POST', '/api/member/external-idp/kakao/mapping', { cookies: member.cookies, body: link })
    expect(linked.json().result.linked).toMatchObject({ provider: 'kakao', email: 'mine@sandbox.example' })
    const accounts = (await t.call('GET', '/api/member/external-idp', { cookies: member.cookies })).json().result
    expect(accounts.accounts.map((a: { provider: string }) => a.provider)).toEqual(['kakao'])
    expect(accounts.providers).toEqual(['payco', 'apple', 'google', 'facebook', 'twitter', 'kakao', 'naver'])
    const other = await registerMember(t)
    const steal = await sandboxLogin('kakao', 'link', { email: 'mine@sandbox.example', name: 'Mine' }, other.cookies)
    const refused = await t.call('POST', '/api/member/external-idp/kakao/mapping', { cookies: other.cookies, body: steal })
    expect([refused.statusCode, msg(refused)]).toEqual([409, 'This social account is already registered to another Koma account.'])
    // A state made for one member is worthless to another.
    const mineAgain = await sandboxLogin('naver', 'link', { email: 'n@sandbox.example', name: 'N' }, member.cookies)
    expect((await t.call('POST', '/api/member/external-idp/naver/mapping', { cookies: other.cookies, body: mineAgain })).statusCode).toBe(400)
    expect((await t.call('DELETE', '/api/member/external-idp/kakao/mapping', { cookies: member.cookies })).json().result).toEqual({ unlinked: true })
    expect((await t.call('DELETE', '/api/member/external-idp/kakao/mapping', { cookies: member.cookies })).statusCode).toBe(404)
  })

  it('refuses unknown providers, forged codes and a denied consent', async () => {
    expect((await t.call('GET', '/api/member/external-idp/myspace/authorize', { query: { purpose: 'signin', origin: 'http://127.0.0.1' } })).statusCode).toBe(404)
    expect((await t.call('GET', '/api/member/external-idp/google/authorize', { query: { purpose: 'signin', origin: 'javascript:alert(1)' } })).statusCode).toBe(400)
    const { state } = await sandboxLogin('payco', 'signin', { email: 'x@sandbox.example', name: 'X' })
    expect(msg(await t.call('POST', '/api/member/external-idp/payco/signin', { body: { code: 'forged-code', state } }))).toBe('Social sign-in failed. Please try again.')
    const token = await t.app.inject({ method: 'POST', url: '/api/sandbox/idp/payco/token', payload: 'grant_type=authorization_code&code=x&client_id=koma-web-payco&client_secret=wrong', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(token.statusCode).toBe(401)
  })
})

describe('inbox gifts and messages', () => {
  it('lists gifts with the 24-hour flag, claims once into a grant, refuses expired ones', async () => {
    // The seeded gifts are dated from the seed's "now".
    t.clock.setFakeTime(new Date(SEED_NOW.getTime() + 60 * 60 * 1000))
    const cookies = await signIn(t)
    const gifts = (await t.call('GET', '/api/inbox/gift', { cookies })).json().result.gifts as { id: number; expiringSoon: boolean; state: string; amount: number; kind: string }[]
    expect(gifts.length).toBeGreaterThanOrEqual(2)
    expect(gifts[0]).toMatchObject({ expiringSoon: true, state: 'claimable', kind: 'coin', amount: 20 })
    expect(gifts[1].expiringSoon).toBe(false)
    const ja = (await t.call('GET', '/api/inbox/gift', { cookies, locale: 'ja' })).json().result.gifts
    expect(ja[0].title).toBe('読書フェス記念：無料コイン20枚')
    const claim = await t.call('POST', `/api/inbox/gift/${gifts[0].id}/claim`, { cookies })
    expect(claim.json().result.grant).toMatchObject({ source: 'gift', kind: 'coin', coinType: 'free', amount: 20 })
    expect(claim.json().result.grant.expiresAt).not.toBeNull()
    expect(msg(await t.call('POST', `/api/inbox/gift/${gifts[0].id}/claim`, { cookies }))).toBe('This gift has already been received.')
    const history = (await t.call('GET', '/api/inbox/gift', { cookies, query: { tab: 'history' } })).json().result.gifts as { id: number; state: string }[]
    expect(history.map((gift) => gift.state)).toEqual(expect.arrayContaining(['claimed', 'expired']))
    const expired = history.find((gift) => gift.state === 'expired')!
    expect((await t.call('POST', `/api/inbox/gift/${expired.id}/claim`, { cookies })).statusCode).toBe(410)
    // Another member's gift is not found.
    const other = await registerMember(t)
    expect((await t.call('POST', `/api/inbox/gift/${gifts[1].id}/claim`, { cookies: other.cookies })).statusCode).toBe(404)
    expect((await t.call('POST', '/api/inbox/gift/abc/claim', { cookies: other.cookies })).statusCode).toBe(404)
    const grants = (await t.call('GET', '/api/member/grants', { cookies })).json().result.grants
    expect(grants[0]).toMatchObject({ source: 'gift', amount: 20 })
    const row = await t.db.selectFrom('reward_grants').selectAll().where('id', '=', grants[0].id).executeTakeFirstOrThrow()
    // Booked into the coin ledger in the same transaction (payments, issue 6).
    expect(row).toMatchObject({ coin_type: 'free', ledger_ref: expect.stringMatching(/^coin:\d+$/) })
    expect(row.booked_at).not.toBeNull()
  })

  it('messages are read once; counts follow', async () => {
    const member = await registerMember(t)
    const count = (await t.call('GET', '/api/inbox/count', { cookies: member.cookies })).json().result
    expect(count).toEqual({ gifts: 1, expiringSoon: 0, messages: 1 })
    const messages = (await t.call('GET', '/api/inbox/message', { cookies: member.cookies, locale: 'fr' })).json().result.messages
    expect(messages[0]).toMatchObject({ title: 'Bienvenue sur Koma', read: false })
    expect((await t.call('POST', `/api/inbox/message/${messages[0].id}/read`, { cookies: member.cookies })).statusCode).toBe(200)
    expect((await t.call('GET', '/api/inbox/count', { cookies: member.cookies })).json().result.messages).toBe(0)
    expect((await t.call('POST', '/api/inbox/message/99999999/read', { cookies: member.cookies })).statusCode).toBe(404)
    const all = await t.call('POST', '/api/inbox/gift/claim-all', { cookies: member.cookies })
    expect(all.json().result.grants).toHaveLength(1)
  })
})

describe('coupons', () => {
  it('validates, redeems once per member and grants what the coupon holds', async () => {
    const member = await registerMember(t)
    const redeem = (code: string, locale: 'en' | 'ja' = 'en') => t.call('POST', '/api/coupon/redeem', { cookies: member.cookies, body: { code }, locale })
    expect(msg(await redeem(''))).toBe('Please enter a coupon code.')
    expect(msg(await redeem('X'.repeat(40)))).toBe('Please enter a coupon code.')
    const unknown = await redeem('NOPE-NOPE')
    expect([unknown.statusCode, msg(unknown)]).toEqual([404, 'This coupon code is not valid.'])
    const ok = await redeem(` ${SEEDED_COUPONS.welcome.toLowerCase()} `)
    expect(ok.json().result.grant).toMatchObject({ source: 'coupon', kind: 'coin', coinType: 'bonus', amount: 50, expiresAt: null })
    expect(ok.json().result.title).toBe('Koma 2026 welcome coupon: 50 bonus coins')
    expect(msg(await redeem(SEEDED_COUPONS.welcome, 'ja'))).toBe('このクーポンはすでに使用済みです。')
    const expired = await redeem(SEEDED_COUPONS.expired)
    expect([expired.statusCode, msg(expired)]).toEqual([410, 'This coupon has expired.'])
    const tickets = (await redeem(SEEDED_COUPONS.tickets)).json().result.grant
    expect(tickets).toMatchObject({ kind: 'ticket', coinType: null, amount: 5 })
    expect(tickets.contentId).toEqual(expect.any(Number))
    // A limited coupon runs out.
    await t.db.updateTable('coupons').set({ redeemed_count: 100 }).where('code', '=', SEEDED_COUPONS.limited).execute()
    expect((await redeem(SEEDED_COUPONS.limited)).statusCode).toBe(410)
  })

  it('a guest may redeem (its coins are discarded if it signs in elsewhere)', async () => {
    const g = await guest(t, 'coupon-guest-device')
    const response = await t.call('POST', '/api/coupon/redeem', { cookies: g.cookies, headers: device('coupon-guest-device'), body: { code: SEEDED_COUPONS.welcome } })
    expect(response.statusCode).toBe(200)
  })
})

describe('daily bonus: one per day in the reader day boundary', () => {
  it('claims once a day by the reader time zone', async () => {
    const member = await registerMember(t)
    const tz = (zone: string) => ({ [HEADERS.timezone]: zone })
    // 23:30 in Tokyo on 20 Nov = 14:30 UTC.
    t.clock.setFakeTime(new Date('2026-11-20T14:30:00Z'))
    const status = (await t.call('GET', '/api/daily-bonus', { cookies: member.cookies, headers: tz('Asia/Tokyo') })).json().result
    expect(status).toMatchObject({ today: '2026-11-20', claimedToday: false, streak: 0, reward: { kind: 'coin', coinType: 'free', amount: 5 } })
    const claim = await t.call('POST', '/api/daily-bonus/claim', { cookies: member.cookies, headers: tz('Asia/Tokyo') })
    expect(claim.json().result.status).toMatchObject({ claimedToday: true, streak: 1 })
    expect(msg(await t.call('POST', '/api/daily-bonus/claim', { cookies: member.cookies, headers: tz('Asia/Tokyo') }))).toBe('You have already received today’s bonus. Come back tomorrow!')
    // An hour later it is the 21st in Tokyo: a new day.
    t.clock.setFakeTime(new Date('2026-11-20T15:30:00Z'))
    const next = await t.call('POST', '/api/daily-bonus/claim', { cookies: member.cookies, headers: tz('Asia/Tokyo') })
    expect(next.json().result.status).toMatchObject({ today: '2026-11-21', streak: 2 })
    // Switching to a zone still on the 20th cannot claim "yesterday" again.
    expect((await t.call('POST', '/api/daily-bonus/claim', { cookies: member.cookies, headers: tz('America/New_York') })).statusCode).toBe(409)
    const grants = (await t.call('GET', '/api/member/grants', { cookies: member.cookies })).json().result.grants.filter((g: { source: string }) => g.source === 'daily_bonus')
    expect(grants).toHaveLength(2)
    expect(new Date(grants[0].expiresAt).getTime() - new Date(grants[0].createdAt).getTime()).toBe(30 * DAY)
  })
})

describe('inquiries: category, text up to 5000, up to 3 images checked by content', () => {
  const upload = async (payload: Buffer, deviceId = 'inquiry-device-1') => {
    const time = String(Date.now())
    return t.app.inject({
      method: 'PUT',
      url: '/api/inquiry/image',
      payload,
      headers: { 'content-type': 'application/octet-stream', [HEADERS.requestTime]: time, [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'), [HEADERS.clientUid]: deviceId, [HEADERS.language]: 'en' },
      remoteAddress: '127.0.0.1',
    })
  }

  it('accepts a signed-out reader with images and mails a receipt', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } }).jpeg().toBuffer()
    const ids: string[] = []
    for (let i = 0; i < 2; i += 1) {
      const response = await upload(jpeg)
      expect(response.statusCode).toBe(200)
      ids.push(response.json().result.imageId)
    }
    const notImage = await upload(Buffer.from('GIF89a but really just text pretending to be an image'))
    expect([notImage.statusCode, msg(notImage)]).toEqual([400, 'The file format is not supported. Please upload a JPEG, PNG, WebP or GIF image.'])
    const body = { category: 'bug', email: 'asker@koma.example', text: 'The viewer freezes on page 3.', imageIds: ids }
    const bad: [Record<string, unknown>, string][] = [
      [{ category: '' }, 'Please select a category.'],
      [{ category: 'complaints' }, 'Please select a category.'],
      [{ text: '' }, 'Please enter your inquiry.'],
      [{ text: 'x'.repeat(5001) }, 'Please keep your inquiry to 5000 characters or fewer.'],
      [{ email: '' }, 'Please input Email address.'],
      [{ imageIds: [...ids, 'aaaaaaaaaa', 'bbbbbbbbbb'] }, 'You can attach up to 3 images.'],
    ]
    for (const [over, message] of bad) {
      const response = await t.call('POST', '/api/inquiry', { body: { ...body, ...over } as unknown as Record<string, string>, headers: device('inquiry-device-1') })
      expect([over, response.statusCode, msg(response)]).toEqual([over, 400, message])
    }
    // Images uploaded by another browser cannot be attached.
    expect((await t.call('POST', '/api/inquiry', { body: { ...body }, headers: device('someone-else-9') })).statusCode).toBe(400)
    const ok = await t.call('POST', '/api/inquiry', { body, headers: device('inquiry-device-1'), locale: 'ja' })
    expect(ok.statusCode).toBe(200)
    const { inquiryId } = ok.json().result
    const attached = await t.db.selectFrom('inquiry_uploads').select('token').where('inquiry_id', '=', inquiryId).execute()
    expect(attached).toHaveLength(2)
    expect(t.outbox().some((mail) => mail.to === 'asker@koma.example' && mail.subject.includes(`#${inquiryId}`))).toBe(true)
  })
})

describe('documents', () => {
  it('notices, FAQ and legal documents in the reader language, by type and version', async () => {
    const notices = (await t.call('GET', '/api/document/notice', { locale: 'ja' })).json().result
    expect(notices.notices.length).toBeGreaterThanOrEqual(5)
    expect(notices.notices[0]).toMatchObject({ pinned: true, category: 'maintenance' })
    expect(notices.notices[0].title).toContain('メンテナンス')
    const detail = (await t.call('GET', `/api/document/notice/${notices.notices[1].id}`, { locale: 'fr' })).json().result
    expect(detail.body.length).toBeGreaterThan(50)
    expect((await t.call('GET', '/api/document/notice/99999999')).statusCode).toBe(404)
    expect((await t.call('GET', '/api/document/notice/abc')).statusCode).toBe(404)
    const faqs = (await t.call('GET', '/api/document/faq', { query: { category: 'coin' } })).json().result.faqs
    expect(faqs.length).toBeGreaterThanOrEqual(2)
    expect(faqs.every((faq: { category: string }) => faq.category === 'coin')).toBe(true)
    expect((await t.call('GET', `/api/document/faq/${faqs[0].id}`)).json().result.question).toBe(faqs[0].question)
    const terms = (await t.call('GET', '/api/legal/terms')).json().result
    expect(terms).toMatchObject({ type: 'terms', version: 2, title: 'Terms of Use' })
    expect(terms.versions.map((v: { version: number }) => v.version)).toEqual([2, 1])
    const v1 = (await t.call('GET', '/api/legal/terms/1', { locale: 'ja' })).json().result
    expect(v1).toMatchObject({ version: 1, title: '利用規約' })
    expect(v1.body).not.toContain('第6条')
    expect((await t.call('GET', '/api/legal/special_commercial_transaction', { locale: 'ja' })).json().result.title).toBe('特定商取引法に基づく表記')
    expect((await t.call('GET', '/api/legal/nonsense')).statusCode).toBe(404)
    expect((await t.call('GET', '/api/legal/terms/7')).statusCode).toBe(404)
    expect((await t.call('GET', '/api/legal/terms/01')).statusCode).toBe(404)
    // The seeded member agreed to the current terms: no prompt.
    const cookies = await signIn(t, SEEDED.email, SEEDED.password)
    expect((await t.call('GET', '/api/member/profile', { cookies })).json().result.userExtraInfo.termsUpdate).toBeNull()
  })
})
