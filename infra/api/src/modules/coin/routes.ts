import { endpoints } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { route } from '../../http/route'

export function registerCoinRoutes(app: FastifyInstance, deps: AppDeps): void {
  // SPEC §1: Japanese pays in yen, every other language in US dollars.
  route(app, deps, endpoints.coinSalesConfig, async ({ locale }) => {
    const currency = locale === 'ja' ? 'JPY' : 'USD'
    const rows = await deps.db
      .selectFrom('coin_products')
      .selectAll()
      .where('currency', '=', currency)
      .where('active', '=', true)
      .orderBy('sort', 'asc')
      .orderBy('seq', 'asc')
      .execute()
    return {
      products: rows.map((row) => ({
        seq: row.seq,
        purchasedAmount: row.purchased_amount,
        freeAmount: row.free_amount,
        price: row.price,
        currency: row.currency,
      })),
    }
  })
}
