import { methodCurrency, type PaymentMethod, type PurchaseInfo } from '@koma/contracts/server'
import { randomBytes } from 'node:crypto'
import type { AppDeps } from '../../deps'
import type { CoinOrdersTable } from '../../db/schema'
import { type HttpError } from '../../http/errors'
import { apiError } from '../../http/errorCatalogue'
import { creditCoins } from '../coin/ledger'
import type { CaptureOutcome } from './providers'

/**
 * Coin orders: reserved → finished | cancelled | failed, keyed by serviceOrderId. Reserve,
 * execute, result/finish and result/cancel are idempotent: the provider is asked first
 * (its calls are idempotent on the order), then one transaction moves the row out of
 * "reserved" and credits the coins; a second finish finds the row finished and credits nothing.
 */
export type OrderRow = CoinOrdersTable

export const newServiceOrderId = (): string => `KO${randomBytes(12).toString('hex').toUpperCase()}`

export const purchaseInfo = (order: OrderRow): PurchaseInfo => ({
  serviceOrderId: order.service_order_id,
  purchasedAmount: order.purchased_amount,
  freeAmount: order.free_amount,
  price: order.price,
  unit: order.currency,
})

/** A product on sale in the method's currency, or 404. */
export async function productFor(deps: AppDeps, productSeq: number, method: PaymentMethod) {
  const product = await deps.db
    .selectFrom('coin_products')
    .selectAll()
    .where('seq', '=', productSeq)
    .where('active', '=', true)
    .where('currency', '=', methodCurrency(method))
    .executeTakeFirst()
  if (!product) throw apiError('productNotOnSale')
  return product
}

export async function reserveOrder(deps: AppDeps, memberId: number, method: PaymentMethod, productSeq: number, provider: string): Promise<OrderRow> {
  const product = await productFor(deps, productSeq, method)
  const now = deps.clock.now()
  const row: OrderRow = {
    service_order_id: newServiceOrderId(),
    member_id: memberId,
    product_seq: product.seq,
    method,
    provider,
    provider_order_id: null,
    state: 'reserved',
    currency: product.currency,
    price: product.price,
    purchased_amount: product.purchased_amount,
    free_amount: product.free_amount,
    failure: null,
    created_at: now,
    updated_at: now,
    finished_at: null,
  }
  await deps.db.insertInto('coin_orders').values(row).execute()
  return row
}

export async function setProviderOrder(deps: AppDeps, serviceOrderId: string, providerOrderId: string): Promise<void> {
  await deps.db
    .updateTable('coin_orders')
    .set({ provider_order_id: providerOrderId, updated_at: deps.clock.now() })
    .where('service_order_id', '=', serviceOrderId)
    .execute()
}

/** The member's own order, or 404 (another member's order is not found either). */
export async function memberOrder(deps: AppDeps, memberId: number, serviceOrderId: unknown): Promise<OrderRow> {
  if (typeof serviceOrderId !== 'string' || !/^KO[0-9A-F]{24}$/.test(serviceOrderId)) throw apiError('invalidParameter', { field: 'serviceOrderId' })
  const order = await deps.db
    .selectFrom('coin_orders')
    .selectAll()
    .where('service_order_id', '=', serviceOrderId)
    .where('member_id', '=', memberId)
    .executeTakeFirst()
  if (!order) throw apiError('purchaseNotFound')
  return order
}

const declined = (): HttpError => apiError('transactionNotProcessed')

function settledOutcome(order: OrderRow): PurchaseInfo {
  if (order.state === 'finished') return purchaseInfo(order)
  if (order.state === 'failed') throw declined()
  if (order.state === 'cancelled') throw apiError('purchaseCancelled')
  throw apiError('purchaseInProgress')
}

/**
 * Finish an order with what its provider says. Coins are credited in the same transaction that
 * moves the order to "finished", exactly once (the ledger is also idempotent on reason + ref).
 */
export async function finishOrder(deps: AppDeps, order: OrderRow, ask: () => Promise<CaptureOutcome | { status: 'CANCELLED' }>): Promise<PurchaseInfo> {
  if (order.state !== 'reserved') return settledOutcome(order)
  const outcome = await ask()
  const now = deps.clock.now()
  const settled = await deps.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('coin_orders').selectAll().where('service_order_id', '=', order.service_order_id).forUpdate().executeTakeFirstOrThrow()
    if (current.state !== 'reserved') return current
    if (outcome.status === 'PENDING') return current
    const state = outcome.status === 'COMPLETED' ? 'finished' : outcome.status === 'CANCELLED' ? 'cancelled' : 'failed'
    const failure = outcome.status === 'DECLINED' ? outcome.reason.slice(0, 200) : null
    const updated = await trx
      .updateTable('coin_orders')
      .set({ state, failure, updated_at: now, finished_at: state === 'finished' ? now : null })
      .where('service_order_id', '=', current.service_order_id)
      .where('state', '=', 'reserved')
      .returningAll()
      .executeTakeFirstOrThrow()
    if (state === 'finished') {
      // Purchased coins and the pack's free bonus (non-expiring bonus coins, SPEC §4) in one
      // ledger movement, idempotent on ('order', serviceOrderId).
      await creditCoins(trx, {
        memberId: current.member_id,
        coinType: 'purchased',
        amount: current.purchased_amount,
        expiresAt: null,
        reason: 'order',
        ref: current.service_order_id,
        now,
        also: current.free_amount > 0 ? [{ coinType: 'bonus', amount: current.free_amount, expiresAt: null }] : [],
      })
    }
    return updated
  })
  return settledOutcome(settled)
}

/** Cancel a reserved order; a finished or failed one stays as it is. */
export async function cancelOrder(deps: AppDeps, order: OrderRow): Promise<OrderRow['state']> {
  if (order.state !== 'reserved') return order.state
  const updated = await deps.db
    .updateTable('coin_orders')
    .set({ state: 'cancelled', updated_at: deps.clock.now() })
    .where('service_order_id', '=', order.service_order_id)
    .where('state', '=', 'reserved')
    .returning('state')
    .executeTakeFirst()
  if (updated) return updated.state
  return (await deps.db.selectFrom('coin_orders').select('state').where('service_order_id', '=', order.service_order_id).executeTakeFirstOrThrow()).state
}
