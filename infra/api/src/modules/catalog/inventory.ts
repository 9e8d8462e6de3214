import { gaugeAfterUse, type Inventory } from '@koma/contracts/server'
import type { AppDeps } from '../../deps'

/**
 * A signed-in reader's inventory for one title as the episode list shows it. The free-read gauge
 * comes from the reader's last gauge rental of this title (chapter_access, via gauge); tickets,
 * coins and subscriptions are payments' (issue 6) and read as empty until it records them.
 */
export async function memberInventory(deps: AppDeps, memberId: number | null, content: { id: number; gauge_usable: boolean; recover_interval: number }): Promise<Inventory | null> {
  if (memberId === null) return null
  const last = content.gauge_usable
    ? await deps.db
        .selectFrom('chapter_access')
        .select('created_at')
        .where('member_id', '=', memberId)
        .where('content_id', '=', content.id)
        .where('via', '=', 'gauge')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined
  const readForFree = content.gauge_usable ? gaugeAfterUse(last?.created_at ? new Date(last.created_at) : null, deps.clock.now(), content.recover_interval) : { amount: 0, recoverRemained: 0 }
  return { coin: { freeAmount: 0, purchasedAmount: 0, total: 0 }, readForFree, ticket: { amount: 0 }, rentWithSubscribe: false }
}
