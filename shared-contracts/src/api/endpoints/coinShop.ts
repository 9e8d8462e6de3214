import type { Carrier, GlobalMethod, PurchaseInfo } from '../../domain/coinshop'
import { endpoint, type None } from '../endpoint'

/** SPEC §3 card info list entry: a card the member saved with the card payment service. */
export interface SavedCard {
  cardId: number
  brand: string
  last4: string
  /** MM/YY */
  expiry: string
  holderName: string
}

/** The PayPal JS SDK as the browser must load it (the local sandbox's stand-in, or PayPal's). */
export interface PaypalClientConfig {
  clientId: string
  environment: 'sandbox' | 'production'
  /** Where the SDK script is loaded from (`sdkBaseUrl` of the script options); null: PayPal's own. */
  sdkBaseUrl: string | null
  currency: 'USD'
}

/** A reserved order: its id, the provider's order id, and where to send the reader (redirect methods). */
export interface ReservedOrder {
  serviceOrderId: string
  orderId: string | null
  redirectUrl: string | null
}

export interface CardTokenApi {
  tokenApiKey: string
  /** The card token service (the browser posts the card there, never to our API). */
  tokenUrl: string
}

type Form = Record<string, string>

/** The coin shop (issue 6): orders, PayPal, the Japanese payment set, saved cards. SPEC §7 paths. */
export const coinShopEndpoints = {
  paypalClientConfig: endpoint<{ method: GlobalMethod }, None, None, PaypalClientConfig>('GET', '/coin/purchase/payment/token/:method'),
  paymentReserve: endpoint<{ method: string }, None, { productSeq: string; nextUrl?: string }, ReservedOrder>('POST', '/coin/purchase/payment/reserve/:method'),
  paymentExecute: endpoint<None, None, { serviceOrderId: string; token: string; orderId: string; PayerID?: string }, PurchaseInfo>(
    'POST',
    '/coin/purchase/payment/execute',
  ),
  paymentResultFinish: endpoint<None, None, { serviceOrderId: string }, PurchaseInfo>('POST', '/coin/purchase/payment/result/finish'),
  paymentResultCancel: endpoint<None, None, { serviceOrderId: string }, { serviceOrderId: string; state: 'cancelled' | 'finished' | 'failed' }>(
    'POST',
    '/coin/purchase/payment/result/cancel',
  ),
  cardInfo: endpoint<None, None, None, { cardInfo: SavedCard[]; emailOnFile: boolean }>('GET', '/coin/purchase/credit/cardinfo'),
  cardRegister: endpoint<None, None, { mdkToken: string; securityCode: string }, { cardInfo: SavedCard[] }>('POST', '/coin/purchase/credit/cardinfo/register'),
  cardDelete: endpoint<None, None, { cardId: string }, { cardInfo: SavedCard[] }>('POST', '/coin/purchase/credit/cardinfo/delete'),
  cardTokenApiKey: endpoint<None, None, None, CardTokenApi>('GET', '/coin/purchase/credit/token-api-key'),
  /** Reserve a card order (idempotency key for the charge): returns its transaction token. */
  creditReserve: endpoint<None, None, Form, { serviceOrderId: string; transactionToken: string }>('POST', '/coin/purchase/credit/reserve'),
  /** Charge a reserved card order (SPEC spells it "excute"). */
  creditExecute: endpoint<None, None, Form, PurchaseInfo>('POST', '/coin/purchase/credit/excute'),
  carrierReserve: endpoint<{ carrier: Carrier }, None, { productSeq: string; nextUrl?: string }, ReservedOrder>(
    'POST',
    '/coin/purchase/carrier/:carrier/reserve',
  ),
  carrierResult: endpoint<{ carrier: Carrier }, None, { serviceOrderId: string }, PurchaseInfo>('POST', '/coin/purchase/result/:carrier'),
  paypayReserve: endpoint<None, None, { productSeq: string; nextUrl?: string }, ReservedOrder>('POST', '/coin/purchase/paypay/reserve'),
} as const
