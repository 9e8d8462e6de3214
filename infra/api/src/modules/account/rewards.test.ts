import { HEADERS, requestChecksum, endpoints } from '@koma/contracts/server'
import sharp from 'sharp'
import { cookiesOf, createTestApp, type TestApp, urlOf } from '../../test/testApp'
import { SEEDED, signIn } from '../../test/fixtures'
import { SEEDED_COUPONS } from '../../seed/accounts'
import { SEED_NOW } from '../../test/template'
import { device, guest, readerIp, registerMember } from '../../test/account'

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

describe('inbox gifts and messages', () => {
  it('lists gifts with the 24-hour flag, claims once into a grant, refuses expired ones', async () => {
    // The seeded gifts are dated from the seed's "now".
    t.clock.setFakeTime(new Date(SEED_NOW.getTime() + 60 * 60 * 1000))
    const cookies = await signIn(t)
    const gifts = (await t.call(endpoints.gifts, { cookies })).json().result.gifts as {
      id: number
      expiringSoon: boolean
      state: string
      amount: number
      kind: string
    }[]
    expect(gifts.length).toBeGreaterThanOrEqual(2)
    expect(gifts[0]).toMatchObject({ expiringSoon: true, state: 'claimable', kind: 'coin', amount: 20 })
    expect(gifts[1]?.expiringSoon).toBe(false)
    const ja = (await t.call(endpoints.gifts, { cookies, locale: 'ja' })).json().result.gifts
    expect(ja[0].title).toBe('読書フェス記念：無料コイン20枚')
    const claim = await t.call(endpoints.giftClaim, { params: { giftId: gifts[0]!.id }, cookies })
    expect(claim.json().result.grant).toMatchObject({ source: 'gift', kind: 'coin', coinType: 'free', amount: 20 })
    expect(claim.json().result.grant.expiresAt).not.toBeNull()
    expect(msg(await t.call(endpoints.giftClaim, { params: { giftId: gifts[0]!.id }, cookies }))).toBe('This gift has already been received.')
    const history = (await t.call(endpoints.gifts, { cookies, query: { tab: 'history' } })).json().result.gifts as { id: number; state: string }[]
    expect(history.map((gift) => gift.state)).toEqual(expect.arrayContaining(['claimed', 'expired']))
    const expired = history.find((gift) => gift.state === 'expired')!
    expect((await t.call(endpoints.giftClaim, { params: { giftId: expired.id }, cookies })).statusCode).toBe(410)
    // Another member's gift is not found.
    const other = await registerMember(t)
    expect((await t.call(endpoints.giftClaim, { params: { giftId: gifts[1]!.id }, cookies: other.cookies })).statusCode).toBe(404)
    expect((await t.call('POST', '/api/inbox/gift/abc/claim', { cookies: other.cookies })).statusCode).toBe(404)
    const grants = (await t.call(endpoints.grants, { cookies })).json().result.grants
    expect(grants[0]).toMatchObject({ source: 'gift', amount: 20 })
    const row = await t.db.selectFrom('reward_grants').selectAll().where('id', '=', grants[0].id).executeTakeFirstOrThrow()
    // Booked into the coin ledger in the same transaction (payments, issue 6).
    expect(row).toMatchObject({ coin_type: 'free', ledger_ref: expect.stringMatching(/^coin:\d+$/) })
    expect(row.booked_at).not.toBeNull()
  })

  it('messages are read once; counts follow', async () => {
    const member = await registerMember(t)
    const count = (await t.call(endpoints.inboxCount, { cookies: member.cookies })).json().result
    expect(count).toEqual({ gifts: 1, expiringSoon: 0, messages: 1 })
    const messages = (await t.call(endpoints.messages, { cookies: member.cookies, locale: 'fr' })).json().result.messages
    expect(messages[0]).toMatchObject({ title: 'Bienvenue sur Koma', read: false })
    expect((await t.call(endpoints.messageRead, { params: { messageId: messages[0].id }, cookies: member.cookies })).statusCode).toBe(200)
    expect((await t.call(endpoints.inboxCount, { cookies: member.cookies })).json().result.messages).toBe(0)
    expect((await t.call(endpoints.messageRead, { params: { messageId: '99999999' }, cookies: member.cookies })).statusCode).toBe(404)
    const all = await t.call(endpoints.giftClaimAll, { cookies: member.cookies })
    expect(all.json().result.grants).toHaveLength(1)
  })
})

describe('coupons', () => {
  it('validates, redeems once per member and grants what the coupon holds', async () => {
    const member = await registerMember(t)
    const redeem = (code: string, locale: 'en' | 'ja' = 'en') => t.call(endpoints.couponRedeem, { cookies: member.cookies, body: { code }, locale })
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
    const response = await t.call(endpoints.couponRedeem, {
      cookies: g.cookies,
      headers: device('coupon-guest-device'),
      body: { code: SEEDED_COUPONS.welcome },
    })
    expect(response.statusCode).toBe(200)
  })
})

const tz = (zone: string) => ({ [HEADERS.timezone]: zone })

describe('daily bonus: one per day in the reader day boundary', () => {
  it('claims once a day by the reader time zone', async () => {
    const member = await registerMember(t, { headers: tz('Asia/Tokyo') })
    // 23:30 in Tokyo on 20 Nov = 14:30 UTC.
    t.clock.setFakeTime(new Date('2026-11-20T14:30:00Z'))
    const status = (await t.call(endpoints.dailyBonus, { cookies: member.cookies, headers: tz('Asia/Tokyo') })).json().result
    expect(status).toMatchObject({ today: '2026-11-20', claimedToday: false, streak: 0, reward: { kind: 'coin', coinType: 'free', amount: 5 } })
    const claim = await t.call(endpoints.dailyBonusClaim, { cookies: member.cookies, headers: tz('Asia/Tokyo') })
    expect(claim.json().result.status).toMatchObject({ claimedToday: true, streak: 1 })
    expect(msg(await t.call(endpoints.dailyBonusClaim, { cookies: member.cookies, headers: tz('Asia/Tokyo') }))).toBe(
      'You have already received today’s bonus. Come back tomorrow!',
    )
    // An hour later it is the 21st in Tokyo: a new day.
    t.clock.setFakeTime(new Date('2026-11-20T15:30:00Z'))
    const next = await t.call(endpoints.dailyBonusClaim, { cookies: member.cookies, headers: tz('Asia/Tokyo') })
    expect(next.json().result.status).toMatchObject({ today: '2026-11-21', streak: 2 })
    // Switching to a zone still on the 20th cannot claim "yesterday" again.
    expect((await t.call(endpoints.dailyBonusClaim, { cookies: member.cookies, headers: tz('America/New_York') })).statusCode).toBe(409)
    const grants = (await t.call(endpoints.grants, { cookies: member.cookies }))
      .json()
      .result.grants.filter((g: { source: string }) => g.source === 'daily_bonus')
    expect(grants).toHaveLength(2)
    expect(new Date(grants[0].expiresAt).getTime() - new Date(grants[0].createdAt).getTime()).toBe(30 * DAY)
  })
})

describe('daily bonus: the day of the time zone stored with the account, never a request’s (issue 33)', () => {
  const claim = (cookies: Record<string, string>, zone: string) => t.call(endpoints.dailyBonusClaim, { cookies, headers: tz(zone) })
  const bonusGrants = async (cookies: Record<string, string>) =>
    (await t.call(endpoints.grants, { cookies })).json().result.grants.filter((g: { source: string }) => g.source === 'daily_bonus').length
  const storedZone = async (memberId: number) =>
    (await t.db.selectFrom('members').select('time_zone').where('id', '=', memberId).executeTakeFirstOrThrow()).time_zone

  it('two claims a minute apart naming two zones (UTC-12, then UTC+14: two "days") grant one bonus', async () => {
    const member = await registerMember(t, { headers: tz('Etc/GMT+12') })
    expect(await storedZone(member.userId)).toBe('Etc/GMT+12')
    // 12:00 UTC on the 20th: the 20th at UTC-12, the 21st at UTC+14.
    t.clock.setFakeTime(new Date('2026-11-20T12:00:00Z'))
    expect((await claim(member.cookies, 'Etc/GMT+12')).statusCode).toBe(200)
    t.clock.setFakeTime(new Date('2026-11-20T12:01:00Z'))
    const second = await claim(member.cookies, 'Etc/GMT-14')
    expect([second.statusCode, msg(second)]).toEqual([409, 'You have already received today’s bonus. Come back tomorrow!'])
    // The status and the foreground state count the stored zone's day too, whatever the header says.
    const status = (await t.call(endpoints.dailyBonus, { cookies: member.cookies, headers: tz('Etc/GMT-14') })).json().result
    expect(status).toMatchObject({ today: '2026-11-20', claimedToday: true, streak: 1 })
    const front = (await t.call(endpoints.appForegrounded, { cookies: member.cookies, headers: tz('Etc/GMT-14') })).json().result
    expect(front.dailyBonus).toEqual({ today: '2026-11-20', claimable: false })
    // A profile call (the page's start) does not move the stored zone either: the night window is the account's.
    await t.call(endpoints.profile, { cookies: member.cookies, headers: tz('Etc/GMT-14') })
    expect(await storedZone(member.userId)).toBe('Etc/GMT+12')
    expect(await bonusGrants(member.cookies)).toBe(1)
    // The next day of the stored zone: one more.
    t.clock.setFakeTime(new Date('2026-11-21T12:00:00Z'))
    expect((await claim(member.cookies, 'Etc/GMT-14')).json().result.status).toMatchObject({ today: '2026-11-21', claimedToday: true, streak: 2 })
    expect(await bonusGrants(member.cookies)).toBe(2)
  })

  it('a guest keeps the zone it was made with; an account made before zones were stored takes the first one, once', async () => {
    t.clock.setFakeTime(new Date('2026-11-20T12:00:00Z'))
    const visitor = await t.call(endpoints.guestSession, { headers: { ...device(`tz-guest-${Date.now()}`), ...tz('Etc/GMT+12') }, ip: readerIp() })
    const cookies = cookiesOf(visitor)
    expect(await storedZone(visitor.json().result.userId)).toBe('Etc/GMT+12')
    expect((await claim(cookies, 'Etc/GMT+12')).statusCode).toBe(200)
    expect((await claim(cookies, 'Etc/GMT-14')).statusCode).toBe(409)
    expect((await claim(cookies, 'Pacific/Kiritimati')).statusCode).toBe(409)
    expect(await bonusGrants(cookies)).toBe(1)

    const older = await registerMember(t, { headers: tz('Asia/Tokyo') })
    await t.db.updateTable('members').set({ time_zone: null }).where('id', '=', older.userId).execute()
    expect((await claim(older.cookies, 'Etc/GMT+12')).statusCode).toBe(200)
    expect(await storedZone(older.userId)).toBe('Etc/GMT+12')
    expect((await claim(older.cookies, 'Etc/GMT-14')).statusCode).toBe(409)
    // A zone the runtime does not know is never stored: the account gets SPEC's default.
    const odd = await registerMember(t, { headers: tz('Mars/Olympus') })
    expect(await storedZone(odd.userId)).toBe('Asia/Seoul')
  })

  it('claims at once: one grant, the others 409 (never a 500)', async () => {
    const member = await registerMember(t, { headers: tz('Asia/Tokyo') })
    t.clock.setFakeTime(new Date('2026-11-20T03:00:00Z'))
    const zones = ['Asia/Tokyo', 'Etc/GMT+12', 'Etc/GMT-14', 'UTC', 'America/New_York', 'Europe/Paris', 'Asia/Tokyo', 'Pacific/Kiritimati']
    const answers = await Promise.all(zones.map((zone) => claim(member.cookies, zone)))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
    expect(await bonusGrants(member.cookies)).toBe(1)
  })

  it('the zone changes by the setting only, once in 30 days, and a new zone opens no second claim in a day already claimed', async () => {
    const member = await registerMember(t, { headers: tz('Asia/Tokyo') })
    const settings = () => t.call(endpoints.settings, { cookies: member.cookies, headers: tz('Etc/GMT-14') })
    const change = (zone: string, locale: 'en' | 'ja' | 'fr' = 'en') =>
      t.call(endpoints.settingsUpdate, { cookies: member.cookies, body: { timeZone: zone }, locale })
    expect((await settings()).json().result.timeZone).toEqual({ zone: 'Asia/Tokyo', changeableFrom: null })
    // 23:30 on the 20th in Tokyo: claimed. Kiritimati (UTC+14) is on the 21st already, but so was the claim, counted there.
    t.clock.setFakeTime(new Date('2026-11-20T14:30:00Z'))
    expect((await claim(member.cookies, 'Asia/Tokyo')).statusCode).toBe(200)
    expect((await change('Mars/Olympus')).statusCode).toBe(400)
    expect(msg(await change('', 'fr'))).toBe('Ce fuseau horaire est inconnu. Veuillez en choisir un dans la liste.')
    const changed = await change('Pacific/Kiritimati')
    expect(changed.json().result.timeZone).toEqual({ zone: 'Pacific/Kiritimati', changeableFrom: expect.stringMatching(/^2026-12-20T14:30:0\d\.\d{3}Z$/) })
    expect((await claim(member.cookies, 'Pacific/Kiritimati')).statusCode).toBe(409)
    expect((await t.call(endpoints.dailyBonus, { cookies: member.cookies })).json().result).toMatchObject({ today: '2026-11-21', claimedToday: true })
    // A change back within 30 days is refused, in the reader's language, with a Retry-After.
    const again = await change('America/New_York', 'ja')
    expect(again.statusCode).toBe(429)
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(30 * 24 * 60 * 60 - 60)
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(30 * 24 * 60 * 60)
    expect(msg(again)).toBe('タイムゾーンの変更は30日に1回までです。次に変更できるのは2026/12/21 04:30 (Pacific/Kiritimati)からです。')
    expect(msg(await change('America/New_York', 'fr'))).toContain('une fois tous les 30 jours')
    // The same zone again changes nothing and is no refusal.
    expect((await change('Pacific/Kiritimati')).statusCode).toBe(200)
    expect((await settings()).json().result.timeZone.zone).toBe('Pacific/Kiritimati')
    // The next day there (it begins at 10:00 UTC on the 21st): one claim.
    t.clock.setFakeTime(new Date('2026-11-21T10:00:00Z'))
    expect((await claim(member.cookies, 'UTC')).json().result.status).toMatchObject({ today: '2026-11-22', claimedToday: true })
    // Thirty days on, the zone may change again.
    t.clock.setFakeTime(new Date('2026-12-20T14:31:00Z'))
    expect((await change('America/New_York')).json().result.timeZone).toEqual({
      zone: 'America/New_York',
      changeableFrom: expect.stringMatching(/^2027-01-19T14:31:0\d\.\d{3}Z$/),
    })
    expect(await bonusGrants(member.cookies)).toBe(2)
  })
})

describe('inquiries: category, text up to 5000, up to 3 images checked by content', () => {
  const upload = async (payload: Buffer, deviceId = 'inquiry-device-1') => {
    const time = String(Date.now())
    return t.inject({
      method: 'PUT',
      url: urlOf(endpoints.inquiryImage),
      payload,
      headers: {
        'content-type': 'application/octet-stream',
        [HEADERS.requestTime]: time,
        [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'),
        [HEADERS.clientUid]: deviceId,
        [HEADERS.language]: 'en',
      },
      remoteAddress: '127.0.0.1',
    })
  }

  it('accepts a signed-out reader with images, and mails nothing to the address typed in', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } })
      .jpeg()
      .toBuffer()
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
      const response = await t.call(endpoints.inquiry, {
        body: { ...body, ...over } as unknown as Record<string, string>,
        headers: device('inquiry-device-1'),
      })
      expect([over, response.statusCode, msg(response)]).toEqual([over, 400, message])
    }
    // Images uploaded by another browser cannot be attached.
    expect((await t.call(endpoints.inquiry, { body: { ...body }, headers: device('someone-else-9') })).statusCode).toBe(400)
    const ok = await t.call(endpoints.inquiry, { body, headers: device('inquiry-device-1'), locale: 'ja' })
    expect(ok.statusCode).toBe(200)
    const { inquiryId, confirmationSent } = ok.json().result
    expect(confirmationSent).toBe(false)
    const attached = await t.db.selectFrom('inquiry_uploads').select(['token', 'member_id', 'device_id']).where('inquiry_id', '=', inquiryId).execute()
    expect(attached).toEqual([
      expect.objectContaining({ member_id: null, device_id: 'inquiry-device-1' }),
      expect.objectContaining({ member_id: null, device_id: 'inquiry-device-1' }),
    ])
    // Stored with the typed address for the support team's answer; Koma itself mails nobody.
    const stored = await t.db.selectFrom('inquiries').select(['email', 'member_id']).where('id', '=', inquiryId).executeTakeFirstOrThrow()
    expect(stored).toEqual({ email: 'asker@koma.example', member_id: null })
    expect(t.outbox().filter((mail) => mail.to === 'asker@koma.example')).toEqual([])
  })

  it("a signed-in member's confirmation goes to the account address, whatever the form says", async () => {
    const member = await registerMember(t)
    const headers = device('inquiry-device-2')
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ff5b4a' } })
      .jpeg()
      .toBuffer()
    const time = String(Date.now())
    const uploaded = await t.inject({
      method: 'PUT',
      url: urlOf(endpoints.inquiryImage),
      payload: jpeg,
      cookies: member.cookies,
      headers: {
        'content-type': 'application/octet-stream',
        [HEADERS.requestTime]: time,
        [HEADERS.checksum]: await requestChecksum(time, '127.0.0.1'),
        [HEADERS.clientUid]: 'inquiry-device-2',
        [HEADERS.language]: 'en',
      },
      remoteAddress: '127.0.0.1',
    })
    const imageId = uploaded.json().result.imageId as string
    expect(await t.db.selectFrom('inquiry_uploads').select('member_id').where('token', '=', imageId).executeTakeFirstOrThrow()).toEqual({
      member_id: member.userId,
    })
    const body = { category: 'coin', email: 'victim@elsewhere.example', text: 'Where are my coins?', imageIds: [imageId] }
    // Another member on the same device cannot attach it.
    const other = await registerMember(t)
    expect((await t.call(endpoints.inquiry, { body, cookies: other.cookies, headers })).statusCode).toBe(400)
    const ok = await t.call(endpoints.inquiry, { body, cookies: member.cookies, headers, locale: 'fr' })
    expect(ok.json().result.confirmationSent).toBe(true)
    const { inquiryId } = ok.json().result
    const receipt = t.outbox().find((mail) => mail.tag === 'inquiry' && mail.subject.includes(`n° ${inquiryId}`))
    expect(receipt?.to).toBe(member.email)
    expect(t.outbox().filter((mail) => mail.to === 'victim@elsewhere.example')).toEqual([])
    expect(await t.db.selectFrom('inquiries').select(['member_id']).where('id', '=', inquiryId).executeTakeFirstOrThrow()).toEqual({ member_id: member.userId })
    // A guest has no address of its own: nothing is mailed.
    const g = await guest(t, 'inquiry-guest-device')
    // (From an address of its own: this file has sent its share of inquiries from 127.0.0.1.)
    const asGuest = await t.call(endpoints.inquiry, {
      body: { ...body, imageIds: [] },
      cookies: g.cookies,
      headers: device('inquiry-guest-device'),
      ip: readerIp(),
    })
    expect(asGuest.statusCode).toBe(200)
    expect(asGuest.json().result.confirmationSent).toBe(false)
  })
})

describe('documents', () => {
  it('notices, FAQ and legal documents in the reader language, by type and version', async () => {
    const notices = (await t.call(endpoints.notices, { locale: 'ja' })).json().result
    expect(notices.notices.length).toBeGreaterThanOrEqual(5)
    expect(notices.notices[0]).toMatchObject({ pinned: true, category: 'maintenance' })
    expect(notices.notices[0].title).toContain('メンテナンス')
    const detail = (await t.call(endpoints.notice, { params: { id: notices.notices[1].id }, locale: 'fr' })).json().result
    expect(detail.body.length).toBeGreaterThan(50)
    expect((await t.call(endpoints.notice, { params: { id: '99999999' } })).statusCode).toBe(404)
    expect((await t.call('GET', '/api/document/notice/abc')).statusCode).toBe(404)
    const faqs = (await t.call(endpoints.faqs, { query: { category: 'coin' } })).json().result.faqs
    expect(faqs.length).toBeGreaterThanOrEqual(2)
    expect(faqs.every((faq: { category: string }) => faq.category === 'coin')).toBe(true)
    expect((await t.call(endpoints.faq, { params: { id: faqs[0].id } })).json().result.question).toBe(faqs[0].question)
    const terms = (await t.call(endpoints.legal, { params: { type: 'terms' } })).json().result
    expect(terms).toMatchObject({ type: 'terms', version: 2, title: 'Terms of Use' })
    expect(terms.versions.map((v: { version: number }) => v.version)).toEqual([2, 1])
    const v1 = (await t.call(endpoints.legalVersion, { params: { type: 'terms', version: '1' }, locale: 'ja' })).json().result
    expect(v1).toMatchObject({ version: 1, title: '利用規約' })
    expect(v1.body).not.toContain('第6条')
    expect((await t.call(endpoints.legal, { params: { type: 'special_commercial_transaction' }, locale: 'ja' })).json().result.title).toBe(
      '特定商取引法に基づく表記',
    )
    expect((await t.call('GET', '/api/legal/nonsense')).statusCode).toBe(404)
    expect((await t.call(endpoints.legalVersion, { params: { type: 'terms', version: '7' } })).statusCode).toBe(404)
    expect((await t.call('GET', '/api/legal/terms/01')).statusCode).toBe(404)
    // The seeded member agreed to the current terms: no prompt.
    const cookies = await signIn(t, SEEDED.email, SEEDED.password)
    expect((await t.call(endpoints.profile, { cookies })).json().result.userExtraInfo.termsUpdate).toBeNull()
  })
})
