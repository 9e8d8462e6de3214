import { endpoints, signinLocked, ACCOUNT_LIMITS } from '@koma/contracts/server'
import { signinSchema, validate } from '@koma/contracts/validation'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { badRequest, HttpError, unauthorized } from '../../http/errors'
import { route } from '../../http/route'
import { discardGuest, memberOrGuest } from './guest'
import { issueSigninKey, openSealedPayload } from './rsa'
import { checkCredentials, loadProfile } from './service'
import { clearSessionCookies, endSession, forgetSession, requireMember, sessionMember, startSession } from './session'

export function registerMemberRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.rsaKey, async ({ reply }) => {
    reply.header('cache-control', 'no-store')
    return issueSigninKey(deps.db, deps.clock)
  })

  route(app, deps, endpoints.signin, async ({ body, req, reply, locale }) => {
    const { errors } = validate(signinSchema.extract('email'), body.email, locale)
    if (errors.length) throw badRequest(errors[0].message)
    if (typeof body.sessionKey !== 'string' || typeof body.rsaEncryptedString !== 'string') {
      throw new HttpError(400, 'invalidParameter', { field: 'rsaEncryptedString' })
    }
    const email = body.email.trim().toLowerCase()
    // Repeated failures slow sign-in down: five within 15 minutes lock the address for a while.
    const now = deps.clock.now()
    const failures = await deps.db
      .selectFrom('signin_failures')
      .select('created_at')
      .where('email', '=', email)
      .where('created_at', '>', new Date(now.getTime() - ACCOUNT_LIMITS.signinFailureWindowMs))
      .execute()
    if (signinLocked(failures.map((row) => new Date(row.created_at)), now)) throw new HttpError(429, 'signinLocked')
    const payload = await openSealedPayload<{ sessionKey: string; password: string }>(deps.db, deps.clock, body.sessionKey, body.rsaEncryptedString)
    if (!payload || typeof payload.password !== 'string') throw new HttpError(400, 'invalidParameter', { field: 'sessionKey' })
    const memberId = await checkCredentials(deps, email, payload.password)
    if (memberId === null) {
      await deps.db.insertInto('signin_failures').values({ email, ip: req.ip, created_at: now }).execute()
      throw new HttpError(400, 'incorrectEmailOrPassword')
    }
    await deps.db.deleteFrom('signin_failures').where('email', '=', email).execute()
    // SPEC §4: signing in from a guest discards the guest's data; any other session here ends.
    const previous = await sessionMember(deps, req)
    if (previous) {
      await endSession(deps, previous.sessionId)
      if (previous.guest) await discardGuest(deps, previous.memberId)
      forgetSession(req)
    }
    await deps.db.updateTable('members').set({ last_signin_at: now }).where('id', '=', memberId).execute()
    const { sessionId } = await startSession(deps, req, reply, memberId, body.stayLogged === 'true')
    return { sessionToken: `s${sessionId}`, userId: memberId }
  })

  route(app, deps, endpoints.profile, async ({ req, reply }) => {
    const member = await requireMember(deps, req)
    const profile = await loadProfile(deps, member.memberId)
    if (!profile) {
      clearSessionCookies(req, reply)
      throw unauthorized()
    }
    reply.header('cache-control', 'no-store')
    return profile
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
