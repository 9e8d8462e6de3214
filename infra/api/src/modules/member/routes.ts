import { endpoints, type Locale } from '@koma/contracts/server'
import { signinSchema, validate } from '@koma/contracts/validation'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError, invalidInput, tooManyRequests } from '../../http/errorCatalogue'
import { readerAddress } from '../../http/rateLimit'
import { route } from '../../http/route'
import { discardGuest, memberOrGuest } from './guest'
import { issueSigninKey, openSealedPayload } from './rsa'
import { checkCredentials, foregroundState, loadProfile } from './service'
import { accountTimeZone, readerTimeZone } from '../../http/readerTime'
import { coinExpire } from '../coin/history'
import { rememberReader } from '../notify/service'
import { countSigninAttempt, purgeSigninAttempts, signinSucceeded } from './signinLock'
import { clearSessionCookies, endSession, forgetSession, requireMember, sessionMember, startSession } from '../session/session'

export function registerMemberRoutes(app: FastifyInstance, deps: AppDeps): void {
  purgeSigninAttempts(app, deps)
  route(app, deps, endpoints.rsaKey, async ({ reply }) => {
    reply.header('cache-control', 'no-store')
    return issueSigninKey(deps.db, deps.clock)
  })

  route(
    app,
    deps,
    endpoints.signin,
    async ({ body, req, reply, locale }) => {
      const [emailError] = validate(signinSchema.extract('email'), body.email, locale).errors
      if (emailError) throw invalidInput(emailError.message)
      if (typeof body.sessionKey !== 'string' || typeof body.rsaEncryptedString !== 'string') {
        throw apiError('invalidParameter', { field: 'rsaEncryptedString' })
      }
      const email = body.email.trim().toLowerCase()
      const address = readerAddress(req)
      // Counted before the password is compared: past the lock, nothing is compared at all.
      const attempt = await countSigninAttempt(deps, email, address)
      if (!attempt.allowed) throw tooManyRequests(attempt.retryAfterSeconds, 'signinLocked')
      const payload = await openSealedPayload<{ sessionKey: string; password: string }>(deps.db, deps.clock, body.sessionKey, body.rsaEncryptedString)
      if (!payload || typeof payload.password !== 'string') throw apiError('invalidParameter', { field: 'sessionKey' })
      const memberId = await checkCredentials(deps, email, payload.password)
      if (memberId === null) throw apiError('incorrectEmailOrPassword')
      await signinSucceeded(deps, email, address)
      const now = deps.clock.now()
      // SPEC §4: signing in from a guest discards the guest's data; any other session here ends.
      const previous = await sessionMember(deps, req)
      if (previous) {
        await endSession(deps, previous.sessionId)
        if (previous.guest) await discardGuest(deps, req, reply, previous.memberId)
        forgetSession(req)
      }
      await deps.db.updateTable('members').set({ last_signin_at: now }).where('id', '=', memberId).execute()
      const { sessionId } = await startSession(deps, req, reply, memberId, body.stayLogged === 'true')
      return { sessionToken: `s${sessionId}`, userId: memberId }
    },
    { limit: 'signin' },
  )

  /** The caller's own profile (401 without a session); notifications follow its language and time zone. */
  const ownProfile = async (req: FastifyRequest, reply: FastifyReply, locale: Locale) => {
    const member = await requireMember(deps, req)
    const profile = await loadProfile(deps, member.memberId)
    if (!profile) {
      clearSessionCookies(req, reply)
      throw apiError('authenticationError')
    }
    // The page asks for the profile on every start: notifications follow the member's language and time zone.
    await rememberReader(deps, member.memberId, locale, readerTimeZone(req))
    reply.header('cache-control', 'no-store')
    return { member, profile }
  }

  route(app, deps, endpoints.profile, async ({ req, reply, locale }) => (await ownProfile(req, reply, locale)).profile)

  // SPEC §7 POST /member/profile: the same, plus SPEC §3's expireCoins (the app's start-up profile).
  route(app, deps, endpoints.profileRefresh, async ({ req, reply, locale }) => {
    const { member, profile } = await ownProfile(req, reply, locale)
    const { expireCoins } = await coinExpire(deps, member.memberId)
    return { ...profile, expireCoins }
  })

  // SPEC §7 POST /app/foregrounded: members and guests; a caller without a session has nothing to refresh (401).
  route(app, deps, endpoints.appForegrounded, async ({ req, reply, locale }) => {
    const member = await requireMember(deps, req)
    await rememberReader(deps, member.memberId, locale, readerTimeZone(req))
    reply.header('cache-control', 'no-store')
    const timeZone = await accountTimeZone(deps, member.memberId, req)
    return foregroundState(deps, { memberId: member.memberId, sessionId: member.sessionId, guest: member.guest, locale, timeZone })
  })

  route(app, deps, endpoints.signout, async ({ req, reply }) => {
    const member = await sessionMember(deps, req)
    if (member) await endSession(deps, member.sessionId)
    clearSessionCookies(req, reply)
    return { signedOut: true as const }
  })

  route(app, deps, endpoints.guestSession, async ({ req, reply }) => {
    const member = await memberOrGuest(deps, req, reply)
    return { userId: member.memberId, guest: member.guest }
  })
}
