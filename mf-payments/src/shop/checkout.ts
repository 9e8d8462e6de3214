import type { CoinProduct, PurchaseInfo } from '@koma/contracts'

/**
 * What the shop page hands the checkout it shows (JapanCheckout, PaypalCheckout): the pack and
 * what to do when the payment ends. Its own file, so the checkouts do not import the page that
 * imports them.
 */
export interface CheckoutProps {
  product: CoinProduct
  onSuccess: (info: PurchaseInfo) => void
  onFailure: (message?: string) => void
}
