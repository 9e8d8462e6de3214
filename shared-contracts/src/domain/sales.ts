import type { ChapterActivity, Inventory, SalesConfig } from './types'

export type SalesState = 'purchased' | 'free' | 'targetFree' | 'remained' | 'readNow' | 'waitForFree' | 'price'

/**
 * SPEC §4 chapter sales state, in its priority order: purchased if unlocked; free (targeted-free
 * under a free-increased event); remained while rent time remains; then for gauge or ticket
 * rentals: price when asked to show it, else read-now if a free read or a ticket is available,
 * wait-for-free if the gauge applies and none remain, else price; otherwise price.
 */
export function chapterSalesState(input: {
  salesConfig: SalesConfig
  activity: ChapterActivity
  /** The reader's inventory for this title; null when signed out (nothing available). */
  inventory: Inventory | null
  /** "price when a flag is passed": list screens that must show the coin price. */
  showPrice?: boolean
}): SalesState {
  const { salesConfig, activity, inventory } = input
  if (activity.unlocked) return 'purchased'
  if (salesConfig.free) return salesConfig.event?.type === 'free_increased' ? 'targetFree' : 'free'
  if (activity.rented && activity.rentRemained > 0) return 'remained'
  const byGauge = salesConfig.rentAllowedWith.includes('gauge')
  const byTicket = salesConfig.rentAllowedWith.includes('ticket')
  if (byGauge || byTicket) {
    if (input.showPrice) return 'price'
    const freeReads = byGauge && (inventory?.readForFree.amount ?? 0) > 0
    const tickets = byTicket && (inventory?.ticket.amount ?? 0) > 0
    if (freeReads || tickets) return 'readNow'
    if (byGauge) return 'waitForFree'
    return 'price'
  }
  return 'price'
}

/** SPEC §4 gauge percent: 100 with a free read available, else the share of the interval elapsed. */
export function gaugePercent(inventory: Pick<Inventory, 'readForFree'>, recoverInterval: number): number {
  if (inventory.readForFree.amount > 0) return 100
  if (recoverInterval <= 0) return 0
  const elapsed = recoverInterval - inventory.readForFree.recoverRemained
  return Math.min(100, Math.max(0, (elapsed / recoverInterval) * 100))
}
