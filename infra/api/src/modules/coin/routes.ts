import { endpoints } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { route } from '../../http/route'
import { sessionMember } from '../member/session'
import { coinBalance } from './ledger'

export function registerCoinRoutes(app: FastifyInstance, deps: AppDeps): void {
  // SPEC §1: Japanese pays in yen, every other language in US dollars.
  route(app, deps, endpoints.coinSalesConfig, async ({ locale, req, reply }) => {
    const currency = locale === 'ja' ? 'JPY' : 'USD'
    const rows = await deps.db
      .selectFrom('coin_products')
      .selectAll()
      .where('currency', '=', currency)
      .where('active', '=', true)
      .orderBy('sort', 'asc')
      .orderBy('seq', 'asc')
      .execute()
    // The reader's balance beside the packs (the shop shows it); null when signed out.
    const member = await sessionMember(deps, req)
    const balance = member ? await coinBalance(deps.db, member.memberId, deps.clock.now()) : null
    if (member) reply.header('cache-control', 'no-store')
    return {
      balance,
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
