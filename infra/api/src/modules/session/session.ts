import { COOKIES, DO_NOT_SHARE_COOKIE_DAYS, HEADERS } from '@koma/contracts/server'
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { secureCookies } from '../../http/cookies'
import { apiError } from '../../http/errorCatalogue'

const DAY_MS = 24 * 60 * 60 * 1000
/** "Stay signed in" keeps a session 30 days; otherwise one day (and a browser-session cookie). */
export const SESSION_DAYS = { stay: 30, short: 1 } as const

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** Who a request is, resolved once per request (and replaced when a handler starts a session). */
const resolved = new WeakMap<FastifyRequest, Promise<SessionMember | null>>()
/** How stale a session's last-seen time may get before a request refreshes it (the devices list). */
const LAST_SEEN_REFRESH_MS = 5 * 60 * 1000

export interface SessionMember {
  memberId: number
  sessionId: number
  guest: boolean
}

function cookieOptions(deps: AppDeps, req: FastifyRequest, maxAgeSeconds: number | undefined, httpOnly: boolean) {
  return {
    path: '/',
    httpOnly,
    sameSite: 'lax' as const,
    secure: secureCookies(deps, req),
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
  }
}

/** The browser's web device identifier (SPEC §7 client immutable uid), if the request carries a usable one. */
export function deviceIdOf(req: FastifyRequest): string | null {
  const value = req.headers[HEADERS.clientUid]
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{8,64}$/.test(value) ? value : null
}

/**
 * Start a session: the httpOnly session cookie and the login-check cookie the page reads. A
 * guest session sets no login-check cookie: to the page, a guest is still signed out.
 */
export async function startSession(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  memberId: number,
  stayLogged: boolean,
  options: { guest?: boolean } = {},
): Promise<{ sessionId: number }> {
  // An operator suspended this account (issue 17): no new session by any way of signing in.
  const member = await deps.db
    .selectFrom('members')
    .leftJoin('member_settings', 'member_settings.member_id', 'members.id')
    .select(['members.suspended_at', 'member_settings.do_not_share'])
    .where('members.id', '=', memberId)
    .executeTakeFirst()
  if (member?.suspended_at) throw apiError('accountSuspended')
  const token = randomBytes(32).toString('base64url')
  const days = stayLogged ? SESSION_DAYS.stay : SESSION_DAYS.short
  const now = deps.clock.realNow()
  const deviceId = deviceIdOf(req)
  const row = await deps.db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      member_id: memberId,
      device_id: deviceId,
      user_agent: String(req.headers['user-agent'] ?? '').slice(0, 300),
      expires_at: new Date(now.getTime() + days * DAY_MS),
      last_seen_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const maxAge = stayLogged ? days * 24 * 60 * 60 : undefined
  reply.setCookie(COOKIES.session, token, cookieOptions(deps, req, maxAge, true))
  if (options.guest) reply.clearCookie(COOKIES.loginCheck, { path: '/' })
  else reply.setCookie(COOKIES.loginCheck, '1', cookieOptions(deps, req, maxAge, false))
  // SPEC §1: a member's "do not share" setting reaches this browser at sign-in, as the footer's
  // cookie, so the page sends nothing, not even to a configured tag manager or pixel. Never cleared
  // here: the footer choice is this browser's too.
  if (!options.guest && member?.do_not_share) reply.setCookie(COOKIES.doNotShare, '1', cookieOptions(deps, req, DO_NOT_SHARE_COOKIE_DAYS * 24 * 60 * 60, false))
  resolved.set(req, Promise.resolve({ memberId, sessionId: row.id, guest: options.guest ?? false }))
  return { sessionId: row.id }
}

export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(COOKIES.session, { path: '/' })
  reply.clearCookie(COOKIES.loginCheck, { path: '/' })
}

/** The member behind the request's session cookie, if it names a live session. */
export function sessionMember(deps: AppDeps, req: FastifyRequest): Promise<SessionMember | null> {
  let promise = resolved.get(req)
  if (!promise) {
    promise = (async () => {
      const token = req.cookies[COOKIES.session]
      if (!token) return null
      const row = await deps.db
        .selectFrom('sessions')
        .innerJoin('members', 'members.id', 'sessions.member_id')
        .select(['sessions.id as sessionId', 'members.id as memberId', 'members.guest', 'sessions.last_seen_at'])
        .where('sessions.token_hash', '=', hashToken(token))
        .where('sessions.expires_at', '>', deps.clock.realNow())
        .where('members.deleted_at', 'is', null)
        .where('members.suspended_at', 'is', null)
        .executeTakeFirst()
      if (!row) return null
      const now = deps.clock.realNow()
      if (now.getTime() - new Date(row.last_seen_at).getTime() > LAST_SEEN_REFRESH_MS) {
        await deps.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.sessionId).execute()
      }
      return { sessionId: row.sessionId, memberId: row.memberId, guest: row.guest }
    })()
    resolved.set(req, promise)
  }
  return promise
}

/** Like sessionMember, but a missing session is the 401 of SPEC §8. */
export async function requireMember(deps: AppDeps, req: FastifyRequest): Promise<SessionMember> {
  const member = await sessionMember(deps, req)
  if (!member) throw apiError('authenticationError')
  return member
}

export async function endSession(deps: AppDeps, sessionId: number): Promise<void> {
  await deps.db.deleteFrom('sessions').where('id', '=', sessionId).execute()
}

/** Forget what was resolved for this request (after its session ended or changed hands). */
export function forgetSession(req: FastifyRequest): void {
  resolved.set(req, Promise.resolve(null))
}
