import type { CoinType } from './coinWords'
import { canBuyWithCoin } from './purchase'
import type { ChapterSummary, CoinInventory } from './types'

// The money words (CoinType, CoinReason, RewardSource…): declared in the leaf file coinWords.ts, which
// account-types.ts imports too without a cycle; exported from here.
export * from './coinWords'

/** What is left of one credit (a "grant") of coins. */
export interface CoinGrant {
  id: number
  coinType: CoinType
  /** Coins still unspent in this grant. */
  remaining: number
  expiresAt: Date | null
}

export interface CoinBalance {
  free: number
  bonus: number
  purchased: number
  total: number
}

export const EMPTY_BALANCE: CoinBalance = { free: 0, bonus: 0, purchased: 0, total: 0 }

/** A grant counts while it has coins left and has not expired (expiry is exclusive: at expiresAt it is gone). */
export const grantIsLive = (grant: Pick<CoinGrant, 'remaining' | 'expiresAt'>, now: Date): boolean =>
  grant.remaining > 0 && (grant.expiresAt === null || grant.expiresAt.getTime() > now.getTime())

/** The balance by coin type of the live grants. */
export function balanceOf(grants: readonly CoinGrant[], now: Date): CoinBalance {
  const balance = { ...EMPTY_BALANCE }
  for (const grant of grants) {
    if (!grantIsLive(grant, now)) continue
    balance[grant.coinType] += grant.remaining
    balance.total += grant.remaining
  }
  return balance
}

/** SPEC §3 inventory coin: free = free + bonus coins. */
export const coinInventoryOf = (balance: CoinBalance): CoinInventory => ({
  freeAmount: balance.free + balance.bonus,
  purchasedAmount: balance.purchased,
  total: balance.total,
})

/**
 * SPEC §4 spending order as a sort key: expiring free or bonus coins first (soonest expiry
 * first), then non-expiring free or bonus, then purchased; ties by the older grant.
 */
function spendRank(grant: CoinGrant): [number, number, number] {
  if (grant.coinType === 'purchased') return [2, grant.expiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER, grant.id]
  if (grant.expiresAt !== null) return [0, grant.expiresAt.getTime(), grant.id]
  return [1, 0, grant.id]
}

export function spendingOrder(grants: readonly CoinGrant[], now: Date): CoinGrant[] {
  return grants
    .filter((grant) => grantIsLive(grant, now))
    .sort((a, b) => {
      const [x, y] = [spendRank(a), spendRank(b)]
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]
    })
}

export interface SpendAllocation {
  grantId: number
  coinType: CoinType
  amount: number
}

/**
 * Which grants pay `amount` coins, in SPEC §4's order. `short` is how many coins are missing
 * (0 when the live grants cover it; then nothing should be spent at all).
 */
export function allocateSpend(grants: readonly CoinGrant[], amount: number, now: Date): { allocations: SpendAllocation[]; short: number } {
  const allocations: SpendAllocation[] = []
  let left = amount
  for (const grant of spendingOrder(grants, now)) {
    if (left <= 0) break
    const take = Math.min(left, grant.remaining)
    allocations.push({ grantId: grant.id, coinType: grant.coinType, amount: take })
    left -= take
  }
  return left > 0 ? { allocations: [], short: left } : { allocations, short: 0 }
}

/** Coins about to expire, grouped by expiry time, soonest first (SPEC §3 expiring coins). */
export function expiringCoins(grants: readonly CoinGrant[], now: Date): { amount: number; expireAt: string }[] {
  const byTime = new Map<number, number>()
  for (const grant of grants) {
    if (!grantIsLive(grant, now) || grant.expiresAt === null) continue
    const at = grant.expiresAt.getTime()
    byTime.set(at, (byTime.get(at) ?? 0) + grant.remaining)
  }
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([at, amount]) => ({ amount, expireAt: new Date(at).toISOString() }))
}

/** GET /coin/expire/{x}: x is a window of whole days, 1 to this (SPEC §9 words free coins as expiring "within 30 days"). */
export const EXPIRY_WINDOW_MAX_DAYS = 365

/** The days of GET /coin/expire/{x}, or null when x is not a window (SPEC §5 number form: no sign, no leading zero). */
export function parseExpiryWindowDays(value: string): number | null {
  if (!/^[1-9][0-9]{0,2}$/.test(value)) return null
  const days = Number(value)
  return days <= EXPIRY_WINDOW_MAX_DAYS ? days : null
}

/** The entries of an expiring list that expire within `days` days of now (the window's end included). */
export function expiringWithin<T extends { expireAt: string }>(list: readonly T[], now: Date, days: number): T[] {
  const end = now.getTime() + days * 24 * 60 * 60 * 1000
  return list.filter((entry) => new Date(entry.expireAt).getTime() <= end)
}

/** SPEC §9: an expiring list of 10 or more entries is "long". */
export const EXPIRING_LIST_LONG = 10

/** A rental started now ends after the title's rental period (seconds). */
export const rentalEndsAt = (now: Date, rentalPeriodSeconds: number): Date => new Date(now.getTime() + rentalPeriodSeconds * 1000)

type UnlockableInput = Pick<ChapterSummary, 'salesConfig' | 'activity' | 'aborted'>

/**
 * Select-multiple-chapters (SPEC §4): a chapter can be picked when it is sold for coins and not
 * free, not already unlocked, not aborted. Chapters that are not pickable are shown disabled.
 */
export function chapterSelectable(chapter: UnlockableInput): boolean {
  const sales = chapter.salesConfig
  if (sales.free || chapter.activity.unlocked || chapter.aborted) return false
  return canBuyWithCoin(sales)
}

/** Total coins for an unlock-all of these chapters (their current prices). */
export const unlockAllPrice = (chapters: readonly Pick<ChapterSummary, 'salesConfig'>[]): number =>
  chapters.reduce((sum, chapter) => sum + chapter.salesConfig.price, 0)

/** Total coin-back (bonus coins given back) of these chapters. */
export const unlockAllCoinBack = (chapters: readonly Pick<ChapterSummary, 'salesConfig'>[]): number =>
  chapters.reduce((sum, chapter) => sum + chapter.salesConfig.coinBackPrice, 0)

/**
 * Select or deselect all (SPEC §4): "select all" picks every selectable chapter; when they are
 * all picked already it clears the selection. Disabled when nothing is selectable.
 */
export function toggleSelectAll(selectableIds: readonly number[], selected: ReadonlySet<number>): Set<number> {
  const all = selectableIds.length > 0 && selectableIds.every((id) => selected.has(id))
  return all ? new Set() : new Set(selectableIds)
}

/** SPEC §9 select-all scroll offset: 88 px, 56 px on screens up to 767 px wide. */
export const SELECT_ALL_SCROLL_OFFSET = { wide: 88, narrow: 56, narrowMaxWidth: 767 } as const

export const selectAllScrollOffset = (viewportWidth: number): number =>
  viewportWidth <= SELECT_ALL_SCROLL_OFFSET.narrowMaxWidth ? SELECT_ALL_SCROLL_OFFSET.narrow : SELECT_ALL_SCROLL_OFFSET.wide

/**
 * Where select-all scrolls to (SPEC §9): the first selectable chapter's top, less the offset, so
 * the reader sees where the selection starts with room above it; never above the top.
 */
export const selectAllScrollTop = (targetTop: number, viewportWidth: number): number =>
  Math.max(0, Math.round(targetTop - selectAllScrollOffset(viewportWidth)))
