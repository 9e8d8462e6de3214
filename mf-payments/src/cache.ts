import { events, ownedCache } from '@koma/contracts'

/** The coin area's cache keys: balances, products, history, expiring coins, card info. */
export const { useResource, invalidate } = ownedCache('mf_payments', {
  'inventory:changed': ['coin-'],
})

/** Chapters were bought or rented: tell every area that shows access or balances. */
export function reportAccess(result: { contentId: number; chapterIds: number[] }): void {
  events.emit('access:changed', { contentId: result.contentId, chapterIds: result.chapterIds })
  events.emit('inventory:changed', { contentId: result.contentId })
}

/** Coins were bought: every balance shown anywhere reloads. */
export const reportCoinsBought = (): void => events.emit('inventory:changed', { contentId: null })
