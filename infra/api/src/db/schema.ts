import type { AccountTables } from './tables/accounts'
import type { AnalyticsTables } from './tables/analytics'
import type { CampaignTables } from './tables/campaigns'
import type { CatalogueTables } from './tables/catalogue'
import type { DiscoveryTables } from './tables/catalog'
import type { CoinTables } from './tables/coins'
import type { CoinShopTables } from './tables/coinShop'
import type { CommunityTables } from './tables/community'
import type { LedgerTables } from './tables/ledger'
import type { MemberTables } from './tables/members'
import type { OpsTables } from './tables/ops'
import type { NotificationTables } from './tables/notifications'
import type { PlatformTables } from './tables/platform'
import type { ReadingTables } from './tables/reading'
import type { ViewerTables } from './tables/viewer'

export * from './tables/accounts'
export * from './tables/analytics'
export * from './tables/campaigns'
export * from './tables/catalogue'
export * from './tables/catalog'
export * from './tables/coins'
export * from './tables/coinShop'
export * from './tables/community'
export * from './tables/ledger'
export * from './tables/members'
export * from './tables/ops'
export * from './tables/notifications'
export * from './tables/platform'
export * from './tables/reading'
export * from './tables/viewer'

/**
 * Kysely's view of the database: one interface per product area in ./tables, mirroring the
 * migrations. An area adds its tables in its own file and one name here.
 */
export interface Database
  extends
    CatalogueTables,
    MemberTables,
    CoinTables,
    CommunityTables,
    ReadingTables,
    DiscoveryTables,
    ViewerTables,
    AccountTables,
    LedgerTables,
    PlatformTables,
    CoinShopTables,
    OpsTables,
    NotificationTables,
    AnalyticsTables,
    CampaignTables {}
