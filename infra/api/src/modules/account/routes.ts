import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { registerIdpRoutes } from '../idp/routes'
import { registerInboxRoutes } from '../inbox/routes'
import { registerSupportRoutes } from '../support/routes'
import { registerIdentityRoutes } from './identity'
import { registerProfileRoutes } from './profile'

/**
 * Everything of issue 5 (accounts): sign-up, codes, passwords and e-mail; profile, settings,
 * devices, deletion, mature content and adult verification; social accounts with the sandbox
 * identity provider; inbox, coupons, daily bonus; inquiries and documents.
 */
export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerIdentityRoutes(app, deps)
  registerProfileRoutes(app, deps)
  registerIdpRoutes(app, deps)
  registerInboxRoutes(app, deps)
  registerSupportRoutes(app, deps)
}
