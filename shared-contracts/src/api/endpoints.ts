import { accountEndpoints } from './endpoints/account'
import { catalogEndpoints, platformEndpoints } from './endpoints/catalog'
import { coinShopEndpoints } from './endpoints/coinShop'
import { communityEndpoints } from './endpoints/community'
import { paymentsEndpoints } from './endpoints/payments'
import { viewerEndpoints } from './endpoints/viewer'

export * from './endpoint'
export type { ContentDetail, PagingQuery } from './endpoints/catalog'
export * from './endpoints/viewer'
export type { CardTokenApi, PaypalClientConfig, ReservedOrder, SavedCard } from './endpoints/coinShop'
export type { SocialSigninResult, SettingsUpdate } from './endpoints/account'
export type { AccessResult, ChapterAccessParams, CoinHistoryEntry, CoinHistoryPage, CoinHistoryTab, ExpiringCoins } from './endpoints/payments'
export type { CommentAuthor, CommentList, ReportCategory, ReportConfig, ReportReceipt } from './endpoints/community'

/**
 * Every API endpoint, one file per product area (api/endpoints/*.ts) so areas add theirs
 * without touching each other's.
 */
export const endpoints = {
  ...platformEndpoints,
  ...catalogEndpoints,
  ...viewerEndpoints,
  ...accountEndpoints,
  ...paymentsEndpoints,
  ...coinShopEndpoints,
  ...communityEndpoints,
} as const

export type Endpoints = typeof endpoints
