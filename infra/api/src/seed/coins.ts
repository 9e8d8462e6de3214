import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { bookRewardGrant } from '../modules/coin/stock'

const DAY = 86_400_000

/**
 * The seeded reader's coins, through the same reward grants and ledger as a real reader's: the
 * anniversary gift they claimed (10 bonus coins, which never expire) and their sign-up coins
 * (15 free coins valid 30 days, so they expire three days from the seed's "now": the coin
 * history and the expiring-coins list have something to show). Returns the coins credited.
 */
export async function insertStartingCoins(db: Kysely<Database>, seededId: number, now: Date): Promise<number> {
  const anniversary = await db
    .selectFrom('inbox_gifts')
    .select(['id', 'amount', 'coin_type', 'claimed_at'])
    .where('member_id', '=', seededId)
    .where('claimed_at', 'is not', null)
    .where('kind', '=', 'coin')
    .orderBy('id')
    .executeTakeFirst()
  const joined = new Date(now.getTime() - 27 * DAY)
  const grants = [
    ...(anniversary?.claimed_at
      ? [
          {
            source: 'gift' as const,
            source_ref: String(anniversary.id),
            coin_type: anniversary.coin_type ?? ('bonus' as const),
            amount: anniversary.amount,
            expires_at: null,
            created_at: new Date(anniversary.claimed_at),
          },
        ]
      : []),
    {
      source: 'signup' as const,
      source_ref: String(seededId),
      coin_type: 'free' as const,
      amount: 15,
      expires_at: new Date(joined.getTime() + 30 * DAY),
      created_at: joined,
    },
  ]
  let total = 0
  for (const grant of grants) {
    const row = await db
      .insertInto('reward_grants')
      .values({ member_id: seededId, kind: 'coin', content_id: null, ...grant })
      .onConflict((oc) => oc.columns(['source', 'source_ref']).doNothing())
      .returningAll()
      .executeTakeFirst()
    if (!row) continue
    await bookRewardGrant(db, row, now)
    total += row.amount
  }
  return total
}
