import { coinInventoryOf, type Inventory } from '@koma/contracts/server'
import type { AppDeps } from '../../deps'
import { coinBalance } from './ledger'
import { anyTitleTicketCount, ensureGrantsBooked, gaugeState, subscribeRentalAvailable, ticketCount, titleRentsByGaugeOrTicket } from './stock'

/**
 * A signed-in reader's inventory for one title as the episode list shows it (SPEC §3): coins
 * from the ledger, the free-read gauge (last use by the API clock), tickets usable on this title,
 * and whether the one rent-with-subscribe rental of the title is still available.
 */
export async function memberInventory(
  deps: AppDeps,
  memberId: number | null,
  content: { id: number; gauge_usable: boolean; recover_interval: number },
): Promise<Inventory | null> {
  if (memberId === null) return null
  const now = deps.clock.now()
  await ensureGrantsBooked(deps, memberId)
  const [balance, readForFree, tickets, rentsByGaugeOrTicket, subscribeAvailable] = await Promise.all([
    coinBalance(deps.db, memberId, now),
    gaugeState(deps.db, memberId, content, now),
    ticketCount(deps.db, memberId, content.id, now),
    titleRentsByGaugeOrTicket(deps.db, content.id),
    subscribeRentalAvailable(deps.db, memberId, content.id),
  ])
  return { coin: coinInventoryOf(balance), readForFree, ticket: { amount: tickets }, rentWithSubscribe: rentsByGaugeOrTicket && subscribeAvailable }
}

/** The profile's inventory (SPEC §3 user profile): coins and tickets usable on any title. */
export async function profileInventory(deps: AppDeps, memberId: number): Promise<Inventory> {
  const now = deps.clock.now()
  await ensureGrantsBooked(deps, memberId)
  const [balance, tickets] = await Promise.all([coinBalance(deps.db, memberId, now), anyTitleTicketCount(deps.db, memberId, now)])
  return { coin: coinInventoryOf(balance), readForFree: { amount: 0, recoverRemained: 0 }, ticket: { amount: tickets }, rentWithSubscribe: false }
}
