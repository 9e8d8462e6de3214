import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { ACCOUNT_LIMITS } from '@koma/contracts/server'
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
  // SPEC §7: uploads are sent raw. The bytes are checked by content (sharp), never by this type.
  app.addContentTypeParser(
    ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    { parseAs: 'buffer', bodyLimit: ACCOUNT_LIMITS.avatarBytes + 1024 },
    (_req, body, done) => done(null, body),
  )
  registerIdentityRoutes(app, deps)
  registerProfileRoutes(app, deps)
  registerIdpRoutes(app, deps)
  registerInboxRoutes(app, deps)
  registerSupportRoutes(app, deps)
}
