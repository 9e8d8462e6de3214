import { remoteScreens } from '@koma/contracts'
import { PaymentsIntl } from './i18n/PaymentsIntl'

export const routes = remoteScreens(PaymentsIntl, {
  'payments.coinPurchase': () => import('./shop/CoinShopPage'),
  'payments.coinHistory': () => import('./history/CoinHistoryPage'),
})
