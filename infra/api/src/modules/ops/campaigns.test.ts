import { endpoints, type Endpoint, type HomeLayout, type Locale } from '@koma/contracts/server'
import { signIn } from '../../test/fixtures'
import { createTestApp, type OptionalIfNoParams, type TestApp } from '../../test/testApp'
import { guest, registerMember, uniqueEmail } from '../../test/account'
import { becomeOperator } from '../../test/ops'

jest.setTimeout(180_000)

/**
 * Campaigns operators run (issue 17): home popups, banners and sections, each scheduled and
 * ended, seen by readers in their language; the operator's preview; gifts to one member and to
 * everyone, which credit each member once however often the operator's send or the reader's
 * inbox and claim are retried.
 */
let t: TestApp
let operator: { cookies: Record<string, string> }
let reader: Record<string, string>
let readerId: number
let reader2: Record<string, string>
let titleId: number

const HOUR = 60 * 60 * 1000
const texts = (name: string) => ({ titleJa: `${name}（日本語）`, titleEn: `${name} (English)`, titleFr: `${name} (français)` })

beforeAll(async () => {
  t = await createTestApp()
  const made = await registerMember(t, { email: uniqueEmail('campaigns-op') })
  await becomeOperator(t, made)
  operator = { cookies: made.cookies }
  reader = await signIn(t, 'reader@koma.example', 'koma-reader-1')
  reader2 = await signIn(t, 'reader2@koma.example', 'koma-reader-2')
  readerId = Number((await t.db.selectFrom('members').select('id').where('email', '=', 'reader@koma.example').executeTakeFirstOrThrow()).id)
  const title = await t.db
    .selectFrom('contents as c')
    .innerJoin('content_images as i', 'i.content_id', 'c.id')
    .select('c.id')
    .where('c.mature', '=', false)
    .where('c.status', '=', 'ongoing')
    .where('i.type', '=', 'key_visual')
    .orderBy('c.id')
    .executeTakeFirstOrThrow()
  titleId = Number(title.id)
})
afterAll(async () => {
  t?.clock.setFakeTime(null)
  await t?.close()
})
afterEach(() => t.clock.setFakeTime(null))

const asOperator = <E extends Endpoint<unknown, unknown, unknown, unknown>>(endpoint: E, ...[options]: OptionalIfNoParams<E>) =>
  t.call(endpoint, ...([{ ...options, cookies: operator.cookies }] as OptionalIfNoParams<E>))

/** The home a reader gets (no session: the public home every reader shares). */
async function home(locale: Locale): Promise<{ home: HomeLayout; maxAge: number }> {
  const response = await t.call(endpoints.home, { params: { lang: locale }, locale })
  expect(response.statusCode).toBe(200)
  return { home: response.json().result as HomeLayout, maxAge: Number(/max-age=(\d+)/.exec(String(response.headers['cache-control']))![1]) }
}
const later = (ms: number) => new Date(Date.now() + ms)
const auditOf = async (prefix: string) =>
  (await asOperator(endpoints.opsAudit, { query: { action: prefix } })).json().result.entries as {
    action: string
    target: string
    before: unknown
    after: unknown
  }[]

describe('home popups', () => {
  it('a scheduled popup shows in each language from its start, keeps the home no longer than that, and ends at once', async () => {
    const start = later(HOUR)
    const created = await asOperator(endpoints.opsPopupCreate, {
      body: { kind: 'content', category: 'event', link: '/menu/all_comic/event', repeatHours: '24', startsAt: start.toISOString(), ...texts('Winter fair') },
    })
    expect(created.statusCode).toBe(200)
    const popup = created.json().result as { id: number; state: string }
    expect(popup.state).toBe('scheduled')
    const before = await home('fr')
    expect(before.home.popups.some((p) => p.id === popup.id)).toBe(false)
    // The browser keeps this home no longer than the popup's start.
    expect(before.maxAge).toBeLessThanOrEqual(3600)

    // The operator's preview shows it as readers will see it, in their language; nobody else gets a preview.
    const preview = await asOperator(endpoints.homePreview, { params: { lang: 'ja' }, query: { at: start.toISOString() } })
    expect(preview.headers['cache-control']).toBe('no-store')
    expect((preview.json().result as HomeLayout).popups.find((p) => p.id === popup.id)).toMatchObject({ title: 'Winter fair（日本語）', category: 'event' })
    expect((await t.call(endpoints.homePreview, { params: { lang: 'ja' }, query: { at: start.toISOString() }, cookies: reader })).statusCode).toBe(403)
    expect((await t.call(endpoints.homePreview, { params: { lang: 'ja' } })).statusCode).toBe(401)

    t.clock.setFakeTime(new Date(start.getTime() + 1000))
    const fr = (await home('fr')).home.popups.find((p) => p.id === popup.id)
    expect(fr).toMatchObject({ title: 'Winter fair (français)', webLinkUrl: '/menu/all_comic/event', repeatable: true, repeatInterval: 86_400 })
    expect((await home('en')).home.popups.find((p) => p.id === popup.id)?.title).toBe('Winter fair (English)')

    const ended = await asOperator(endpoints.opsPopupEnd, { params: { id: popup.id } })
    expect(ended.json().result.state).toBe('ended')
    expect((await home('fr')).home.popups.some((p) => p.id === popup.id)).toBe(false)
    const audit = await auditOf('popup.')
    expect(audit.slice(0, 2).map((e) => e.action)).toEqual(['popup.end', 'popup.create'])
    expect(audit[0]).toMatchObject({ target: `popup:${popup.id}`, before: { state: 'live' }, after: { state: 'ended' } })
    // Ending again changes nothing and writes nothing.
    expect((await asOperator(endpoints.opsPopupEnd, { params: { id: popup.id } })).statusCode).toBe(200)
    expect((await auditOf('popup.'))[0]).toEqual(audit[0])
  })

  it('refuses a bad form with each problem in the operator language, and art from a title that does not exist', async () => {
    const refused = await t.call(endpoints.opsPopupCreate, {
      cookies: operator.cookies,
      locale: 'fr',
      body: { kind: 'content', link: 'https://example.com', titleJa: 'a', titleEn: 'b' },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toEqual([
      { field: 'category', message: 'category : veuillez remplir ce champ.' },
      { field: 'link', message: "link n'est pas valide." },
      { field: 'titleFr', message: 'titleFr : veuillez remplir ce champ.' },
    ])
    const noArt = await t.call(endpoints.opsPopupCreate, {
      cookies: operator.cookies,
      locale: 'ja',
      body: { kind: 'image', artContentId: '987654321', ...texts('x') },
    })
    expect(noArt.statusCode).toBe(400)
    expect(noArt.json().message).toBe('artContentIdが正しくありません。')
  })
})

describe('home banners and sections', () => {
  it('a banner goes first in the top banner until it is ended', async () => {
    const top = (await asOperator(endpoints.opsHome)).json().result.sections.find((s: { topBanner: boolean }) => s.topBanner) as { id: number }
    const created = await asOperator(endpoints.opsBannerCreate, {
      body: { sectionId: String(top.id), contentId: String(titleId), position: '1', badge: 'EVENT', ...texts('Big banner'), textEn: 'Read it now' },
    })
    expect(created.statusCode).toBe(200)
    const banner = created.json().result as { id: number; link: string }
    expect(banner.link).toMatch(new RegExp(`/${titleId}$`))
    const first = (await home('en')).home.topBanner!.elements[0]
    expect(first).toMatchObject({ id: banner.id, title: 'Big banner (English)', additionalText: 'Read it now', badge: { type: 'EVENT' } })
    expect((await home('ja')).home.topBanner!.elements[0]!.title).toBe('Big banner（日本語）')
    await asOperator(endpoints.opsBannerEnd, { params: { id: banner.id } })
    expect((await home('en')).home.topBanner!.elements.some((e) => e.id === banner.id)).toBe(false)
    // A row of covers takes no banner.
    const covers = (await asOperator(endpoints.opsHome)).json().result.sections.find((s: { elementType: string }) => s.elementType === 'content_list') as {
      id: number
    }
    const refused = await asOperator(endpoints.opsBannerCreate, { body: { sectionId: String(covers.id), contentId: String(titleId), ...texts('x') } })
    expect(refused.json().fields).toEqual([{ field: 'sectionId', message: 'sectionId is not valid.' }])
  })

  it('sections of a new shuffle group come and go on schedule; readers get both to draw from (SPEC §4)', async () => {
    const others = await t.db
      .selectFrom('contents')
      .select('id')
      .where('mature', '=', false)
      .where('status', '!=', 'coming_soon')
      .orderBy('id')
      .limit(4)
      .execute()
    const ids = others.map((row) => String(row.id))
    const end = later(2 * HOUR)
    const made: { id: number }[] = []
    for (const [index, name] of ['Group pick A', 'Group pick B'].entries()) {
      const response = await asOperator(endpoints.opsSectionCreate, {
        body: {
          elementType: 'banner_list_group',
          shuffleGroup: 'OPSZ',
          contentIds: ids.slice(index * 2, index * 2 + 2).join(', '),
          position: '2',
          endsAt: end.toISOString(),
          ...texts(name),
        },
      })
      expect(response.statusCode).toBe(200)
      made.push(response.json().result as { id: number })
    }
    const sections = (await home('fr')).home.sections
    const group = sections.filter((s) => s.shuffleGroup === 'OPSZ')
    expect(group.map((s) => s.id).sort()).toEqual(made.map((s) => s.id).sort())
    expect(group.find((s) => s.id === made[1]!.id)).toMatchObject({ title: 'Group pick B (français)', elementUiType: 'banner_list_group' })
    // Position 2, after the top banner (place 1): the later section went in first under it, the earlier one moved down.
    expect(sections.slice(0, 2).map((s) => s.id)).toEqual([made[1]!.id, made[0]!.id])
    // Tiles of a section are the titles, named in the reader's language by the catalogue.
    const tile = group.find((s) => s.id === made[0]!.id)!.elements[0]!
    const name = await t.db
      .selectFrom('content_texts')
      .select('name')
      .where('content_id', '=', Number(ids[0]))
      .where('lang', '=', 'fr')
      .executeTakeFirstOrThrow()
    expect(tile.title).toBe(name.name)

    t.clock.setFakeTime(new Date(end.getTime() + 1000))
    expect((await home('fr')).home.sections.some((s) => s.shuffleGroup === 'OPSZ')).toBe(false)
    const audit = await auditOf('section.')
    expect(audit[0]!).toMatchObject({ action: 'section.create', target: `section:${made[1]!.id}`, before: null })
  })

  it('an all-ages section lists no mature title; a mature one shows on the mature home only', async () => {
    const mature = await t.db.selectFrom('contents').select('id').where('mature', '=', true).orderBy('id').executeTakeFirst()
    if (!mature) throw new Error('the seed has no mature title')
    const body = { elementType: 'content_list', contentIds: String(mature.id), ...texts('After dark') }
    expect((await asOperator(endpoints.opsSectionCreate, { body })).json().fields).toEqual([{ field: 'contentIds', message: 'contentIds is not valid.' }])
    const made = (await asOperator(endpoints.opsSectionCreate, { body: { ...body, mature: 'true' } })).json().result as { id: number }
    expect((await home('en')).home.sections.some((s) => s.id === made.id)).toBe(false)
    const preview = (await asOperator(endpoints.homePreview, { params: { lang: 'en' }, query: { mature: 'true' } })).json().result as HomeLayout
    expect(preview.sections.some((s) => s.id === made.id)).toBe(true)
    await asOperator(endpoints.opsSectionEnd, { params: { id: made.id } })
  })
})

describe('gifts', () => {
  const balance = async (cookies: Record<string, string>) =>
    ((await t.call(endpoints.coinSalesConfig, { cookies })).json().result.balance as { total: number }).total
  const inbox = async (cookies: Record<string, string>, locale: Locale = 'en') =>
    (await t.call(endpoints.gifts, { cookies, locale })).json().result.gifts as { id: number; title: string; amount: number; state: string }[]
  const gift = (key: string, more: Record<string, string> = {}) => ({
    requestKey: `${key}-${Date.now()}-key`,
    kind: 'coin',
    coinType: 'bonus',
    amount: '30',
    ...texts('Thank-you gift'),
    ...more,
  })

  it('to one member: it reaches that inbox at its time, in the reader language, and is claimed once', async () => {
    const start = later(HOUR)
    const sent = await asOperator(endpoints.opsGiftSend, {
      body: gift('one', { audience: 'member', memberId: String(readerId), startsAt: start.toISOString() }),
    })
    expect(sent.statusCode).toBe(200)
    expect(sent.json().result).toMatchObject({ audience: 'member', memberId: readerId, state: 'scheduled', delivered: 1, claimed: 0 })
    expect((await inbox(reader)).some((g) => g.title.startsWith('Thank-you gift'))).toBe(false)
    t.clock.setFakeTime(new Date(start.getTime() + 1000))
    const mine = (await inbox(reader, 'fr')).find((g) => g.title === 'Thank-you gift (français)')!
    expect(mine).toMatchObject({ amount: 30, state: 'claimable' })
    expect((await inbox(reader2)).some((g) => g.title.startsWith('Thank-you gift'))).toBe(false)
    const before = await balance(reader)
    const claims = await Promise.all([1, 2].map(() => t.call(endpoints.giftClaim, { params: { giftId: mine.id }, cookies: reader })))
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409])
    expect(await balance(reader)).toBe(before + 30)
  })

  it('to everyone: a retried send is the same gift, each member finds it once and is credited once', async () => {
    const body = gift('everyone', { audience: 'everyone', amount: '40', endsAt: later(24 * HOUR).toISOString() })
    const sends = await Promise.all([1, 2, 3].map(() => asOperator(endpoints.opsGiftSend, { body })))
    expect(sends.map((s) => s.statusCode)).toEqual([200, 200, 200])
    const ids = new Set(sends.map((s) => s.json().result.id as number))
    expect(ids.size).toBe(1)
    const [id] = [...ids] as [number]
    expect((await asOperator(endpoints.opsGiftSend, { body })).json().result.id).toBe(id)
    expect(await t.db.selectFrom('gift_campaigns').select('id').where('request_key', '=', body.requestKey).execute()).toHaveLength(1)
    expect((await auditOf('gift.send')).filter((e) => e.target === `gift:${id}`)).toHaveLength(1)
    // The same key with other contents: refused, in the operator's language.
    const reused = await t.call(endpoints.opsGiftSend, { cookies: operator.cookies, locale: 'ja', body: { ...body, amount: '400' } })
    expect(reused.statusCode).toBe(409)
    expect(reused.json().message).toMatch(/別のプレゼント/)

    // Two tabs open the inbox at once: one copy.
    const opened = await Promise.all([inbox(reader2), inbox(reader2), t.call(endpoints.inboxCount, { cookies: reader2 })])
    const copies = opened[0].filter((g) => g.amount === 40 && g.title.startsWith('Thank-you gift'))
    expect(copies).toHaveLength(1)
    expect(await t.db.selectFrom('inbox_gifts').select('id').where('campaign_id', '=', id).execute()).toHaveLength(1)
    const before = await balance(reader2)
    const claims = await Promise.all([
      t.call(endpoints.giftClaim, { params: { giftId: copies[0]!.id }, cookies: reader2 }),
      t.call(endpoints.giftClaimAll, { cookies: reader2 }),
      t.call(endpoints.giftClaim, { params: { giftId: copies[0]!.id }, cookies: reader2 }),
    ])
    expect(claims.every((c) => c.statusCode < 500)).toBe(true)
    expect(await balance(reader2)).toBe(before + 40)
    expect((await inbox(reader2)).some((g) => g.id === copies[0]!.id)).toBe(false)

    // Guests and members who joined after it was sent do not get it.
    const newcomer = await registerMember(t, { email: uniqueEmail('late') })
    expect((await inbox(newcomer.cookies)).some((g) => g.amount === 40)).toBe(false)
    const visitor = await guest(t, `campaign-guest-${Date.now()}`)
    expect((await inbox(visitor.cookies)).some((g) => g.amount === 40)).toBe(false)

    // Ended: it reaches no more inboxes, and a copy not claimed yet can no longer be.
    const listed = await inbox(reader)
    const readerCopy = listed.find((g) => g.amount === 40)!
    const ended = await asOperator(endpoints.opsGiftEnd, { params: { id } })
    expect(ended.json().result).toMatchObject({ state: 'ended', delivered: 2, claimed: 1 })
    expect((await t.call(endpoints.giftClaim, { params: { giftId: readerCopy.id }, cookies: reader })).statusCode).toBe(410)
    const gifts = (await asOperator(endpoints.opsGifts)).json().result.gifts as { id: number }[]
    expect(gifts[0]!.id).toBe(id)
  })

  it('refuses unknown members, a missing key, and a start in the past', async () => {
    const refused = await t.call(endpoints.opsGiftSend, {
      cookies: operator.cookies,
      locale: 'fr',
      body: { ...gift('bad', { audience: 'member', memberId: '987654321' }) },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toEqual([{ field: 'memberId', message: "memberId n'est pas valide." }])
    const fields = (
      await asOperator(endpoints.opsGiftSend, { body: { ...gift('bad', { audience: 'everyone', startsAt: '2020-01-01T00:00:00Z' }), requestKey: '' } })
    ).json().fields as { field: string }[]
    expect(fields.map((f) => f.field)).toEqual(['requestKey', 'startsAt'])
  })
})
