import { accountEndpoints } from './endpoints/account'
import { catalogEndpoints, platformEndpoints } from './endpoints/catalog'
import { coinShopEndpoints } from './endpoints/coinShop'
import { communityEndpoints } from './endpoints/community'
import { paymentsEndpoints } from './endpoints/payments'
import { releaseEndpoints } from './endpoints/release'
import { viewerEndpoints } from './endpoints/viewer'

export * from './endpoint'
export type { ContentDetail, PagingQuery, SitemapTitle } from './endpoints/catalog'
export * from './endpoints/viewer'
export type { CardTokenApi, PaypalClientConfig, ReservedOrder, SavedCard } from './endpoints/coinShop'
export type { SocialSigninResult, SettingsUpdate } from './endpoints/account'
export type { AccessResult, ChapterAccessParams, CoinHistoryEntry, CoinHistoryPage, CoinHistoryTab, ExpiringCoins } from './endpoints/payments'
export type {
  ApiProcessHealth,
  ApiProcessReading,
  BucketCount,
  OpsHealth,
  ProcessFigures,
  QueueHealth,
  RemoteHealth,
  RequestCounts,
  VersionFigures,
  VitalsP75,
  AuditEntry,
  AuditPage,
  LegalBody,
  LegalVersionSummary,
  MaintenanceBody,
  OperatorStatus,
  ReleaseDone,
  ReleaseHealth,
  ReleasePackage,
  ReleaseVersion,
  OpsChapter,
  OpsChapterPages,
  OpsPage,
  PageDescriptionBody,
  OpsCoupon,
  OpsFaq,
  OpsGenre,
  OpsImported,
  OpsNotice,
  OpsMember,
  OpsReport,
  OpsTitle,
  OpsTitleSummary,
  ServiceState,
  TitleTextsBody,
  TotpEnrolment,
} from './endpoints/ops'
export type { CampaignBody, OpsGift, OpsHome, OpsHomeElement, OpsHomeSection, OpsPopup } from './endpoints/opsCampaigns'
export type { CommentAuthor, CommentList, ReportCategory, ReportConfig, ReportReceipt } from './endpoints/community'

/**
 * Every API endpoint the browser calls, one file per product area (api/endpoints/*.ts) so areas
 * add theirs without touching each other's. The operator console's endpoints are added in
 * serverEndpoints.ts (`@koma/contracts/server`), so they stay out of the browser's bundle.
 */
export const endpoints = {
  ...platformEndpoints,
  ...catalogEndpoints,
  ...viewerEndpoints,
  ...accountEndpoints,
  ...paymentsEndpoints,
  ...coinShopEndpoints,
  ...communityEndpoints,
  ...releaseEndpoints,
} as const

export type Endpoints = typeof endpoints
