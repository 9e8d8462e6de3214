import { HEADERS, endpoints, type ContentType } from '@koma/contracts/server'
import fs from 'node:fs'
import path from 'node:path'
import { createTestApp, type TestApp } from '../../test/testApp'
import { atLeast } from '../../test/lists'
import { registerMember } from '../../test/account'
import { startNotificationJobs, type NotificationJobs } from './jobs'
import { announceExpiringGifts, announceReleases, createNews, runNotificationsOnce } from './service'
import { eventually } from '../../../../e2e/support/eventually'

/**
 * Notifications that arrive (issue 15): releases, new and free episodes, news and expiring
 * gifts, by e-mail and inbox; the night window in the reader's own time zone; one-click
 * unsubscribe; pg-boss jobs with two workers on one database (both lanes: PGlite and PostgreSQL).
 */
// Each test registers members through the real flow and scans the catalogue: seconds on a busy machine.
jest.setTimeout(60_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const HOUR = 60 * 60 * 1000
const TOKYO = 'Asia/Tokyo'

interface Reader {
  userId: number
  email: string
  cookies: Record<string, string>
}

/** A new member whose browser says its time zone at sign-up (stored) and its language (the profile call remembers it). */
async function reader(options: { locale?: 'en' | 'ja' | 'fr'; timeZone?: string; settings?: Record<string, string> } = {}): Promise<Reader> {
  const headers = { [HEADERS.timezone]: options.timeZone ?? TOKYO }
  const member = await registerMember(t, { headers })
  const profile = await t.call(endpoints.profile, { cookies: member.cookies, locale: options.locale ?? 'en', headers })
  expect(profile.statusCode).toBe(200)
  if (options.settings) {
    const saved = await t.call(endpoints.settingsUpdate, { cookies: member.cookies, body: options.settings })
    expect(saved.statusCode).toBe(200)
  }
  return { userId: member.userId, email: member.email, cookies: member.cookies }
}

/** A title that is out, with a new chapter published at `at` (copied from its last one). */
async function newChapter(
  at: Date,
  options: { free?: boolean; contentId?: number } = {},
): Promise<{ contentId: number; chapterId: number; type: ContentType }> {
  const content = options.contentId
    ? await t.db.selectFrom('contents').select(['id', 'type']).where('id', '=', options.contentId).executeTakeFirstOrThrow()
    : await t.db
        .selectFrom('contents')
        .select(['id', 'type'])
        .where('status', '=', 'ongoing')
        .where('mature', '=', false)
        .orderBy('id')
        .executeTakeFirstOrThrow()
  const last = await t.db.selectFrom('chapters').selectAll().where('content_id', '=', content.id).orderBy('sort', 'desc').executeTakeFirstOrThrow()
  const { id: _id, ...copy } = last
  const row = await t.db
    .insertInto('chapters')
    .values({ ...copy, sort: last.sort + 1, published_at: at, free: options.free ?? false, aborted: false })
    .returning('id')
    .executeTakeFirstOrThrow()
  await t.db
    .insertInto('chapter_texts')
    .values(['en', 'ja', 'fr'].map((lang) => ({ chapter_id: row.id, lang, name: `Episode ${last.sort + 1} (${lang})`, author_comment: null })))
    .execute()
  return { contentId: content.id, chapterId: row.id, type: content.type as ContentType }
}

const mailsTo = (email: string) => t.outbox().filter((mail) => mail.to === email && mail.tag.startsWith('notify-'))
const inbox = async (member: Reader, locale: 'en' | 'ja' | 'fr' = 'en') => {
  const response = await t.call(endpoints.messages, { cookies: member.cookies, locale })
  expect(response.statusCode).toBe(200)
  return response.json().result as { messages: { title: string; body: string; linkUrl: string | null }[] }
}
/** The clock at an hour of the day in Tokyo, on the day after `after` (UTC+9, no daylight saving). */
const tokyoHour = (after: Date, hour: number, minute = 0): Date => {
  const day = new Date(after.getTime() + 9 * HOUR)
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1, hour - 9, minute))
}

/** Start the scan from `at` (the first scan ever only sets its mark). */
async function scanFrom(at: Date): Promise<void> {
  t.clock.setFakeTime(at)
  await announceReleases(t.deps)
}

afterEach(() => t.clock.setFakeTime(null))

describe('a new episode of a subscribed title', () => {
  it('is mailed and put in the inbox once, with one-click unsubscribe headers, in the reader’s language', async () => {
    const member = await reader({ locale: 'fr', settings: { nightRestriction: 'false' } })
    const start = new Date(Date.now() + 24 * HOUR)
    await scanFrom(start)
    const chapter = await newChapter(new Date(start.getTime() + HOUR))
    expect((await t.call(endpoints.subscribe, { params: { type: chapter.type, id: chapter.contentId }, cookies: member.cookies })).statusCode).toBe(200)

    t.clock.setFakeTime(new Date(start.getTime() + 30 * 60 * 1000))
    await runNotificationsOnce(t.deps)
    expect(mailsTo(member.email)).toHaveLength(0) // not published yet

    t.clock.setFakeTime(new Date(start.getTime() + 2 * HOUR))
    await runNotificationsOnce(t.deps)
    await runNotificationsOnce(t.deps) // a second scan or delivery sends nothing more
    const mails = mailsTo(member.email)
    expect(mails).toHaveLength(1)
    const [mail] = atLeast(mails, 1, 'mails')
    expect(mail.tag).toBe('notify-new_episode')
    expect(mail.subject).toMatch(/^Nouvel épisode de .+ : Episode \d+ \(fr\)$/)
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:8150\/api\/notify\/unsubscribe\/\d+\.new_episode\.[\w-]{27}>$/)
    expect(mail.text).toContain(`/fr/${chapter.type}/${chapter.contentId}`)
    const messages = (await inbox(member, 'fr')).messages
    expect(messages[0]?.title).toBe(mail.subject)
    expect(messages[0]?.linkUrl).toBe(`/${chapter.type}/${chapter.contentId}`)
    expect(await t.db.selectFrom('notifications').select(['status', 'emailed']).where('member_id', '=', member.userId).execute()).toEqual([
      { status: 'sent', emailed: true },
    ])
  })

  it('is held through the night window in the reader’s time zone and sent at 8:00 there', async () => {
    const member = await reader({ timeZone: TOKYO })
    const base = new Date(Date.now() + 3 * 24 * HOUR)
    const evening = tokyoHour(base, 22, 30) // 22:30 in Tokyo
    await scanFrom(new Date(evening.getTime() - HOUR))
    const chapter = await newChapter(new Date(evening.getTime() - 10 * 60 * 1000))
    await t.call(endpoints.subscribe, { params: { type: chapter.type, id: chapter.contentId }, cookies: member.cookies })

    t.clock.setFakeTime(evening)
    await runNotificationsOnce(t.deps)
    const held = await t.db.selectFrom('notifications').select(['status', 'due_at']).where('member_id', '=', member.userId).executeTakeFirstOrThrow()
    expect(held.status).toBe('pending')
    expect(new Date(held.due_at).toISOString()).toBe(tokyoHour(base, 8 + 24).toISOString()) // 8:00 the next morning
    expect(mailsTo(member.email)).toHaveLength(0)

    t.clock.setFakeTime(new Date(new Date(held.due_at).getTime() - 60 * 1000)) // 7:59
    await runNotificationsOnce(t.deps)
    expect(mailsTo(member.email)).toHaveLength(0)
    expect((await inbox(member)).messages.filter((message) => message.linkUrl === `/${chapter.type}/${chapter.contentId}`)).toHaveLength(0)

    t.clock.setFakeTime(new Date(held.due_at)) // 8:00
    await runNotificationsOnce(t.deps)
    expect(mailsTo(member.email)).toHaveLength(1)
    expect((await inbox(member)).messages.filter((message) => message.linkUrl === `/${chapter.type}/${chapter.contentId}`)).toHaveLength(1)
  })

  it('follows the setting: off when created means none; turned off while held means skipped', async () => {
    const off = await reader({ settings: { subscriptionUpdates: 'false', nightRestriction: 'false' } })
    const later = await reader({ settings: { nightRestriction: 'true' } })
    const base = new Date(Date.now() + 6 * 24 * HOUR)
    const night = tokyoHour(base, 23)
    await scanFrom(new Date(night.getTime() - HOUR))
    const chapter = await newChapter(new Date(night.getTime() - 60 * 1000))
    for (const member of [off, later]) await t.call(endpoints.subscribe, { params: { type: chapter.type, id: chapter.contentId }, cookies: member.cookies })
    t.clock.setFakeTime(night)
    await runNotificationsOnce(t.deps)
    expect(await t.db.selectFrom('notifications').select('id').where('member_id', '=', off.userId).execute()).toEqual([])
    await t.call(endpoints.settingsUpdate, { cookies: later.cookies, body: { subscriptionUpdates: 'false' } })
    t.clock.setFakeTime(new Date(night.getTime() + 12 * HOUR))
    await runNotificationsOnce(t.deps)
    expect(await t.db.selectFrom('notifications').select('status').where('member_id', '=', later.userId).execute()).toEqual([{ status: 'skipped' }])
    expect(mailsTo(later.email)).toHaveLength(0)
  })
})

describe('free episodes and releases', () => {
  it('tells readers of a title about its free episode, and subscribers only once', async () => {
    const subscriber = await reader({ settings: { nightRestriction: 'false' } })
    const readerOnly = await reader({ settings: { nightRestriction: 'false' } })
    const start = new Date(Date.now() + 9 * 24 * HOUR)
    await scanFrom(start)
    const chapter = await newChapter(new Date(start.getTime() + 60 * 1000), { free: true })
    await t.call(endpoints.subscribe, { params: { type: chapter.type, id: chapter.contentId }, cookies: subscriber.cookies })
    const first = await t.db.selectFrom('chapters').select('id').where('content_id', '=', chapter.contentId).orderBy('sort').executeTakeFirstOrThrow()
    await t.db.insertInto('read_progress').values({ member_id: readerOnly.userId, content_id: chapter.contentId, chapter_id: first.id }).execute()
    t.clock.setFakeTime(new Date(start.getTime() + 5 * 60 * 1000))
    await runNotificationsOnce(t.deps)
    expect(mailsTo(subscriber.email).map((mail) => mail.tag)).toEqual(['notify-new_episode'])
    expect(mailsTo(readerOnly.email).map((mail) => mail.tag)).toEqual(['notify-free_episode'])
  })

  it('announces a coming-soon title’s release to those who asked, once, and the title comes out', async () => {
    const member = await reader({ locale: 'ja', settings: { nightRestriction: 'false' } })
    const upcoming = await t.db
      .selectFrom('contents')
      .innerJoin('chapters', 'chapters.content_id', 'contents.id')
      .select(['contents.id', 'contents.type', 'chapters.published_at'])
      .where('contents.status', '=', 'coming_soon')
      .where('contents.mature', '=', false)
      .orderBy('chapters.published_at')
      .executeTakeFirstOrThrow()
    expect((await t.call(endpoints.releaseNotificationOn, { params: { type: upcoming.type, id: upcoming.id }, cookies: member.cookies })).statusCode).toBe(200)
    const publishedAt = new Date(upcoming.published_at)
    await scanFrom(new Date(publishedAt.getTime() - HOUR))
    t.clock.setFakeTime(new Date(publishedAt.getTime() + 60 * 1000))
    await runNotificationsOnce(t.deps)
    await runNotificationsOnce(t.deps)
    const mails = mailsTo(member.email)
    expect(mails.map((mail) => mail.tag)).toEqual(['notify-release'])
    expect(mails[0]?.subject).toMatch(/^【配信開始】/)
    expect((await t.db.selectFrom('contents').select('status').where('id', '=', upcoming.id).executeTakeFirstOrThrow()).status).toBe('ongoing')
  })

  it('release notifications have their own switch: off, a title asked about tells nothing; the mail’s unsubscribe link turns it off and keeps the titles (issue 35)', async () => {
    // A title of its own, coming soon, whose first episode comes out an hour after the scan.
    const title = await t.db
      .selectFrom('contents')
      .select(['id', 'type'])
      .where('status', '=', 'ongoing')
      .where('mature', '=', false)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    await t.db.updateTable('contents').set({ status: 'coming_soon' }).where('id', '=', title.id).execute()
    const askedBy = async (settings: Record<string, string>) => {
      const member = await reader({ locale: 'en', settings: { nightRestriction: 'false', ...settings } })
      expect((await t.call(endpoints.releaseNotificationOn, { params: { type: title.type, id: title.id }, cookies: member.cookies })).statusCode).toBe(200)
      return member
    }
    const wants = await askedBy({})
    const off = await askedBy({ releaseUpdates: 'false' })
    expect((await t.call(endpoints.settings, { cookies: off.cookies })).json().result.notifications.releaseUpdates).toBe(false)
    const start = new Date(Date.now() + 24 * HOUR)
    await scanFrom(start)
    await newChapter(new Date(start.getTime() + HOUR), { contentId: title.id })
    t.clock.setFakeTime(new Date(start.getTime() + 2 * HOUR))
    await runNotificationsOnce(t.deps)
    expect((await t.db.selectFrom('contents').select('status').where('id', '=', title.id).executeTakeFirstOrThrow()).status).toBe('ongoing')
    expect(mailsTo(off.email)).toEqual([])
    const mail = mailsTo(wants.email).find((item) => item.tag === 'notify-release')!
    const url = new URL(/^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '')
    expect((await t.inject({ method: 'GET', url: url.pathname })).body).toContain('Stop all release notifications')
    const oneClick = await t.inject({
      method: 'POST',
      url: url.pathname,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(oneClick.statusCode).toBe(200)
    const notifications = (await t.call(endpoints.settings, { cookies: wants.cookies })).json().result.notifications
    expect([notifications.releaseUpdates, notifications.subscriptionUpdates]).toEqual([false, true])
    // The titles asked about stay asked about (turned on again, the next release is told).
    const asked = await t.db.selectFrom('release_notifications').select('content_id').where('member_id', '=', wants.userId).execute()
    expect(asked.map((row) => Number(row.content_id))).toEqual([Number(title.id)])
  })
})

describe('one-click unsubscribe (RFC 8058)', () => {
  it('GET confirms without changing anything; POST (no session, no SPEC headers) turns the kind off', async () => {
    const member = await reader({ locale: 'ja', settings: { newsEmails: 'true', nightRestriction: 'false' } })
    await createNews(t.db, t.clock.now(), {
      texts: { en: { subject: 'News', body: 'Body' }, ja: { subject: 'お知らせ', body: '本文' }, fr: { subject: 'Nouvelles', body: 'Corps' } },
      link: '/document/notice',
    })
    await runNotificationsOnce(t.deps)
    const mail = mailsTo(member.email).find((item) => item.tag === 'notify-news')!
    expect(mail.subject).toBe('お知らせ')
    const url = new URL(/^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '')
    const page = await t.inject({ method: 'GET', url: url.pathname })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('ニュースメールを停止しますか？')
    expect(page.body).toContain(`action="${url.pathname}"`)
    const settings = async () => (await t.call(endpoints.settings, { cookies: member.cookies })).json().result.notifications
    expect((await settings()).newsEmails).toBe(true)

    const oneClick = await t.inject({
      method: 'POST',
      url: url.pathname,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(oneClick.statusCode).toBe(200)
    expect(oneClick.body).toContain('配信を停止しました')
    expect((await settings()).newsEmails).toBe(false)
    expect((await settings()).subscriptionUpdates).toBe(true)
  })

  it('refuses a forged or broken link with a page, never a 500', async () => {
    const member = await reader()
    for (const token of [`${member.userId}.news.${'A'.repeat(27)}`, `${member.userId}.push.${'A'.repeat(27)}`, 'nothing', `0.news.${'A'.repeat(27)}`]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.inject({ method, url: `/api/notify/unsubscribe/${encodeURIComponent(token)}` })
        expect(response.statusCode).toBe(404)
        expect(response.body).toContain('This link does not work')
      }
    }
  })
})

describe('gifts about to expire', () => {
  it('are announced once, within their last 24 hours, to members who keep reminders on', async () => {
    const member = await reader({ settings: { marketing: 'true', nightRestriction: 'false' } })
    const quiet = await reader({ settings: { marketing: 'false', nightRestriction: 'false' } })
    const now = t.clock.now()
    for (const who of [member, quiet]) {
      await t.db
        .insertInto('inbox_gifts')
        .values({
          member_id: who.userId,
          texts: JSON.stringify({ en: { title: 'Five coins', description: '' } }),
          kind: 'coin',
          coin_type: 'free',
          amount: 5,
          content_id: null,
          grant_valid_days: 30,
          created_at: now,
          expires_at: new Date(now.getTime() + 30 * HOUR),
        })
        .execute()
    }
    expect(await announceExpiringGifts(t.deps)).toBe(0) // 30 h left: not yet
    t.clock.setFakeTime(new Date(now.getTime() + 7 * HOUR))
    await runNotificationsOnce(t.deps)
    await runNotificationsOnce(t.deps)
    expect(mailsTo(member.email).map((mail) => mail.tag)).toEqual(['notify-gift_expiring'])
    expect(mailsTo(member.email)[0]?.text).toContain('“Five coins”')
    expect(mailsTo(quiet.email)).toHaveLength(0)
    const gifts = await t.call(endpoints.gifts, { cookies: member.cookies })
    expect(gifts.json().result.gifts.some((gift: { expiringSoon: boolean }) => gift.expiringSoon)).toBe(true)
  })
})

describe('the jobs on pg-boss', () => {
  let runners: NotificationJobs[] = []
  afterEach(async () => {
    for (const runner of runners) await runner.stop()
    runners = []
  })

  it('two workers on one database deliver each notification exactly once, retrying a failed mail', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => reader({ settings: { newsEmails: 'true', nightRestriction: 'false' } })))
    // The outbox cannot be written at first: every delivery fails and is retried.
    const outbox = path.join(t.dataDir, 'outbox')
    fs.rmSync(outbox, { recursive: true, force: true })
    fs.writeFileSync(outbox, 'not a folder')
    const { newsId } = await createNews(t.db, t.clock.now(), {
      texts: { en: { subject: 'Twice?', body: 'Once.' }, ja: { subject: '二度？', body: '一度。' }, fr: { subject: 'Deux fois ?', body: 'Une fois.' } },
      link: null,
    })
    const quiet = { tickMs: 300, pollingSeconds: 0.5, retryDelay: 1, onError: () => undefined }
    runners.push(await startNotificationJobs(t.deps, t.jobsConnection, quiet))
    runners.push(await startNotificationJobs({ ...t.deps }, t.jobsConnection, quiet))
    // This test's readers only: the seeded members get the news too, and those who keep the night
    // window have it held until 8:00 in their time zone (the test would depend on the hour it runs).
    const ids = members.map((member) => member.userId)
    const rows = () =>
      t.db.selectFrom('notifications').select(['member_id', 'status', 'attempts']).where('news_id', '=', newsId).where('member_id', 'in', ids).execute()
    await eventually(async () => (await rows()).some((row) => row.attempts > 0), Boolean, 15_000)
    expect((await rows()).every((row) => row.status === 'pending')).toBe(true)
    fs.rmSync(outbox, { force: true })
    await eventually(async () => (await rows()).every((row) => row.status === 'sent'), Boolean, 30_000)
    for (const member of members) {
      expect(mailsTo(member.email).filter((mail) => mail.subject === 'Twice?')).toHaveLength(1)
      const messages = (await inbox(member)).messages.filter((message) => message.title === 'Twice?')
      expect(messages).toHaveLength(1)
    }
  }, 60_000)
})
