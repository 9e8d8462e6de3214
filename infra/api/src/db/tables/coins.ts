import type { ShopCurrency } from '@koma/contracts/server'
import type { Generated } from 'kysely'

export interface CoinProductsTable {
  seq: Generated<number>
  currency: ShopCurrency
  purchased_amount: number
  free_amount: number
  price: number
  sort: number
  active: boolean
}

/** Coin products. */
export interface CoinTables {
  coin_products: CoinProductsTable
}
