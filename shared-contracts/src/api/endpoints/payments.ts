import type { CoinProduct } from '../../domain/types'
import { endpoint, type None } from '../endpoint'

/** Coins and payments. */
export const paymentsEndpoints = {
  coinSalesConfig: endpoint<None, None, None, { products: CoinProduct[] }>('GET', '/coin/sales/config'),
} as const
