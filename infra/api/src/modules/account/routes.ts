import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { registerIdentityRoutes } from './identity'
import { registerProfileRoutes } from './profile'

/**
 * Accounts (issue 5): sign-up, codes, passwords and e-mail; profile, settings, devices, deletion,
 * mature content and adult verification. Social accounts (idp), the inbox and support register
 * their own routes (modules/index.ts).
 */
export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerIdentityRoutes(app, deps)
  registerProfileRoutes(app, deps)
}
