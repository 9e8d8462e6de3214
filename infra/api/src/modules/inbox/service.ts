import {
  dailyBonusClaimable,
  giftExpiringSoon,
  readerDay,
  giftState,
  type DailyBonusClaim,
  type DailyBonusStatus,
  type Gift,
  type Grant,
  type Locale,
  type RewardContent,
} from '@koma/contracts/server'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { AppDeps } from '../../deps'
import type { Database, GiftTexts } from '../../db/schema'
import { bookRewardGrant } from '../coin/stock'
import { textFor } from '../titles/texts'
import { apiError } from '../../http/errorCatalogue'

const DAY_MS = 24 * 60 * 60 * 1000

/** The daily bonus: free coins that expire after 30 days (SPEC §9 "free coins expire within 30 days"). */
export const DAILY_BONUS = { kind: 'coin', coinType: 'free', amount: 5, validDays: 30 } as const

/** The welcome gift every new member finds in the inbox: 3 tickets, to claim within 30 days. */
export const WELCOME_GIFT = { kind: 'ticket', coinType: null, amount: 3, validDays: 30, claimDays: 30 } as const

const WELCOME_TEXTS: Record<Locale, GiftTexts> = {
  en: { title: 'Welcome gift', description: 'Thank you for joining Koma! Here are 3 tickets to unlock episodes of any title.' },
  ja: { title: '新規登録プレゼント', description: 'Komaにご登録いただきありがとうございます！お好きな作品に使えるチケット3枚をプレゼントします。' },
  fr: { title: 'Cadeau de bienvenue', description: 'Merci d’avoir rejoint Koma ! Voici 3 tickets pour débloquer des épisodes de la série de votre choix.' },
}

const WELCOME_MESSAGE: Record<Locale, { title: string; body: string }> = {
  en: {
    title: 'Welcome to Koma',
    body: 'Your account is ready. Claim your welcome gift in the Gifts tab, come back every day for the daily bonus, and enjoy reading!',
  },
  ja: {
    title: 'Komaへようこそ',
    body: 'アカウントの準備ができました。プレゼントタブから新規登録プレゼントを受け取り、毎日のログインボーナスもお忘れなく。お楽しみください！',
  },
  fr: {
    title: 'Bienvenue sur Koma',
    body: 'Votre compte est prêt. Récupérez votre cadeau de bienvenue dans l’onglet Cadeaux, revenez chaque jour pour le bonus quotidien et bonne lecture !',
  },
}

/** New members get a welcome gift and a message (in every language; shown in the reader's). */
export async function welcomeGift(trx: Kysely<Database>, memberId: number, now: Date): Promise<void> {
  const existing = await trx
    .selectFrom('inbox_gifts')
    .select('id')
    .where('member_id', '=', memberId)
    .where(sql<string>`texts->'en'->>'title'`, '=', WELCOME_TEXTS.en.title)
    .executeTakeFirst()
  if (existing) return
  await trx
    .insertInto('inbox_gifts')
    .values({
      member_id: memberId,
      texts: JSON.stringify(WELCOME_TEXTS),
      kind: WELCOME_GIFT.kind,
      coin_type: null,
      amount: WELCOME_GIFT.amount,
      content_id: null,
      grant_valid_days: WELCOME_GIFT.validDays,
      created_at: now,
      expires_at: new Date(now.getTime() + WELCOME_GIFT.claimDays * DAY_MS),
    })
    .execute()
  await trx
    .insertInto('inbox_messages')
    .values({ member_id: memberId, texts: JSON.stringify(WELCOME_MESSAGE), link_url: '/inbox/gift', created_at: now })
    .execute()
}

const iso = (value: Date | string | null): string | null => (value ? new Date(value).toISOString() : null)

async function contentNames(deps: AppDeps, ids: (number | null)[], locale: Locale): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
  if (!wanted.length) return new Map()
  const rows = await deps.db.selectFrom('content_texts').select(['content_id', 'name']).where('content_id', 'in', wanted).where('lang', '=', locale).execute()
  return new Map(rows.map((row) => [row.content_id, row.name]))
}

/**
 * Gifts an operator sent to everyone (ops/gifts.ts) reach a member's inbox when they open it:
 * each running gift is copied in once (a unique index on campaign and member: two tabs opening
 * the inbox at once still make one copy), for members, guests aside, who joined before it was
 * sent.
 */
export async function deliverGiftsToEveryone(db: Kysely<Database>, memberId: number, now: Date): Promise<void> {
  await sql`
    insert into inbox_gifts (member_id, campaign_id, texts, kind, coin_type, amount, content_id, grant_valid_days, created_at, expires_at)
    select m.id, c.id, c.texts, c.kind, c.coin_type, c.amount, c.content_id, c.grant_valid_days, c.starts_at, c.ends_at
    from gift_campaigns c
    join members m on m.id = ${memberId}
    where c.audience = 'everyone'
      and c.starts_at <= ${now}
      and (c.ends_at is null or c.ends_at > ${now})
      and m.guest = false
      and m.deleted_at is null
      and m.created_at < c.starts_at
      and not exists (select 1 from inbox_gifts g where g.campaign_id = c.id and g.member_id = m.id)
    on conflict (campaign_id, member_id) do nothing
  `.execute(db)
}

export async function listGifts(deps: AppDeps, memberId: number, locale: Locale, tab: 'available' | 'history'): Promise<Gift[]> {
  const now = deps.clock.now()
  await deliverGiftsToEveryone(deps.db, memberId, now)
  // A gift sent for later reaches the inbox at its time.
  let query = deps.db.selectFrom('inbox_gifts').selectAll().where('member_id', '=', memberId).where('created_at', '<=', now)
  query =
    tab === 'available'
      ? query
          .where('claimed_at', 'is', null)
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
          .orderBy('expires_at', 'asc')
          .orderBy('id', 'desc')
      : query
          .where((eb) => eb.or([eb('claimed_at', 'is not', null), eb('expires_at', '<=', now)]))
          .orderBy('created_at', 'desc')
          .limit(100)
  const rows = await query.execute()
  const names = await contentNames(
    deps,
    rows.map((row) => row.content_id),
    locale,
  )
  return rows.map((row) => {
    const texts = textFor(row.texts, locale)
    const expiresAt = row.expires_at ? new Date(row.expires_at) : null
    const claimedAt = row.claimed_at ? new Date(row.claimed_at) : null
    return {
      id: row.id,
      title: texts?.title ?? '',
      description: texts?.description ?? '',
      kind: row.kind,
      coinType: row.coin_type,
      amount: row.amount,
      contentId: row.content_id,
      contentName: row.content_id ? (names.get(row.content_id) ?? null) : null,
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: iso(expiresAt),
      claimedAt: iso(claimedAt),
      state: giftState({ claimedAt, expiresAt }, now),
      expiringSoon: !claimedAt && giftExpiringSoon(expiresAt, now),
    }
  })
}

type GrantRow = Database['reward_grants']
async function insertGrant(
  trx: Transaction<Database> | Kysely<Database>,
  values: {
    member_id: number
    source: GrantRow['source']
    source_ref: string
    reward: Omit<RewardContent, 'contentName'>
    validDays: number | null
    now: Date
  },
): Promise<Grant> {
  const row = await trx
    .insertInto('reward_grants')
    .values({
      member_id: values.member_id,
      source: values.source,
      source_ref: values.source_ref,
      kind: values.reward.kind,
      coin_type: values.reward.kind === 'coin' ? (values.reward.coinType ?? 'free') : null,
      amount: values.reward.amount,
      content_id: values.reward.contentId,
      expires_at: values.validDays ? new Date(values.now.getTime() + values.validDays * DAY_MS) : null,
      created_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  // Payments: the coins or tickets land in the ledger / ticket stock in the same transaction.
  await bookRewardGrant(trx, row, values.now)
  return grantOf(row)
}

export function grantOf(
  row: {
    id: number
    source: GrantRow['source']
    kind: 'coin' | 'ticket'
    coin_type: 'free' | 'bonus' | null
    amount: number
    content_id: number | null
    expires_at: Date | string | null
    created_at: Date | string
  },
  contentName: string | null = null,
): Grant {
  return {
    id: row.id,
    source: row.source,
    kind: row.kind,
    coinType: row.coin_type,
    amount: row.amount,
    contentId: row.content_id,
    contentName,
    expiresAt: iso(row.expires_at),
    createdAt: new Date(row.created_at).toISOString(),
  }
}

/** Claim one gift: its grant is written and the gift marked claimed in one transaction, once. */
export async function claimGift(deps: AppDeps, memberId: number, giftId: number): Promise<Grant> {
  const now = deps.clock.now()
  return deps.db.transaction().execute(async (trx) => {
    const gift = await trx
      .selectFrom('inbox_gifts')
      .selectAll()
      .where('id', '=', giftId)
      .where('member_id', '=', memberId)
      .where('created_at', '<=', now)
      .forUpdate()
      .executeTakeFirst()
    if (!gift) throw apiError('notFound')
    const state = giftState(
      { claimedAt: gift.claimed_at ? new Date(gift.claimed_at) : null, expiresAt: gift.expires_at ? new Date(gift.expires_at) : null },
      now,
    )
    if (state === 'claimed') throw apiError('giftClaimed')
    if (state === 'expired') throw apiError('giftExpired')
    await trx.updateTable('inbox_gifts').set({ claimed_at: now }).where('id', '=', gift.id).execute()
    return insertGrant(trx, {
      member_id: memberId,
      source: 'gift',
      source_ref: String(gift.id),
      reward: { kind: gift.kind, coinType: gift.coin_type, amount: gift.amount, contentId: gift.content_id },
      validDays: gift.grant_valid_days,
      now,
    })
  })
}

export async function claimAllGifts(deps: AppDeps, memberId: number): Promise<Grant[]> {
  const now = deps.clock.now()
  await deliverGiftsToEveryone(deps.db, memberId, now)
  const open = await deps.db
    .selectFrom('inbox_gifts')
    .select('id')
    .where('member_id', '=', memberId)
    .where('created_at', '<=', now)
    .where('claimed_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute()
  const grants: Grant[] = []
  for (const gift of open) {
    try {
      grants.push(await claimGift(deps, memberId, gift.id))
    } catch {
      /* claimed meanwhile (another tab): skip */
    }
  }
  return grants
}

/** SPEC: one coupon input; the API validates, redeems once per member and grants what the coupon holds. */
export async function redeemCoupon(deps: AppDeps, memberId: number, rawCode: string, locale: Locale): Promise<{ grant: Grant; title: string }> {
  const code = rawCode
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '')
  const now = deps.clock.now()
  const redeemed = await deps.db.transaction().execute(async (trx) => {
    const coupon = await trx.selectFrom('coupons').selectAll().where('code', '=', code).forUpdate().executeTakeFirst()
    if (!coupon || new Date(coupon.starts_at) > now) throw apiError('couponInvalid')
    if (coupon.ends_at && new Date(coupon.ends_at) <= now) throw apiError('couponExpired')
    const used = await trx.selectFrom('coupon_redemptions').select('code').where('code', '=', code).where('member_id', '=', memberId).executeTakeFirst()
    if (used) throw apiError('couponUsed')
    if (coupon.max_redemptions !== null && coupon.redeemed_count >= coupon.max_redemptions) throw apiError('couponExpired')
    const grant = await insertGrant(trx, {
      member_id: memberId,
      source: 'coupon',
      source_ref: `${code}:${memberId}`,
      reward: { kind: coupon.kind, coinType: coupon.coin_type, amount: coupon.amount, contentId: coupon.content_id },
      validDays: coupon.grant_valid_days,
      now,
    })
    await trx.insertInto('coupon_redemptions').values({ code, member_id: memberId, grant_id: grant.id, redeemed_at: now }).execute()
    await trx
      .updateTable('coupons')
      .set({ redeemed_count: coupon.redeemed_count + 1 })
      .where('code', '=', code)
      .execute()
    return { grant, title: textFor(coupon.texts, locale)?.title ?? '' }
  })
  // Outside the transaction: PGlite has one connection, which the transaction holds.
  const names = await contentNames(deps, [redeemed.grant.contentId], locale)
  return { ...redeemed, grant: { ...redeemed.grant, contentName: redeemed.grant.contentId ? (names.get(redeemed.grant.contentId) ?? null) : null } }
}

const previousDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10)

/** The member's last daily bonus claim (the day it counted, in the zone it counted it in). */
async function lastDailyBonus(db: Kysely<Database>, memberId: number): Promise<DailyBonusClaim | null> {
  const row = await db
    .selectFrom('daily_bonus_claims')
    .select(['day', 'time_zone', 'claimed_at'])
    .where('member_id', '=', memberId)
    .orderBy('claimed_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? { day: row.day, timeZone: row.time_zone, claimedAt: new Date(row.claimed_at) } : null
}

/** The daily bonus in the account's time zone (`accountTimeZone`, never a request's header: issue 33). */
export async function dailyBonusStatus(deps: AppDeps, memberId: number, timeZone: string): Promise<DailyBonusStatus> {
  const now = deps.clock.now()
  const today = readerDay(now, timeZone)
  const [claims, last] = await Promise.all([
    deps.db.selectFrom('daily_bonus_claims').select('day').where('member_id', '=', memberId).orderBy('day', 'desc').limit(60).execute(),
    lastDailyBonus(deps.db, memberId),
  ])
  const days = new Set(claims.map((claim) => claim.day))
  // Claimed when the last claim covers today, in this zone or the one it was made in.
  const claimedToday = !dailyBonusClaimable(last, now, timeZone)
  let streak = 0
  for (let day = days.has(today) ? today : previousDay(today); days.has(day); day = previousDay(day)) streak += 1
  return {
    today,
    claimedToday,
    streak,
    reward: { kind: DAILY_BONUS.kind, coinType: DAILY_BONUS.coinType, amount: DAILY_BONUS.amount, contentId: null, contentName: null },
  }
}

/** The inbox badges: gifts to claim (and how many expire within 24 hours, SPEC §9), unread messages. */
export async function inboxCounts(deps: AppDeps, memberId: number, locale: Locale): Promise<{ gifts: number; expiringSoon: number; messages: number }> {
  const [gifts, unread] = await Promise.all([
    listGifts(deps, memberId, locale, 'available'),
    deps.db
      .selectFrom('inbox_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ])
  return { gifts: gifts.length, expiringSoon: gifts.filter((gift) => gift.expiringSoon).length, messages: Number(unread.n) }
}

/**
 * One claim per day of the account's time zone (SPEC; issue 33). Claims of one member queue on
 * the member's row lock, so the second of two at once sees the first; the (member, day) key
 * refuses what would slip past it, and `dailyBonusClaimable` keeps a changed zone from opening a
 * day window already claimed in either zone.
 */
export async function claimDailyBonus(deps: AppDeps, memberId: number, timeZone: string): Promise<Grant> {
  const now = deps.clock.now()
  const today = readerDay(now, timeZone)
  return deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().executeTakeFirst()
    if (!dailyBonusClaimable(await lastDailyBonus(trx, memberId), now, timeZone)) throw apiError('dailyBonusClaimed')
    const grant = await insertGrant(trx, {
      member_id: memberId,
      source: 'daily_bonus',
      source_ref: `${memberId}:${today}`,
      reward: { kind: DAILY_BONUS.kind, coinType: DAILY_BONUS.coinType, amount: DAILY_BONUS.amount, contentId: null },
      validDays: DAILY_BONUS.validDays,
      now,
    })
    await trx.insertInto('daily_bonus_claims').values({ member_id: memberId, day: today, grant_id: grant.id, claimed_at: now, time_zone: timeZone }).execute()
    return grant
  })
}
