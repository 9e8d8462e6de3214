import { endpoints } from '@koma/contracts/server'
import { signinSchema, validate } from '@koma/contracts/validation'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { badRequest, HttpError, unauthorized } from '../../http/errors'
import { route } from '../../http/route'
import { issueSigninKey, openSealedPayload } from './rsa'
import { checkCredentials, loadProfile } from './service'
import { clearSessionCookies, endSession, requireMember, sessionMember, startSession } from './session'

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
    const payload = await openSealedPayload<{ sessionKey: string; password: string }>(deps.db, deps.clock, body.sessionKey, body.rsaEncryptedString)
    if (!payload || typeof payload.password !== 'string') throw new HttpError(400, 'invalidParameter', { field: 'sessionKey' })
    const memberId = await checkCredentials(deps, body.email, payload.password)
    if (memberId === null) throw new HttpError(400, 'incorrectEmailOrPassword')
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
}

