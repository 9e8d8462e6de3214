import type { CoinBalance, CoinReason } from '../../domain/coins'
import type { AccessKind } from '../../domain/purchase'
import type { CoinInventory, CoinProduct } from '../../domain/types'
import { endpoint, type None } from '../endpoint'

/** Params of the chapter access calls (SPEC §7). */
export interface ChapterAccessParams {
  type: string
  id: string
  chapterId: string
}

/** What an unlock, unlock-all or rent did (SPEC §7 access calls). */
export interface AccessResult {
  contentId: number
  chapterIds: number[]
  kind: AccessKind
  via: 'coin' | 'ticket' | 'gauge' | 'subscribe'
  /** When the rental ends (null for owned chapters). */
  expiresAt: string | null
  /** 208 "already reported": the chapter was already readable; nothing was charged. */
  already: boolean
  /** Coins taken per type. */
  spent: Omit<CoinBalance, 'total'>
  /** Tickets taken. */
  ticketsUsed: number
  /** The reader's coins after the call. */
  coin: CoinInventory
}

export type CoinHistoryTab = 'used' | 'distributed' | 'all'

/** SPEC §3 coin history entry (plus its sequence number for paging and what it was for). */
export interface CoinHistoryEntry {
  seqNo: number
  /** purchase: bought coins; distribute: free or bonus coins given; use: spent; expire: expired unused. */
  type: 'purchase' | 'distribute' | 'use' | 'expire'
  /** Why the coins moved (domain/coins.ts). */
  reason: CoinReason
  /** Coins of the entry (positive), split into free (free + bonus) and purchased. */
  price: number
  free: number
  purchased: number
  /** The coins of this credit have expired (or the entry is an expiry). */
  expired: boolean
  /** The title the coins were spent on (or came back from), when there is one. */
  title: string | null
  contentId: number | null
  contentType: string | null
  createdAt: string
  /** When the credited coins expire (credits of expiring coins only). */
  expireAt: string | null
  /** The chapters bought or rented, by name. */
  description: string
}

export interface CoinHistoryPage {
  history: CoinHistoryEntry[]
  page: { hasNext: boolean; seqNo: number | null }
}

export interface ExpiringCoins {
  expireCoins: { amount: number; expireAt: string }[]
  coin: CoinInventory
}

/** Coins and payments: access with coins, tickets and the gauge; coin history; the faketime hook. */
export const paymentsEndpoints = {
  coinSalesConfig: endpoint<None, None, None, { products: CoinProduct[]; balance: CoinInventory | null }>('GET', '/coin/sales/config'),
  /** A one-time token every unlock, unlock-all and rent consumes (a replay never charges twice). */
  coinTransactionToken: endpoint<None, None, None, { token: string; expiresAt: string }>('POST', '/coin/transaction/token'),
  chapterUnlock: endpoint<ChapterAccessParams, None, { token: string; price: string; coinBackPrice?: string }, AccessResult>(
    'POST',
    '/:type/:id/chapter/:chapterId/unlock',
  ),
  chapterUnlockAll: endpoint<{ type: string; id: string }, None, { chapterIds: string[]; token: string; price: string; coinBackPrice?: string }, AccessResult>(
    'POST',
    '/:type/:id/chapter/unlock-all',
  ),
  chapterRentWithCoin: endpoint<ChapterAccessParams, None, { token: string; rentalPrice: string }, AccessResult>(
    'POST',
    '/:type/:id/chapter/:chapterId/rent-with-coin',
  ),
  chapterRentWithTicket: endpoint<ChapterAccessParams, None, { token: string; rentalPrice?: string }, AccessResult>(
    'POST',
    '/:type/:id/chapter/:chapterId/rent-with-ticket',
  ),
  chapterRentWithGauge: endpoint<ChapterAccessParams, None, { token: string; rentalPrice?: string }, AccessResult>(
    'POST',
    '/:type/:id/chapter/:chapterId/rent-with-gauge',
  ),
  chapterRentWithSubscribe: endpoint<ChapterAccessParams, None, { token: string; rentalPrice?: string }, AccessResult>(
    'POST',
    '/:type/:id/chapter/:chapterId/rent-with-subscribe',
  ),
  /** SPEC §7 GET /coin/history/used, /distributed, /all (optional lastRespondedSeqNo). */
  coinHistory: endpoint<{ tab: string }, { lastRespondedSeqNo?: string }, None, CoinHistoryPage>('GET', '/coin/history/:tab'),
  coinExpire: endpoint<None, None, None, ExpiringCoins>('GET', '/coin/expire'),
  /** SPEC §7 GET /coin/expire/{x}: the coins expiring within x days (1 to 365; anything else is a 404). */
  coinExpireWithin: endpoint<{ days: string }, None, None, ExpiringCoins & { days: number }>('GET', '/coin/expire/:days'),
  /** SPEC §7 debug hook (refused in production): move the API clock to `time` (ISO date or epoch ms). */
  debugFaketimeSet: endpoint<None, { time: string }, None, { now: string }>('POST', '/debug/faketime'),
  debugFaketimeClear: endpoint<None, None, None, { now: string }>('DELETE', '/debug/faketime'),
} as const
