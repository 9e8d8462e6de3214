import { endpoints } from '@koma/contracts/server'
import { createTestApp, type TestApp } from '../../test/testApp'
import { signIn } from '../../test/fixtures'
import { csvHeader, csvLine, exportEvents, jsonLine } from './service'

jest.setTimeout(120_000)

let t: TestApp
let member: Record<string, string>
let memberId: number
beforeAll(async () => {
  t = await createTestApp()
  member = await signIn(t)
  memberId = Number((await t.db.selectFrom('members').select('id').where('email', '=', 'reader@koma.example').executeTakeFirstOrThrow()).id)
})
afterAll(async () => {
  await t?.close()
})

const batch = (...events: object[]) => ({ events: JSON.stringify(events) })
const send = (body: { events: string }, options: Parameters<TestApp['call']>[2] = {}) => t.call(endpoints.analyticsEvents, { body, ...options })
const stored = async () => t.db.selectFrom('analytics_events').selectAll().orderBy('id', 'asc').execute()

describe('first-party analytics (POST /analytics/events, SPEC §7)', () => {
  it('keeps page views and named events: path without its locale, a pseudonym of the browser, the member, the time bounded by the server clock', async () => {
    const before = (await stored()).length
    const now = Date.now()
    const response = await send(
      batch(
        { name: 'page_view', path: '/fr/comic/3', at: now - 1000 },
        {
          name: 'referral',
          path: '/',
          at: now + 10 * 86_400_000,
          props: { keyword: 'https://koma.example/?utm_source=mail', referrer_host: 'news.example.org' },
        },
        { name: 'purchase', path: '/en/coinpurchase/result', at: 5, props: { coins: 100, product: 'c100' } },
      ),
      { cookies: member, locale: 'fr' },
    )
    expect([response.statusCode, response.json().result]).toEqual([200, { stored: 3 }])
    const rows = (await stored()).slice(before)
    // The browser is a pseudonym (issue 33): the same for each of its events, never its device id.
    const visitor = rows[0]?.visitor_id
    expect(visitor).toMatch(/^[0-9a-f]{32}$/)
    expect(rows.map((row) => [row.name, row.path, row.locale, row.visitor_id, Number(row.member_id)])).toEqual([
      ['page_view', '/comic/3', 'fr', visitor, memberId],
      ['referral', '/', 'fr', visitor, memberId],
      ['purchase', '/coinpurchase/result', 'fr', visitor, memberId],
    ])
    expect(JSON.stringify(rows)).not.toContain('test-device')
    // A browser clock far ahead or far behind is brought within a day of the server's.
    expect(new Date(rows[1]!.occurred_at).getTime()).toBeLessThanOrEqual(Date.now())
    expect(new Date(rows[2]!.occurred_at).getTime()).toBeGreaterThan(now - 2 * 86_400_000)
    const props = rows[2]!.props
    expect(typeof props === 'string' ? JSON.parse(props) : props).toEqual({ coins: 100, product: 'c100' })
  })

  it('another browser is another visitor; nothing exported names a device id', async () => {
    const before = (await stored()).length
    await send(batch({ name: 'page_view', path: '/', at: Date.now() }), { headers: { 'x-koma-client-uid': 'browser-a-0001' } })
    await send(batch({ name: 'page_view', path: '/', at: Date.now() }), { headers: { 'x-koma-client-uid': 'browser-b-0002' } })
    await send(batch({ name: 'page_view', path: '/', at: Date.now() }), { headers: { 'x-koma-client-uid': 'browser-a-0001' } })
    const [a1, b, a2] = (await stored()).slice(before).map((row) => row.visitor_id)
    expect(a1).toBe(a2)
    expect(b).not.toBe(a1)
    const exported = (await collect(1000)).map(jsonLine).join('')
    expect(exported).not.toMatch(/browser-a-0001|browser-b-0002|test-device/)
  })

  it('an event sent twice by the same browser (its last batch goes again as the page is left) is kept once; another browser’s same id is its own (issue 35)', async () => {
    const before = (await stored()).length
    const events = batch(
      { id: 'lq2x-0a1b2c3d', name: 'page_view', path: '/', at: Date.now() },
      { id: 'lq2x-9z8y7x6w', name: 'referral', path: '/', at: Date.now() },
    )
    const a = { headers: { 'x-koma-client-uid': 'browser-a-0001' } }
    expect((await send(events, a)).json().result).toEqual({ stored: 2 })
    expect((await send(events, a)).json().result).toEqual({ stored: 0 })
    expect((await send(events, { headers: { 'x-koma-client-uid': 'browser-b-0002' } })).json().result).toEqual({ stored: 2 })
    expect((await stored()).slice(before).map((row) => row.event_id)).toEqual(['lq2x-0a1b2c3d', 'lq2x-9z8y7x6w', 'lq2x-0a1b2c3d', 'lq2x-9z8y7x6w'])
    // An id off the pattern is a hostile batch.
    expect((await send(batch({ id: 'x', name: 'page_view', path: '/', at: 1 }), a)).statusCode).toBe(400)
  })

  it('a visitor is counted without a member; hostile batches get SPEC §8 400 with a message in their language, and nothing is kept', async () => {
    const before = (await stored()).length
    expect((await send(batch({ name: 'page_view', path: '/', at: Date.now() }))).json().result).toEqual({ stored: 1 })
    expect((await stored()).slice(before)[0]?.member_id).toBeNull()
    for (const events of [
      '',
      'nope',
      '[]',
      JSON.stringify([{ name: 'drop_tables', path: '/', at: 1 }]),
      JSON.stringify(Array.from({ length: 51 }, () => ({ name: 'page_view', path: '/', at: 1 }))),
    ]) {
      const response = await send({ events }, { locale: 'ja' })
      expect([events.slice(0, 30), response.statusCode]).toEqual([events.slice(0, 30), 400])
      expect(response.json().message).toEqual(expect.any(String))
      expect(response.json().message.length).toBeGreaterThan(0)
    }
    expect((await t.call(endpoints.analyticsEvents, {})).statusCode).toBe(400)
    // Past the API's body limit for forms: refused before it is read.
    expect((await send({ events: `[${'{"name":"page_view","path":"/","at":1},'.repeat(2000)}1]` })).statusCode).toBe(413)
    expect((await stored()).length).toBe(before + 1)
  })

  it('keeps nothing for a reader who chose not to share: Global Privacy Control, the footer cookie, or the account setting', async () => {
    const event = batch({ name: 'page_view', path: '/', at: Date.now() })
    const before = (await stored()).length
    expect((await send(event, { headers: { 'sec-gpc': '1' } })).json().result).toEqual({ stored: 0 })
    expect((await send(event, { cookies: { koma_dns: '1' } })).json().result).toEqual({ stored: 0 })
    const on = await t.call(endpoints.settingsUpdate, { cookies: member, body: { doNotShare: 'true' } })
    expect(on.json().result.privacy).toEqual({ doNotShare: true })
    expect((await send(event, { cookies: member })).json().result).toEqual({ stored: 0 })
    expect((await stored()).length).toBe(before)
    // Signing in on another browser brings the setting there as the footer's cookie (the page then
    // sends nothing, to us or to a configured tag manager).
    const elsewhere = await signIn(t)
    expect(elsewhere.koma_dns).toBe('1')
    const off = await t.call(endpoints.settingsUpdate, { cookies: member, body: { doNotShare: 'false' } })
    expect(off.json().result.privacy).toEqual({ doNotShare: false })
    expect((await send(event, { cookies: member })).json().result).toEqual({ stored: 1 })
    expect((await t.call(endpoints.settingsUpdate, { cookies: member, body: { doNotShare: 'maybe' } })).statusCode).toBe(400)
    expect((await signIn(t)).koma_dns).toBeUndefined()
  })

  it('exports every event, oldest first and in pages, as CSV that no spreadsheet runs and as JSON lines', async () => {
    await send(batch({ name: 'button_click', path: '/', at: Date.now(), props: { label: '=HYPERLINK("http://evil.example")', note: 'a,b "c"' } }))
    const all: Awaited<ReturnType<typeof collect>> = await collect(2)
    expect(all.map((event) => event.id)).toEqual([...all.map((event) => event.id)].sort((a, b) => a - b))
    expect(all.length).toBe((await stored()).length)
    const last = all.at(-1)!
    expect(last).toMatchObject({ name: 'button_click', path: '/', props: { label: '=HYPERLINK("http://evil.example")', note: 'a,b "c"' } })
    expect(JSON.parse(jsonLine(last))).toEqual(last)
    expect(csvHeader()).toBe('id,name,path,locale,visitorId,memberId,props,occurredAt,receivedAt\n')
    const line = csvLine({ ...last, name: '=cmd|calc' })
    expect(line).toContain(`,"'=cmd|calc",`.replace(/"/g, '')) // a leading = is quoted out
    expect(line).toContain('""label"":""=HYPERLINK(\\""http://evil.example\\"")""')
    expect(line).toContain('""note"":""a,b \\""c\\""""')
    const later = await collect(1000, new Date(Date.now() + 60_000))
    expect(later).toEqual([])
  })
})

async function collect(pageSize: number, since?: Date) {
  const out = []
  for await (const event of exportEvents(t, { since }, pageSize)) out.push(event)
  return out
}
