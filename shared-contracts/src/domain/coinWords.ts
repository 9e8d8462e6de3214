/** SPEC §3/§4 coin types: purchased coins never expire; bonus coins are non-expiring free coins. */
export type CoinType = 'purchased' | 'free' | 'bonus'

/*
 * The money words, declared once (issue 36), in this file of no imports (domain/coins.ts exports
 * them; account-types.ts imports them without a cycle): the ledger (`coin_movements`, `coin_ledger`,
 * `ticket_ledger`), the API's table types, the endpoints and the browser name coin movements
 * with these. A new reason goes here first; the type checker then finds every place that must
 * know it (the history page's texts among them).
 */

/** What a reward (a gift, a coupon, the daily bonus, the signup present) gives: coins or tickets. */
export type RewardKind = 'coin' | 'ticket'
/** The coins a reward gives: free (may expire) or bonus (non-expiring free coins); never purchased. */
export type RewardCoinType = Exclude<CoinType, 'purchased'>
/** Where a reward came from (`reward_grants.source`); also the reason of its ledger credit. */
export type RewardSource = 'gift' | 'coupon' | 'daily_bonus' | 'signup'

/** A coin movement: coins credited, spent, or expired unused. */
export type CoinMovementKind = 'credit' | 'spend' | 'expire'
/** Why coins were credited: a coin purchase (`order`), a reward, or coin-back on an unlock. */
export type CoinCreditReason = 'order' | 'coin_back' | RewardSource
/** Why coins were spent: one chapter unlocked, several at once (SPEC §4 select chapters), or a coin rental. */
export type CoinSpendReason = 'unlock' | 'unlock_all' | 'rent'
/** The `reason` of every coin movement and ledger row (and of a coin history entry). */
export type CoinReason = CoinCreditReason | CoinSpendReason | 'expire'
/** The ticket stock's reasons: a reward's credit, or a rental's use. */
export type TicketReason = RewardSource | 'rent'

/**
 * The access calls of SPEC §7 that take a one-time transaction token, as the browser names them
 * (after their endpoints: `chapterUnlockAll` is `unlockAll`; the analytics event `coin_used`
 * carries this name).
 */
export type AccessAction = 'unlock' | 'unlockAll' | 'rentWithCoin' | 'rentWithTicket' | 'rentWithGauge' | 'rentWithSubscribe'

/** The ledger reason an access call spends coins for (`unlockAll` is the ledger's `unlock_all`); null when it spends none. */
export const COIN_SPEND_REASON: Readonly<Record<AccessAction, CoinSpendReason | null>> = {
  unlock: 'unlock',
  unlockAll: 'unlock_all',
  rentWithCoin: 'rent',
  rentWithTicket: null,
  rentWithGauge: null,
  rentWithSubscribe: null,
}
