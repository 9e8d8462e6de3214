import type { CoinInventory, CoinProduct } from '../../domain/types'
import { endpoint, type None } from '../endpoint'

/** Coins and payments. */
export const paymentsEndpoints = {
  coinSalesConfig: endpoint<None, None, None, { products: CoinProduct[]; balance: CoinInventory | null }>('GET', '/coin/sales/config'),
} as const
