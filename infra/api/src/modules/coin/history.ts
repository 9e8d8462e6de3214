import {
  coinInventoryOf,
  expiringWithin,
  type CoinHistoryEntry,
  type CoinHistoryPage,
  type CoinHistoryTab,
  type ExpiringCoins,
  type Locale,
} from '@koma/contracts/server'
import type { AppDeps } from '../../deps'
import { FALLBACK_LANGS, pickLocalized, textFor } from '../titles/texts'
import { bookExpiries, coinBalance, lockWallet, memberExpiringCoins } from './ledger'
import { bookPendingGrants } from './stock'

/** A coupon grant's `source_ref` is `CODE:memberId` (inbox/service.ts): its code. */
const couponCodeOf = (sourceRef: string): string => sourceRef.split(':')[0] ?? sourceRef

/** The gift or coupon a reward credit came from, by its title in the reader's language (movement id → title). */
async function rewardTitles(deps: AppDeps, movements: { id: number; kind: string; ref: string }[], locale: Locale): Promise<Map<number, string>> {
  const grantOf = new Map<number, number>()
  for (const movement of movements) {
    const match = movement.kind === 'credit' ? /^grant:(\d+)$/.exec(movement.ref) : null
    if (match) grantOf.set(Number(movement.id), Number(match[1]))
  }
  const titles = new Map<number, string>()
  if (grantOf.size === 0) return titles
  const grants = await deps.db
    .selectFrom('reward_grants')
    .select(['id', 'source', 'source_ref'])
    .where('id', 'in', [...grantOf.values()])
    .execute()
  const giftIds = grants.filter((grant) => grant.source === 'gift' && /^\d+$/.test(grant.source_ref)).map((grant) => Number(grant.source_ref))
  const codes = grants.filter((grant) => grant.source === 'coupon').map((grant) => couponCodeOf(grant.source_ref))
  const [gifts, coupons] = await Promise.all([
    giftIds.length ? deps.db.selectFrom('inbox_gifts').select(['id', 'texts']).where('id', 'in', giftIds).execute() : [],
    codes.length ? deps.db.selectFrom('coupons').select(['code', 'texts']).where('code', 'in', codes).execute() : [],
  ])
  const giftTitle = new Map(gifts.map((gift) => [Number(gift.id), textFor(gift.texts, locale)?.title]))
  const couponTitle = new Map(coupons.map((coupon) => [coupon.code, textFor(coupon.texts, locale)?.title]))
  const byGrant = new Map<number, string | undefined>(
    grants.map((grant) => [
      Number(grant.id),
      grant.source === 'gift'
        ? giftTitle.get(Number(grant.source_ref))
        : grant.source === 'coupon'
          ? couponTitle.get(couponCodeOf(grant.source_ref))
          : undefined,
    ]),
  )
  for (const [movementId, grantId] of grantOf) {
    const title = byGrant.get(grantId)
    if (title) titles.set(movementId, title)
  }
  return titles
}

/** SPEC §9 list page size. */
export const HISTORY_PAGE_SIZE = 20

export const HISTORY_TABS: readonly CoinHistoryTab[] = ['used', 'distributed', 'all']

/** Book what is due (unbooked reward grants, expired remainders) so the history and balance agree. */
async function settle(deps: AppDeps, memberId: number, now: Date): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await lockWallet(trx, memberId)
    await bookPendingGrants(trx, memberId, now)
    await bookExpiries(trx, memberId, now)
  })
}

/**
 * SPEC §3/§7 coin history: used (spent and expired), distributed (free and bonus coins given),
 * or all, newest first, 20 a page; the next page starts below `lastRespondedSeqNo`.
 */
export async function coinHistory(deps: AppDeps, memberId: number, tab: CoinHistoryTab, lastSeqNo: number | null, locale: Locale): Promise<CoinHistoryPage> {
  const now = deps.clock.now()
  await settle(deps, memberId, now)
  let query = deps.db.selectFrom('coin_movements').selectAll().where('member_id', '=', memberId)
  if (tab === 'used') query = query.where('kind', 'in', ['spend', 'expire'])
  if (tab === 'distributed') query = query.where('kind', '=', 'credit').where('reason', '<>', 'order')
  if (lastSeqNo !== null) query = query.where('id', '<', lastSeqNo)
  const movements = await query
    .orderBy('id', 'desc')
    .limit(HISTORY_PAGE_SIZE + 1)
    .execute()
  const hasNext = movements.length > HISTORY_PAGE_SIZE
  const page = movements.slice(0, HISTORY_PAGE_SIZE)
  const last = page.at(-1)
  if (last === undefined) return { history: [], page: { hasNext: false, seqNo: null } }

  const ids = page.map((movement) => movement.id)
  const contentIds = [...new Set(page.map((movement) => movement.content_id).filter((id): id is number => id !== null))]
  const chapterIds = [...new Set(page.flatMap((movement) => movement.chapter_ids.map(Number)))]
  const langs = FALLBACK_LANGS(locale)
  const [rows, contents, contentTexts, chapterTexts] = await Promise.all([
    deps.db.selectFrom('coin_ledger').select(['movement_id', 'coin_type', 'amount', 'expires_at']).where('movement_id', 'in', ids).execute(),
    contentIds.length ? deps.db.selectFrom('contents').select(['id', 'type']).where('id', 'in', contentIds).execute() : [],
    contentIds.length
      ? deps.db.selectFrom('content_texts').select(['content_id', 'lang', 'name']).where('content_id', 'in', contentIds).where('lang', 'in', langs).execute()
      : [],
    chapterIds.length
      ? deps.db.selectFrom('chapter_texts').select(['chapter_id', 'lang', 'name']).where('chapter_id', 'in', chapterIds).where('lang', 'in', langs).execute()
      : [],
  ])
  const rewardTitleOf = await rewardTitles(deps, page, locale)
  const typeOf = new Map(contents.map((row) => [Number(row.id), row.type]))
  const titleOf = pickLocalized(contentTexts, (row) => Number(row.content_id), locale)
  const chapterOf = pickLocalized(chapterTexts, (row) => Number(row.chapter_id), locale)
  const history: CoinHistoryEntry[] = page.map((movement) => {
    const own = rows.filter((row) => Number(row.movement_id) === Number(movement.id))
    let free = 0
    let purchased = 0
    let expireAt: Date | null = null
    for (const row of own) {
      const amount = Math.abs(Number(row.amount))
      if (row.coin_type === 'purchased') purchased += amount
      else free += amount
      if (movement.kind === 'credit' && row.expires_at) {
        const at = new Date(row.expires_at)
        if (!expireAt || at < expireAt) expireAt = at
      }
    }
    const type: CoinHistoryEntry['type'] =
      movement.kind === 'spend' ? 'use' : movement.kind === 'expire' ? 'expire' : movement.reason === 'order' ? 'purchase' : 'distribute'
    const contentId = movement.content_id === null ? null : Number(movement.content_id)
    return {
      seqNo: Number(movement.id),
      type,
      reason: movement.reason,
      price: free + purchased,
      free,
      purchased,
      expired: type === 'expire' || (expireAt !== null && expireAt.getTime() <= now.getTime()),
      title: contentId !== null ? (titleOf.get(contentId)?.name ?? null) : (rewardTitleOf.get(Number(movement.id)) ?? null),
      contentId,
      contentType: contentId !== null ? (typeOf.get(contentId) ?? null) : null,
      createdAt: new Date(movement.created_at).toISOString(),
      expireAt: expireAt ? expireAt.toISOString() : null,
      description: movement.chapter_ids
        .map((id) => chapterOf.get(Number(id))?.name)
        .filter(Boolean)
        .join(', '),
    }
  })
  return { history, page: { hasNext, seqNo: Number(last.id) } }
}

/** SPEC §7 GET /coin/expire: the reader's expiring coins (soonest first) and balance. */
export async function coinExpire(deps: AppDeps, memberId: number): Promise<ExpiringCoins> {
  const now = deps.clock.now()
  await settle(deps, memberId, now)
  const [expireCoins, balance] = await Promise.all([memberExpiringCoins(deps.db, memberId, now), coinBalance(deps.db, memberId, now)])
  return { expireCoins, coin: coinInventoryOf(balance) }
}

/** GET /coin/expire/{x}: the coins of GET /coin/expire that expire within `days` days (soonest first). */
export async function coinExpireWithin(deps: AppDeps, memberId: number, days: number): Promise<ExpiringCoins & { days: number }> {
  const all = await coinExpire(deps, memberId)
  return { ...all, expireCoins: expiringWithin(all.expireCoins, deps.clock.now(), days), days }
}
