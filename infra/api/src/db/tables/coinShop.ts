import type { PaymentMethod, ShopCurrency } from '@koma/contracts/server'
import type { Generated } from 'kysely'

export type CoinOrderState = 'reserved' | 'finished' | 'cancelled' | 'failed'

export interface CoinOrdersTable {
  service_order_id: string
  member_id: number
  product_seq: number
  method: PaymentMethod
  provider: string
  provider_order_id: string | null
  state: CoinOrderState
  currency: ShopCurrency
  price: number
  purchased_amount: number
  free_amount: number
  failure: string | null
  created_at: Date
  updated_at: Date
  finished_at: Date | null
}

export interface SavedCardsTable {
  id: Generated<number>
  member_id: number
  provider: string
  provider_card_id: string
  brand: string
  last4: string
  expiry: string
  holder_name: string
  created_at: Date
  deleted_at: Date | null
}

export interface SandboxPaymentOrdersTable {
  id: string
  kind: 'paypal' | 'card' | 'redirect'
  method: string
  reference: string
  amount: number
  currency: string
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED' | 'DECLINED'
  payer_id: string | null
  card_last4: string | null
  card_declines: Generated<boolean>
  return_url: string | null
  cancel_url: string | null
  created_at: Date
  updated_at: Date
}

export interface SandboxCardTokensTable {
  token: string
  card_id: string | null
  brand: string
  last4: string
  expiry: string
  holder_name: string
  declines: boolean
  expires_at: Date
  used_at: Date | null
  created_at: Date
}

/** The coin shop (issue 6b): orders, saved cards, local sandbox payment services. */
export interface CoinShopTables {
  coin_orders: CoinOrdersTable
  saved_cards: SavedCardsTable
  sandbox_payment_orders: SandboxPaymentOrdersTable
  sandbox_card_tokens: SandboxCardTokensTable
}
