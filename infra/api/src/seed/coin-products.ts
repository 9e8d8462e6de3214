import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { insertAll } from './batch'

/** Coin packs: [purchased, bonus, price in minor units (cents for USD, yen for JPY)]. */
const PACKS: Record<'USD' | 'JPY', [number, number, number][]> = {
  USD: [
    [100, 0, 99],
    [300, 15, 299],
    [500, 50, 499],
    [1000, 150, 999],
    [3000, 600, 2999],
    [5000, 1250, 4999],
  ],
  JPY: [
    [100, 0, 120],
    [300, 15, 370],
    [500, 50, 610],
    [1000, 150, 1220],
    [3000, 600, 3680],
    [5000, 1250, 6100],
  ],
}

/** Writes the coin packs unless some are already on sale. */
export async function insertCoinProducts(db: Kysely<Database>): Promise<number> {
  if (await db.selectFrom('coin_products').select('seq').limit(1).executeTakeFirst()) return 0
  const rows = (['USD', 'JPY'] as const).flatMap((currency) =>
    PACKS[currency].map(([purchased, free, price], i) => ({ currency, purchased_amount: purchased, free_amount: free, price, sort: i + 1, active: true })),
  )
  await insertAll(db, 'coin_products', rows)
  return rows.length
}
