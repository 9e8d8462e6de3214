import { endpoints, isSocialProvider, type SocialProvider } from '@koma/contracts/server'
import { socialJoinSchema } from '@koma/contracts/validation'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { checked } from '../../http/checked'
import { apiError } from '../../http/errorCatalogue'
import { today } from '../../http/readerTime'
import { route } from '../../http/route'
import { requireFullMember } from '../member/guest'
import { availableProviders } from './providers'
import { registerCertificationSandboxRoutes, registerSandboxRoutes } from './sandbox'
import { authorize, joinWithProvider, linkedAccounts, linkProvider, signInWithProvider, unlinkProvider } from './service'

function providerOf(value: string): SocialProvider {
  if (!isSocialProvider(value)) throw apiError('notFound')
  return value
}

/**
 * Social sign-in, sign-up and linking through the one adapter. Sign-in with an identity no member
 * has answers joinRequired with a short-lived token; POST /member/mapping finishes the sign-up.
 */
export function registerIdpRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Sandboxes where anyone can claim any identity or birthday: the demo's, or production's only by opt-in.
  if (deps.config.sandboxes.idp) registerSandboxRoutes(app, deps)
  if (deps.config.sandboxes.certification) registerCertificationSandboxRoutes(app, deps)

  // The providers the sign-in and sign-up pages offer.
  route(app, deps, endpoints.idpProviders, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=300')
    return { providers: availableProviders(deps.config.sandboxes.idp) }
  })

  route(app, deps, endpoints.linkedAccounts, async ({ req, reply }) => {
    const member = await requireFullMember(deps, req)
    const accounts = await linkedAccounts(deps, member.memberId)
    reply.header('cache-control', 'no-store')
    return { accounts, providers: availableProviders(deps.config.sandboxes.idp) }
  })

  route(app, deps, endpoints.idpAuthorize, async ({ params, query, req, reply }) => {
    const provider = providerOf(params.provider)
    const purpose = query.purpose === 'link' ? 'link' : 'signin'
    const member = purpose === 'link' ? await requireFullMember(deps, req) : null
    const answer = await authorize(deps, app, req, reply, { provider, purpose, member, redirect: query.redirect })
    reply.header('cache-control', 'no-store')
    return answer
  })

  route(app, deps, endpoints.idpSignin, async ({ params, body, req, reply }) => signInWithProvider(deps, app, req, reply, providerOf(params.provider), body))

  route(app, deps, endpoints.socialJoin, async ({ body, req, reply, locale }) => {
    const form = checked(socialJoinSchema, { ...body, email: '' }, locale, { today: today(deps, req) })
    return joinWithProvider(deps, req, reply, body.pendingToken, form)
  })

  route(app, deps, endpoints.idpLink, async ({ params, body, req, reply }) => {
    const member = await requireFullMember(deps, req)
    return linkProvider(deps, app, req, reply, member, providerOf(params.provider), body)
  })

  route(app, deps, endpoints.idpUnlink, async ({ params, req }) => {
    const member = await requireFullMember(deps, req)
    return unlinkProvider(deps, member, providerOf(params.provider))
  })
}
