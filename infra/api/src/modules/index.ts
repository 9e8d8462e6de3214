import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../deps'
import { registerAnalyticsRoutes } from './analytics/routes'
import { registerCatalogRoutes } from './catalog/routes'
import { registerAccountRoutes } from './account/routes'
import { registerCoinRoutes } from './coin/routes'
import { registerCoinShopRoutes } from './coinshop/routes'
import { registerCommentRoutes } from './comment/routes'
import { registerContentRoutes } from './content/routes'
import { registerFaketimeRoutes } from './debug/faketime'
import { registerHomeRoutes } from './home/routes'
import { registerIdpRoutes } from './idp/routes'
import { registerInboxRoutes } from './inbox/routes'
import { registerImageRoutes } from './image/routes'
import { registerMemberRoutes } from './member/routes'
import { registerOpsRoutes } from './ops/routes'
import { registerSupportRoutes } from './support/routes'
import { registerUnsubscribeRoutes } from './notify/unsubscribe'
import { registerSystemRoutes } from './system/routes'
import { registerViewerRoutes } from './viewer/routes'

/** Every domain module of the API. Each module = routes + service + queries. */
export function registerModules(app: FastifyInstance, deps: AppDeps): void {
  registerSystemRoutes(app, deps)
  registerAnalyticsRoutes(app, deps)
  registerFaketimeRoutes(app, deps)
  registerImageRoutes(app, deps)
  registerMemberRoutes(app, deps)
  registerAccountRoutes(app, deps)
  registerIdpRoutes(app, deps)
  registerInboxRoutes(app, deps)
  registerSupportRoutes(app, deps)
  registerUnsubscribeRoutes(app, deps)
  registerHomeRoutes(app, deps)
  registerCoinRoutes(app, deps)
  registerCoinShopRoutes(app, deps)
  registerCommentRoutes(app, deps)
  registerCatalogRoutes(app, deps)
  registerOpsRoutes(app, deps)
  registerViewerRoutes(app, deps)
  // Last: its `/:type/:id` patterns are the most general.
  registerContentRoutes(app, deps)
}
