import { remoteScreens } from '@koma/contracts'
import { PaymentsIntl } from './i18n/PaymentsIntl'

export const routes = remoteScreens('mf_payments', PaymentsIntl, {
  'payments.coinPurchase': () => import('./shop/CoinShopPage'),
  'payments.coinPurchaseResult': () => import('./shop/screens/ResultScreen'),
  'payments.coinPurchaseCancel': () => import('./shop/screens/CancelScreen'),
  'payments.coinPurchaseError': () => import('./shop/screens/ErrorScreen'),
  'payments.coinHistory': () => import('./history/CoinHistoryPage'),
})
