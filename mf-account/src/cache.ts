import { events, ownedCache } from '@koma/contracts'

/** The account area's cache keys. The profile carries the reader's inventory (coins, tickets). */
export const { useResource, invalidate } = ownedCache('mf_account', {
  'inventory:changed': ['account:profile'],
})

/** Coins or tickets were received here (coupon, gift, daily bonus): every balance shown anywhere reloads (the coin shop's too). */
export const reportRewardReceived = (): void => events.emit('inventory:changed', { contentId: null })
