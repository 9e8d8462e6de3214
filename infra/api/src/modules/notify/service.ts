import { ACCOUNT_LIMITS, deliveryTime, giftExpiringSoon, isLocale, LOCALES, pathInLocale, type Locale, type NotificationKind } from '@koma/contracts/server'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { AppDeps } from '../../deps'
import type { Database } from '../../db/schema'
import { mailerOf } from '../mail/send'
import { textFor } from '../titles/texts'
import { mailTime } from '../../http/readerTime'
import { mailFooter, notificationWords, type NotificationWords } from './texts'
import { unsubscribeUrl } from './unsubscribe'

/**
 * Notifications that arrive (issue 15). Three steps, each safe to run in several API processes
 * at once and again after a crash:
 *
 *   1. announce: chapters whose publishedAt passed since the last scan (by the API clock, so
 *      faketime moves it) and gifts entering their last 24 hours become one `notifications` row
 *      per member (unique member + dedupe key: a second scanner's insert does nothing), due at
 *      once or, in the member's night window, at 8:00 their time;
 *   2. the tick queues a delivery job (pg-boss, jobs.ts) for each row that is due;
 *   3. a delivery claims its row (one conditional update: one worker wins), checks the member
 *      still wants it, mails it (RFC 8058 unsubscribe headers) and writes the inbox message
 *      and "sent" in one transaction. A failed mail gives the claim back and the job is retried.
 */

type Db = Kysely<Database> | Transaction<Database>

/** A delivery's claim lasts this long (real time) before another worker may take the row over. */
export const CLAIM_MS = 2 * 60 * 1000
/** A row queued this long ago (real time) and still pending is queued again (a lost job). */
export const REQUEUE_MS = 5 * 60 * 1000

interface Recipient {
  member_id: number
  time_zone: string | null
  night_restriction: boolean | null
}

/** Members with their night-window inputs. */
function recipients(db: Db) {
  return db
    .selectFrom('members')
    .leftJoin('member_settings', 'member_settings.member_id', 'members.id')
    .select(['members.id as member_id', 'members.time_zone', 'member_settings.night_restriction'])
    .where('members.deleted_at', 'is', null)
}

async function insertNotifications(
  db: Db,
  now: Date,
  people: Recipient[],
  values: { kind: NotificationKind; dedupe_key: string; content_id?: number; chapter_id?: number; news_id?: number; gift_id?: number },
): Promise<number> {
  if (!people.length) return 0
  const rows = people.map((person) => ({
    member_id: person.member_id,
    kind: values.kind,
    dedupe_key: values.dedupe_key,
    content_id: values.content_id ?? null,
    chapter_id: values.chapter_id ?? null,
    news_id: values.news_id ?? null,
    gift_id: values.gift_id ?? null,
    due_at: deliveryTime(now, person.time_zone, person.night_restriction ?? true),
  }))
  const inserted = await db
    .insertInto('notifications')
    .values(rows)
    .onConflict((oc) => oc.columns(['member_id', 'dedupe_key']).doNothing())
    .returning('id')
    .execute()
  return inserted.length
}

/**
 * Chapters published since the last scan (the mark 'releases'). The first scan ever only sets
 * the mark: chapters published before notifications existed are never announced.
 */
export async function announceReleases(deps: AppDeps): Promise<number> {
  const now = deps.clock.now()
  return deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notification_marks')
      .values({ name: 'releases', at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
    const mark = await trx.selectFrom('notification_marks').select('at').where('name', '=', 'releases').forUpdate().executeTakeFirstOrThrow()
    const since = new Date(mark.at)
    if (since.getTime() > now.getTime()) {
      // The clock went back (faketime cleared): scan from here again; the dedupe keys keep
      // anything already announced from being announced twice.
      await trx.updateTable('notification_marks').set({ at: now }).where('name', '=', 'releases').execute()
      return 0
    }
    if (since.getTime() === now.getTime()) return 0
    const chapters = await trx
      .selectFrom('chapters')
      .innerJoin('contents', 'contents.id', 'chapters.content_id')
      .select(['chapters.id', 'chapters.content_id', 'chapters.free', 'chapters.published_at', 'contents.status'])
      .where('chapters.published_at', '>', since)
      .where('chapters.published_at', '<=', now)
      .where('chapters.aborted', '=', false)
      // A title an operator hid announces nothing (issue 17).
      .where('contents.hidden_at', 'is', null)
      .orderBy('chapters.published_at')
      .orderBy('chapters.sort')
      .execute()
    let created = 0
    for (const chapter of chapters) {
      const contentId = chapter.content_id
      if (chapter.status === 'coming_soon') {
        // The title's release: everyone who asked to be told, once per title.
        const people = await recipients(trx)
          .innerJoin('release_notifications', 'release_notifications.member_id', 'members.id')
          .where('release_notifications.content_id', '=', contentId)
          .execute()
        created += await insertNotifications(trx, now, people, {
          kind: 'release',
          dedupe_key: `release:${contentId}`,
          content_id: contentId,
          chapter_id: chapter.id,
        })
        await trx.updateTable('contents').set({ status: 'ongoing' }).where('id', '=', contentId).where('status', '=', 'coming_soon').execute()
      } else {
        // Subscribers who keep "subscription updates" on hear of every new episode.
        const subscribers = await recipients(trx)
          .innerJoin('library_subscriptions', 'library_subscriptions.member_id', 'members.id')
          .where('library_subscriptions.content_id', '=', contentId)
          .where(sql<boolean>`coalesce(member_settings.notify_subscription, true)`)
          .execute()
        created += await insertNotifications(trx, now, subscribers, {
          kind: 'new_episode',
          dedupe_key: `chapter:${chapter.id}`,
          content_id: contentId,
          chapter_id: chapter.id,
        })
        if (chapter.free) {
          // A free episode: subscribers and readers of the title who keep "free-episode updates"
          // on (a subscriber already told of the episode above is not told twice: same key).
          const readers = await recipients(trx)
            .where(sql<boolean>`coalesce(member_settings.notify_free_episode, true)`)
            .where((eb) =>
              eb.or([
                eb.exists(
                  eb
                    .selectFrom('library_subscriptions as s')
                    .select('s.member_id')
                    .whereRef('s.member_id', '=', 'members.id')
                    .where('s.content_id', '=', contentId),
                ),
                eb.exists(
                  eb.selectFrom('read_progress as p').select('p.member_id').whereRef('p.member_id', '=', 'members.id').where('p.content_id', '=', contentId),
                ),
              ]),
            )
            .execute()
          created += await insertNotifications(trx, now, readers, {
            kind: 'free_episode',
            dedupe_key: `chapter:${chapter.id}`,
            content_id: contentId,
            chapter_id: chapter.id,
          })
        }
      }
      await trx
        .updateTable('contents')
        .set({ last_chapter_published_at: sql`greatest(coalesce(last_chapter_published_at, ${chapter.published_at}), ${chapter.published_at})` })
        .where('id', '=', contentId)
        .execute()
    }
    await trx.updateTable('notification_marks').set({ at: now }).where('name', '=', 'releases').execute()
    return created
  })
}

/** SPEC §9: gifts entering their last 24 hours are announced once, to members who keep reminders (marketing) on. */
export async function announceExpiringGifts(deps: AppDeps): Promise<number> {
  const now = deps.clock.now()
  const gifts = await deps.db
    .selectFrom('inbox_gifts')
    .innerJoin('members', 'members.id', 'inbox_gifts.member_id')
    .leftJoin('member_settings', 'member_settings.member_id', 'members.id')
    .select(['inbox_gifts.id', 'inbox_gifts.member_id', 'members.time_zone', 'member_settings.night_restriction'])
    .where('inbox_gifts.claimed_at', 'is', null)
    .where('inbox_gifts.created_at', '<=', now)
    .where('inbox_gifts.expires_at', '>', now)
    .where('inbox_gifts.expires_at', '<=', new Date(now.getTime() + ACCOUNT_LIMITS.giftExpiringSoonMs))
    .where('members.deleted_at', 'is', null)
    .where(sql<boolean>`coalesce(member_settings.notify_marketing, false)`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications as n')
            .select('n.id')
            .whereRef('n.member_id', '=', 'inbox_gifts.member_id')
            .where('n.dedupe_key', '=', sql<string>`'gift:' || inbox_gifts.id`),
        ),
      ),
    )
    .execute()
  let created = 0
  for (const gift of gifts)
    created += await insertNotifications(deps.db, now, [gift], { kind: 'gift_expiring', dedupe_key: `gift:${gift.id}`, gift_id: gift.id })
  return created
}

export interface NewsInput {
  texts: Record<Locale, { subject: string; body: string }>
  link: string | null
}

/** A news e-mail (the `npm run news` command): one notification per member who keeps news e-mails on. */
export async function createNews(db: Kysely<Database>, now: Date, news: NewsInput): Promise<{ newsId: number; recipients: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('news_mails')
      .values({ texts: JSON.stringify(news.texts), link_url: news.link })
      .returning('id')
      .executeTakeFirstOrThrow()
    const people = await recipients(trx)
      .where('members.guest', '=', false)
      .where('members.email', 'is not', null)
      .where(sql<boolean>`coalesce(member_settings.notify_news_email, false)`)
      .execute()
    let count = 0
    for (let i = 0; i < people.length; i += 500)
      count += await insertNotifications(trx, now, people.slice(i, i + 500), { kind: 'news', dedupe_key: `news:${row.id}`, news_id: row.id })
    return { newsId: row.id, recipients: count }
  })
}

/** Pending notifications that are due and not queued lately: marked queued, their ids returned. */
export async function takeDue(deps: AppDeps, limit = 200): Promise<number[]> {
  const real = deps.clock.realNow()
  const rows = await deps.db
    .updateTable('notifications')
    .set({ queued_at: real })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('id')
        .where('status', '=', 'pending')
        .where('due_at', '<=', deps.clock.now())
        .where((w) => w.or([w('queued_at', 'is', null), w('queued_at', '<', new Date(real.getTime() - REQUEUE_MS))]))
        .orderBy('due_at')
        .limit(limit),
    )
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

async function titleNames(
  db: Db,
  contentId: number | null,
  chapterId: number | null,
): Promise<{ type: string | null; title: Record<string, string>; chapter: Record<string, string> }> {
  const [content, titles, chapters] = await Promise.all([
    contentId ? db.selectFrom('contents').select('type').where('id', '=', contentId).executeTakeFirst() : undefined,
    contentId ? db.selectFrom('content_texts').select(['lang', 'name']).where('content_id', '=', contentId).execute() : [],
    chapterId ? db.selectFrom('chapter_texts').select(['lang', 'name']).where('chapter_id', '=', chapterId).execute() : [],
  ])
  return {
    type: content?.type ?? null,
    title: Object.fromEntries(titles.map((row) => [row.lang, row.name])),
    chapter: Object.fromEntries(chapters.map((row) => [row.lang, row.name])),
  }
}

type Outcome = 'sent' | 'skipped' | 'not-claimed'

/**
 * Deliver one notification: claim it, re-check that the member still wants it (settings and
 * unsubscribes since it was created), mail it, then write the inbox message and mark it sent.
 */
export async function deliverNotification(deps: AppDeps, id: number): Promise<Outcome> {
  const real = deps.clock.realNow()
  const claimed = await deps.db
    .updateTable('notifications')
    .set({ claimed_at: real, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('due_at', '<=', deps.clock.now())
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', new Date(real.getTime() - CLAIM_MS))]))
    .returningAll()
    .executeTakeFirst()
  if (!claimed) return 'not-claimed'
  const finish = (status: 'sent' | 'skipped', emailed = false, trx: Db = deps.db) =>
    trx.updateTable('notifications').set({ status, sent_at: deps.clock.now(), claimed_at: null, emailed }).where('id', '=', id).execute()
  try {
    const member = await deps.db
      .selectFrom('members')
      .leftJoin('member_settings', 'member_settings.member_id', 'members.id')
      .select([
        'members.email',
        'members.guest',
        'members.locale',
        'members.time_zone',
        'members.deleted_at',
        'member_settings.notify_subscription',
        'member_settings.notify_free_episode',
        'member_settings.notify_news_email',
        'member_settings.notify_marketing',
        'member_settings.notify_release',
      ])
      .where('members.id', '=', claimed.member_id)
      .executeTakeFirst()
    if (!member || member.deleted_at) {
      await finish('skipped')
      return 'skipped'
    }
    const locale: Locale = isLocale(member.locale) ? member.locale : 'en'
    const timeZone = member.time_zone ?? 'Asia/Seoul'
    let wanted: boolean
    let texts: Record<Locale, NotificationWords>
    let link: string | null
    if (claimed.kind === 'news') {
      const news = claimed.news_id ? await deps.db.selectFrom('news_mails').selectAll().where('id', '=', claimed.news_id).executeTakeFirst() : undefined
      wanted = Boolean(news) && (member.notify_news_email ?? false)
      texts = Object.fromEntries(
        LOCALES.map((lang) => {
          const words = news && textFor(news.texts, lang)
          return [lang, { subject: words?.subject ?? '', body: words?.body ?? '' }]
        }),
      ) as Record<Locale, NotificationWords>
      link = news?.link_url ?? null
    } else if (claimed.kind === 'gift_expiring') {
      const gift = claimed.gift_id ? await deps.db.selectFrom('inbox_gifts').selectAll().where('id', '=', claimed.gift_id).executeTakeFirst() : undefined
      const expiresAt = gift?.expires_at ? new Date(gift.expires_at) : null
      wanted = Boolean(gift && !gift.claimed_at && giftExpiringSoon(expiresAt, deps.clock.now())) && (member.notify_marketing ?? false)
      const when = expiresAt ? mailTime(expiresAt, timeZone) : ''
      texts = Object.fromEntries(
        LOCALES.map((lang) => [lang, notificationWords('gift_expiring', lang, { gift: (gift && textFor(gift.texts, lang)?.title) ?? '', when })]),
      ) as Record<Locale, NotificationWords>
      link = '/inbox/gift'
    } else {
      const names = await titleNames(deps.db, claimed.content_id, claimed.chapter_id)
      if (claimed.kind === 'release') {
        wanted = Boolean(
          (member.notify_release ?? true) &&
          claimed.content_id &&
          (await deps.db
            .selectFrom('release_notifications')
            .select('member_id')
            .where('member_id', '=', claimed.member_id)
            .where('content_id', '=', claimed.content_id)
            .executeTakeFirst()),
        )
      } else if (claimed.kind === 'new_episode') {
        wanted = member.notify_subscription ?? true
      } else {
        wanted = member.notify_free_episode ?? true
      }
      const kind = claimed.kind
      texts = Object.fromEntries(
        LOCALES.map((lang) => [lang, notificationWords(kind, lang, { title: textFor(names.title, lang) ?? '', chapter: textFor(names.chapter, lang) ?? '' })]),
      ) as Record<Locale, NotificationWords>
      link = names.type && claimed.content_id ? `/${names.type}/${claimed.content_id}` : null
    }
    if (!wanted) {
      await finish('skipped')
      return 'skipped'
    }
    let emailed = false
    if (member.email && !member.guest) {
      const unsubscribe = await unsubscribeUrl(deps, claimed.member_id, claimed.kind)
      const words = texts[locale]
      const siteLink = link ? `${deps.config.publicUrl}${pathInLocale(locale, link)}` : null
      await mailerOf(deps).send({
        to: member.email,
        subject: words.subject,
        text: `${words.body}\n\n${mailFooter(claimed.kind, locale, siteLink, unsubscribe)}\n`,
        tag: `notify-${claimed.kind}`,
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      })
      emailed = true
    }
    await deps.db.transaction().execute(async (trx) => {
      const inboxTexts = Object.fromEntries(LOCALES.map((lang) => [lang, { title: texts[lang].subject, body: texts[lang].body }]))
      await trx
        .insertInto('inbox_messages')
        .values({ member_id: claimed.member_id, texts: JSON.stringify(inboxTexts), link_url: link, created_at: deps.clock.now() })
        .execute()
      await finish('sent', emailed, trx)
    })
    return 'sent'
  } catch (error) {
    // Give the claim back: the job is retried (pg-boss) and the next attempt may take it at once.
    await deps.db.updateTable('notifications').set({ claimed_at: null }).where('id', '=', id).where('status', '=', 'pending').execute()
    throw error
  }
}

/** Announce, then deliver everything due, in this process (the news command and tests; the API uses jobs.ts). */
export async function runNotificationsOnce(deps: AppDeps): Promise<{ sent: number; skipped: number }> {
  await announceReleases(deps)
  await announceExpiringGifts(deps)
  let sent = 0
  let skipped = 0
  for (;;) {
    const ids = await takeDue(deps)
    if (!ids.length) break
    for (const id of ids) {
      const outcome = await deliverNotification(deps, id)
      if (outcome === 'sent') sent += 1
      if (outcome === 'skipped') skipped += 1
    }
  }
  return { sent, skipped }
}

/**
 * Remember the language a member last used (mails are written in it), and the browser's time zone
 * when the account has none yet. A stored zone stays (issue 33): it is the day of the daily bonus
 * and the night window, which a request's header must not move; the member's setting changes it.
 */
export async function rememberReader(deps: AppDeps, memberId: number, locale: Locale, timeZone: string): Promise<void> {
  await deps.db
    .updateTable('members')
    .set({ locale, time_zone: sql<string>`coalesce(time_zone, ${timeZone})` })
    .where('id', '=', memberId)
    .where((eb) => eb.or([eb('locale', 'is', null), eb('locale', '!=', locale), eb('time_zone', 'is', null)]))
    .execute()
}
