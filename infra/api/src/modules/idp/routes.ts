import { endpoints, isSocialProvider, safeRedirect, type SocialProvider, type SocialSigninResult } from '@koma/contracts/server'
import { socialJoinSchema } from '@koma/contracts/validation'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/errors'
import { route } from '../../http/route'
import { checked, fail, publicOrigin, randomToken, sha256, today } from '../account/common'
import { emailTaken } from '../account/codes'
import { registerMember, signInNewMember } from '../account/registration'
import { discardGuest, requireFullMember } from '../member/guest'
import { currentTermsVersion } from '../member/service'
import { endSession, forgetSession, sessionMember, startSession } from '../member/session'
import { authorizationRequest, completeAuthorization } from './adapter'
import { availableProviders, callbackUri, usableProvider } from './providers'
import { registerCertificationSandboxRoutes, registerSandboxRoutes } from './sandbox'
import { bindToBrowser, sameHash, STATE_MINUTES, takeBrowserBinding } from './state'

function providerOf(value: string): SocialProvider {
  if (!isSocialProvider(value)) throw new HttpError(404, 'notFound')
  return value
}

/** A provider's configuration, or 404 when it is not available on this site (production without its client or the sandbox opt-in). */
function configOf(deps: AppDeps, provider: SocialProvider) {
  const config = usableProvider(provider, deps.config.sandboxes.idp)
  if (!config) throw new HttpError(404, 'socialProviderUnavailable')
  return config
}

/**
 * Take the one-time state of a callback (it names the provider, the purpose, the member who
 * started a link and the PKCE verifier). The state and the browser's binding cookie are spent
 * by the first attempt, whatever its outcome; a callback from a browser without the cookie set
 * at authorize (another browser, or none at all) is refused.
 */
async function takeState(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, provider: SocialProvider, state: unknown, purpose: 'signin' | 'link') {
  const binding = takeBrowserBinding(req, reply)
  if (typeof state !== 'string' || state.length < 10 || state.length > 200) throw fail(400, 'socialSigninFailed')
  const row = await deps.db.deleteFrom('oauth_states').where('state', '=', state).where('provider', '=', provider).returningAll().executeTakeFirst()
  if (!row || new Date(row.expires_at) <= deps.clock.realNow() || row.purpose !== purpose) throw fail(400, 'socialSigninFailed')
  if (!binding || !sameHash(row.browser_hash, binding)) throw fail(400, 'socialSigninFailed')
  return row
}

type StateRow = Awaited<ReturnType<typeof takeState>>

async function identityFrom(deps: AppDeps, app: FastifyInstance, provider: SocialProvider, state: StateRow, code: unknown) {
  if (typeof code !== 'string' || !code || code.length > 500) throw fail(400, 'socialSigninFailed')
  try {
    return await completeAuthorization(configOf(deps, provider), app, { redirectUri: state.redirect_uri, code, state: state.state, codeVerifier: state.code_verifier, nonce: state.nonce })
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw fail(400, 'socialSigninFailed')
  }
}

async function signInAs(deps: AppDeps, req: FastifyRequest, reply: Parameters<typeof startSession>[2], memberId: number): Promise<void> {
  const previous = await sessionMember(deps, req)
  if (previous) {
    await endSession(deps, previous.sessionId)
    if (previous.guest && previous.memberId !== memberId) await discardGuest(deps, previous.memberId)
    forgetSession(req)
  }
  await deps.db.updateTable('members').set({ last_signin_at: deps.clock.now() }).where('id', '=', memberId).execute()
  await startSession(deps, req, reply, memberId, true)
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
    const rows = await deps.db.selectFrom('external_accounts').selectAll().where('member_id', '=', member.memberId).orderBy('linked_at').execute()
    reply.header('cache-control', 'no-store')
    return {
      accounts: rows.map((row) => ({ provider: row.provider as SocialProvider, email: row.email, linkedAt: new Date(row.linked_at).toISOString() })),
      providers: availableProviders(deps.config.sandboxes.idp),
    }
  })

  route(app, deps, endpoints.idpAuthorize, async ({ params, query, req, reply }) => {
    const provider = providerOf(params.provider)
    const purpose = query.purpose === 'link' ? 'link' : 'signin'
    const member = purpose === 'link' ? await requireFullMember(deps, req) : null
    const config = configOf(deps, provider)
    const redirectUri = callbackUri(publicOrigin(deps), provider)
    const request = await authorizationRequest(config, app, redirectUri)
    const browserHash = bindToBrowser(deps, req, reply)
    await deps.db
      .insertInto('oauth_states')
      .values({
        state: request.state,
        provider,
        purpose,
        member_id: member?.memberId ?? null,
        code_verifier: request.codeVerifier,
        nonce: request.nonce,
        redirect_uri: redirectUri,
        redirect: safeRedirect(query.redirect, purpose === 'link' ? '/account/userinfo' : '/'),
        browser_hash: browserHash,
        expires_at: new Date(deps.clock.realNow().getTime() + STATE_MINUTES * 60 * 1000),
      })
      .execute()
    await deps.db.deleteFrom('oauth_states').where('expires_at', '<', deps.clock.realNow()).execute()
    reply.header('cache-control', 'no-store')
    // The sandbox's pages are served by this API through the edge: a same-origin path.
    const url = config.mode === 'sandbox' ? request.url.pathname + request.url.search : request.url.toString()
    return { url }
  })

  route(app, deps, endpoints.idpSignin, async ({ params, body, req, reply }): Promise<SocialSigninResult> => {
    const provider = providerOf(params.provider)
    const state = await takeState(deps, req, reply, provider, body.state, 'signin')
    const identity = await identityFrom(deps, app, provider, state, body.code)
    const linked = await deps.db
      .selectFrom('external_accounts')
      .innerJoin('members', 'members.id', 'external_accounts.member_id')
      .select('members.id')
      .where('external_accounts.provider', '=', provider)
      .where('external_accounts.subject', '=', identity.subject)
      .where('members.deleted_at', 'is', null)
      .executeTakeFirst()
    if (linked) {
      await signInAs(deps, req, reply, linked.id)
      return { status: 'signedIn', userId: linked.id, redirect: state.redirect }
    }
    const pendingToken = randomToken(24)
    const nickname = (identity.name ?? identity.email?.split('@')[0] ?? 'Reader').slice(0, 20)
    await deps.db
      .insertInto('pending_social_signups')
      .values({
        token_hash: sha256(pendingToken),
        provider,
        subject: identity.subject,
        email: identity.email,
        nickname,
        redirect: state.redirect,
        expires_at: new Date(deps.clock.realNow().getTime() + 30 * 60 * 1000),
      })
      .execute()
    return { status: 'joinRequired', pendingToken, provider, nickname, email: identity.email, redirect: state.redirect }
  })

  route(app, deps, endpoints.socialJoin, async ({ body, req, reply, locale }) => {
    const form = checked(socialJoinSchema, { ...body, email: '' }, locale, { today: today(deps, req) })
    if (typeof body.pendingToken !== 'string') throw fail(400, 'signupSessionMissing')
    const pending = await deps.db
      .deleteFrom('pending_social_signups')
      .where('token_hash', '=', sha256(body.pendingToken))
      .where('expires_at', '>', deps.clock.realNow())
      .returningAll()
      .executeTakeFirst()
    if (!pending) throw fail(400, 'signupSessionMissing')
    const now = deps.clock.now()
    const terms = await currentTermsVersion(deps)
    const email = pending.email && !(await emailTaken(deps.db, pending.email)) ? pending.email : null
    const current = await sessionMember(deps, req)
    const memberId = await deps.db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('external_accounts').select('member_id').where('provider', '=', pending.provider).where('subject', '=', pending.subject).executeTakeFirst()
      if (taken) throw fail(409, 'alreadyRegisteredSocial')
      const id = await registerMember(trx, current, {
        email,
        passwordHash: null,
        nickname: form.nickname,
        birthday: form.birthday,
        marketingAgree: form.marketingAgree === 'true',
        termsVersion: terms?.version ?? 0,
        now,
      })
      await trx.insertInto('external_accounts').values({ member_id: id, provider: pending.provider, subject: pending.subject, email: pending.email, linked_at: now }).execute()
      return id
    })
    return signInNewMember(deps, req, reply, current, memberId)
  })

  route(app, deps, endpoints.idpLink, async ({ params, body, req, reply }) => {
    const member = await requireFullMember(deps, req)
    const provider = providerOf(params.provider)
    const state = await takeState(deps, req, reply, provider, body.state, 'link')
    // The member finishing a link must be the one who started it (same browser, same account).
    if (state.member_id !== member.memberId) throw fail(400, 'socialSigninFailed')
    const identity = await identityFrom(deps, app, provider, state, body.code)
    const owner = await deps.db.selectFrom('external_accounts').select('member_id').where('provider', '=', provider).where('subject', '=', identity.subject).executeTakeFirst()
    if (owner && owner.member_id !== member.memberId) throw fail(409, 'alreadyRegisteredSocial')
    const mine = await deps.db.selectFrom('external_accounts').select('subject').where('member_id', '=', member.memberId).where('provider', '=', provider).executeTakeFirst()
    if (mine && mine.subject !== identity.subject) throw fail(409, 'providerAlreadyLinked')
    const now = deps.clock.now()
    if (!mine) await deps.db.insertInto('external_accounts').values({ member_id: member.memberId, provider, subject: identity.subject, email: identity.email, linked_at: now }).execute()
    return { linked: { provider, email: identity.email, linkedAt: now.toISOString() }, redirect: state.redirect }
  })

  route(app, deps, endpoints.idpUnlink, async ({ params, req }) => {
    const member = await requireFullMember(deps, req)
    const provider = providerOf(params.provider)
    const links = await deps.db.selectFrom('external_accounts').select('provider').where('member_id', '=', member.memberId).execute()
    if (!links.some((link) => link.provider === provider)) throw fail(404, 'socialNotLinked')
    const row = await deps.db.selectFrom('members').select(['password_hash', 'email']).where('id', '=', member.memberId).executeTakeFirstOrThrow()
    if ((!row.password_hash || !row.email) && links.length === 1) throw fail(400, 'lastSignInMethod')
    await deps.db.deleteFrom('external_accounts').where('member_id', '=', member.memberId).where('provider', '=', provider).execute()
    return { unlinked: true as const }
  })
}
