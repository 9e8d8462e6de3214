import { COOKIES } from '@koma/contracts/server'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { secureCookies } from '../../http/cookies'
import { apiError } from '../../http/errorCatalogue'
import { readerTimeZone } from '../../http/readerTime'
import { randomToken, sha256 } from '../../http/tokens'
import { deviceIdOf, requireMember, sessionMember, startSession, type SessionMember } from '../session/session'

/** A guest's secret lives as long as a guest may come back (a year); its session is the usual 30 days. */
export const GUEST_SECRET_DAYS = 365

/**
 * Guests (SPEC §4, §6). A signed-out visitor who does something that needs an account gets a
 * guest member, with a session cookie but no login-check cookie: to the page the reader is still
 * signed out.
 *
 * A guest is bound to a secret only its own browser holds (issue 33): a random token in the
 * httpOnly `koma_guest` cookie, kept as its SHA-256 in `members.guest_token_hash`. When the guest's
 * session has ended, that cookie (and nothing else: never the SPEC §7 device id, which every call
 * sends in the clear and analytics used to keep) brings the same guest back. Signing up from a
 * guest makes it the member and ends its other sessions; signing in discards it.
 *
 * Other modules call these helpers:
 *   memberOrGuest(deps, req, reply)  the caller's member, else this browser's guest (brought
 *                                    back by its secret, or created and signed in on the spot);
 *                                    400 without a device id.
 *   requireFullMember(deps, req)     401 signed out; 403 "Guest users cannot use this
 *                                    function." for a guest (delete account, buy coins,
 *                                    comment, like, report).
 *   forgetGuestSecret(deps, req, reply, memberId)  the guest became a member: no other session, no secret.
 *   discardGuest(deps, req, reply, memberId)       a sign-in discards the guest and all it had.
 */
export async function memberOrGuest(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<SessionMember> {
  const existing = await sessionMember(deps, req)
  if (existing) {
    // A guest made before its secret existed (bound by device id alone) gets one from its own session.
    if (existing.guest && (await guestBySecret(deps, req)) !== existing.memberId) await bindSecret(deps, req, reply, existing.memberId)
    return existing
  }
  if (!deviceIdOf(req)) throw apiError('deviceIdMissing')
  let memberId = await guestBySecret(deps, req)
  if (memberId === null) {
    // A new guest counts against the address's guest limit (limits.ts), so one machine cannot
    // mint guests (each with its coupons and daily bonuses) without end.
    await req.server.abuseLimits.address('guestCreate', req)
    memberId = await createGuest(deps, readerTimeZone(req))
    await bindSecret(deps, req, reply, memberId)
  }
  const { sessionId } = await startSession(deps, req, reply, memberId, true, { guest: true })
  return { memberId, sessionId, guest: true }
}

export async function requireFullMember(deps: AppDeps, req: FastifyRequest): Promise<SessionMember> {
  const member = await requireMember(deps, req)
  if (member.guest) throw apiError('guestNotAllowed')
  return member
}

/** The live guest this browser's secret names, if it carries one. */
async function guestBySecret(deps: AppDeps, req: FastifyRequest): Promise<number | null> {
  const secret = req.cookies[COOKIES.guest]
  if (typeof secret !== 'string' || !/^[\w-]{43}$/.test(secret)) return null
  const row = await deps.db
    .selectFrom('members')
    .select('id')
    .where('guest_token_hash', '=', sha256(secret))
    .where('guest', '=', true)
    .where('deleted_at', 'is', null)
    .where('suspended_at', 'is', null)
    .executeTakeFirst()
  return row ? Number(row.id) : null
}

/** A new guest; its time zone is the browser's, the account's from now on (issue 33: the daily bonus counts days in it). */
async function createGuest(deps: AppDeps, timeZone: string): Promise<number> {
  const row = await deps.db
    .insertInto('members')
    .values({
      nickname: 'Guest',
      guest: true,
      email: null,
      password_hash: null,
      email_notify: false,
      accept_mature: false,
      adult_verified_at: null,
      time_zone: timeZone,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

const guestCookieOptions = (deps: AppDeps, req: FastifyRequest) => ({
  path: '/api',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: secureCookies(deps, req),
})

/** A new secret for the guest (any older one stops working) in this browser's httpOnly cookie. */
async function bindSecret(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, memberId: number): Promise<void> {
  const secret = randomToken(32)
  await deps.db
    .updateTable('members')
    .set({ guest_token_hash: sha256(secret) })
    .where('id', '=', memberId)
    .where('guest', '=', true)
    .execute()
  reply.setCookie(COOKIES.guest, secret, { ...guestCookieOptions(deps, req), maxAge: GUEST_SECRET_DAYS * 24 * 60 * 60 })
}

/**
 * The guest becomes a member (sign-up keeps its history, SPEC §4) or is discarded (sign-in): its
 * secret stops naming anyone, every other session of it ends (one opened elsewhere with the secret
 * must not become the member's), and this browser forgets the cookie.
 */
export async function forgetGuestSecret(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, memberId: number): Promise<void> {
  await deps.db.updateTable('members').set({ guest_token_hash: null }).where('id', '=', memberId).execute()
  await deps.db.deleteFrom('sessions').where('member_id', '=', memberId).execute()
  reply.clearCookie(COOKIES.guest, guestCookieOptions(deps, req))
}

/**
 * SPEC §4: signing in from a guest discards the guest's data (library, tickets, coins, progress).
 * Its secret, sessions and cookie go first (forgetGuestSecret); then its row, whose tables cascade.
 * Should another area's table not cascade, the row stays as a deleted member nobody can reach.
 */
export async function discardGuest(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, memberId: number): Promise<void> {
  await forgetGuestSecret(deps, req, reply, memberId)
  try {
    await deps.db.deleteFrom('members').where('id', '=', memberId).where('guest', '=', true).execute()
  } catch {
    await deps.db.updateTable('members').set({ deleted_at: deps.clock.now() }).where('id', '=', memberId).where('guest', '=', true).execute()
  }
}
