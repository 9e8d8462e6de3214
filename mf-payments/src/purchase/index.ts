/**
 * The purchase flow's face to the rest of mf-payments (issue 36: a feature folder imports another
 * only through its index): the coin shop replays the purchase a reader could not pay (SPEC §4).
 */
export { peekPendingPurchase, replayPendingPurchase } from './pending'
