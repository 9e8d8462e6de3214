import { safeRedirect, type SocialProvider, type SocialSigninResult } from '@koma/contracts/server'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { HttpError } from '../../http/errors'
import { randomToken, sha256 } from '../../http/tokens'
import { readerTimeZone } from '../../http/readerTime'
import { publicOrigin } from '../../publicUrl'
import { emailTaken } from '../account/codes'
import { registerMember, signInNewMember } from '../account/registration'
import { discardGuest } from '../member/guest'
import { currentTermsVersion } from '../member/service'
import { endSession, forgetSession, sessionMember, startSession, type SessionMember } from '../session/session'
import { authorizationRequest, completeAuthorization } from './adapter'
import { callbackUri, usableProvider } from './providers'
import * as queries from './queries'
import { bindToBrowser, sameHash, STATE_MINUTES, takeBrowserBinding } from './state'

/** How long a social sign-up waits for its join form. */
const PENDING_SIGNUP_MS = 30 * 60 * 1000

/** A provider's configuration, or 404 when it is not available on this site (production without its client or the sandbox opt-in). */
export function configOf(deps: AppDeps, provider: SocialProvider) {
  const config = usableProvider(provider, deps.config.sandboxes.idp)
  if (!config) throw apiError('socialProviderUnavailable')
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
  if (typeof state !== 'string' || state.length < 10 || state.length > 200) throw apiError('socialSigninFailed')
  const row = await queries.takeOauthState(deps.db, state, provider)
  if (!row || new Date(row.expires_at) <= deps.clock.realNow() || row.purpose !== purpose) throw apiError('socialSigninFailed')
  if (!binding || !sameHash(row.browser_hash, binding)) throw apiError('socialSigninFailed')
  return row
}

type StateRow = Awaited<ReturnType<typeof takeState>>

async function identityFrom(deps: AppDeps, app: FastifyInstance, provider: SocialProvider, state: StateRow, code: unknown) {
  if (typeof code !== 'string' || !code || code.length > 500) throw apiError('socialSigninFailed')
  try {
    return await completeAuthorization(configOf(deps, provider), app, {
      redirectUri: state.redirect_uri,
      code,
      state: state.state,
      codeVerifier: state.code_verifier,
      nonce: state.nonce,
    })
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw apiError('socialSigninFailed')
  }
}

async function signInAs(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, memberId: number): Promise<void> {
  const previous = await sessionMember(deps, req)
  if (previous) {
    await endSession(deps, previous.sessionId)
    if (previous.guest && previous.memberId !== memberId) await discardGuest(deps, req, reply, previous.memberId)
    forgetSession(req)
  }
  await queries.touchSignIn(deps.db, memberId, deps.clock.now())
  await startSession(deps, req, reply, memberId, true)
}

export async function linkedAccounts(deps: AppDeps, memberId: number) {
  const rows = await queries.linkedAccountsOf(deps.db, memberId)
  return rows.map((row) => ({ provider: row.provider as SocialProvider, email: row.email, linkedAt: new Date(row.linked_at).toISOString() }))
}

/** Start an authorization at the provider: the one-time state is saved, bound to this browser. */
export async function authorize(
  deps: AppDeps,
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { provider: SocialProvider; purpose: 'signin' | 'link'; member: SessionMember | null; redirect: unknown },
): Promise<{ url: string }> {
  const config = configOf(deps, input.provider)
  const redirectUri = callbackUri(publicOrigin(deps), input.provider)
  const request = await authorizationRequest(config, app, redirectUri)
  const browserHash = bindToBrowser(deps, req, reply)
  const now = deps.clock.realNow()
  await queries.saveOauthState(
    deps.db,
    {
      state: request.state,
      provider: input.provider,
      purpose: input.purpose,
      member_id: input.member?.memberId ?? null,
      code_verifier: request.codeVerifier,
      nonce: request.nonce,
      redirect_uri: redirectUri,
      redirect: safeRedirect(input.redirect, input.purpose === 'link' ? '/account/userinfo' : '/'),
      browser_hash: browserHash,
      expires_at: new Date(now.getTime() + STATE_MINUTES * 60 * 1000),
    },
    now,
  )
  // The sandbox's pages are served by this API through the edge: a same-origin path.
  return { url: config.mode === 'sandbox' ? request.url.pathname + request.url.search : request.url.toString() }
}

/** A sign-in callback: the member linked to the identity is signed in, else a sign-up waits for its join form. */
export async function signInWithProvider(
  deps: AppDeps,
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  provider: SocialProvider,
  body: { state?: unknown; code?: unknown },
): Promise<SocialSigninResult> {
  const state = await takeState(deps, req, reply, provider, body.state, 'signin')
  const identity = await identityFrom(deps, app, provider, state, body.code)
  const linked = await queries.memberOfIdentity(deps.db, provider, identity.subject)
  if (linked) {
    await signInAs(deps, req, reply, linked.id)
    return { status: 'signedIn', userId: linked.id, redirect: state.redirect }
  }
  const pendingToken = randomToken(24)
  const nickname = (identity.name ?? identity.email?.split('@')[0] ?? 'Reader').slice(0, 20)
  await queries.savePendingSignup(deps.db, {
    token_hash: sha256(pendingToken),
    provider,
    subject: identity.subject,
    email: identity.email,
    nickname,
    redirect: state.redirect,
    expires_at: new Date(deps.clock.realNow().getTime() + PENDING_SIGNUP_MS),
  })
  return { status: 'joinRequired', pendingToken, provider, nickname, email: identity.email, redirect: state.redirect }
}

/** Finish a social sign-up with its join form (already checked). */
export async function joinWithProvider(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  pendingToken: unknown,
  form: { nickname: string; birthday: string; marketingAgree?: string },
) {
  if (typeof pendingToken !== 'string') throw apiError('signupSessionMissing')
  const pending = await queries.takePendingSignup(deps.db, sha256(pendingToken), deps.clock.realNow())
  if (!pending) throw apiError('signupSessionMissing')
  const now = deps.clock.now()
  const terms = await currentTermsVersion(deps)
  const email = pending.email && !(await emailTaken(deps.db, pending.email)) ? pending.email : null
  const current = await sessionMember(deps, req)
  const memberId = await deps.db.transaction().execute(async (trx) => {
    if (await queries.identityOwner(trx, pending.provider, pending.subject)) throw apiError('alreadyRegisteredSocial')
    const id = await registerMember(trx, current, {
      email,
      passwordHash: null,
      nickname: form.nickname,
      birthday: form.birthday,
      marketingAgree: form.marketingAgree === 'true',
      termsVersion: terms?.version ?? 0,
      now,
      timeZone: readerTimeZone(req),
    })
    await queries.linkIdentity(trx, { memberId: id, provider: pending.provider, subject: pending.subject, email: pending.email, now })
    return id
  })
  return signInNewMember(deps, req, reply, current, memberId)
}

/** A link callback: the identity joins the member who started the link (same browser, same account). */
export async function linkProvider(
  deps: AppDeps,
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  member: SessionMember,
  provider: SocialProvider,
  body: { state?: unknown; code?: unknown },
) {
  const state = await takeState(deps, req, reply, provider, body.state, 'link')
  if (state.member_id !== member.memberId) throw apiError('socialSigninFailed')
  const identity = await identityFrom(deps, app, provider, state, body.code)
  const owner = await queries.identityOwner(deps.db, provider, identity.subject)
  if (owner && owner.member_id !== member.memberId) throw apiError('alreadyRegisteredSocial')
  const mine = await queries.memberLinkTo(deps.db, member.memberId, provider)
  if (mine && mine.subject !== identity.subject) throw apiError('providerAlreadyLinked')
  const now = deps.clock.now()
  if (!mine) await queries.linkIdentity(deps.db, { memberId: member.memberId, provider, subject: identity.subject, email: identity.email, now })
  return { linked: { provider, email: identity.email, linkedAt: now.toISOString() }, redirect: state.redirect }
}

/** Unlink a provider, unless it is the member's last way to sign in. */
export async function unlinkProvider(deps: AppDeps, member: SessionMember, provider: SocialProvider) {
  const links = await queries.linkedAccountsOf(deps.db, member.memberId)
  if (!links.some((link) => link.provider === provider)) throw apiError('socialNotLinked')
  const row = await queries.passwordSignIn(deps.db, member.memberId)
  if ((!row.password_hash || !row.email) && links.length === 1) throw apiError('lastSignInMethod')
  await queries.unlinkIdentity(deps.db, member.memberId, provider)
  return { unlinked: true as const }
}
