import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { readerTimeZone } from '../../http/readerTime'
import { deviceIdOf, requireMember, sessionMember, startSession, type SessionMember } from '../session/session'

/**
 * Guests (SPEC §4, §6). A signed-out visitor who does something that needs an account gets a
 * guest member bound to the browser's web device identifier (header x-koma-client-uid), with a
 * session cookie but no login-check cookie: to the page the reader is still signed out.
 *
 * Other modules call these two helpers:
 *   memberOrGuest(deps, req, reply)  the caller's member, else this browser's guest (created
 *                                    and signed in on the spot); 400 without a device id.
 *   requireFullMember(deps, req)     401 signed out; 403 "Guest users cannot use this
 *                                    function." for a guest (delete account, buy coins,
 *                                    comment, like, report).
 */
export async function memberOrGuest(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<SessionMember> {
  const existing = await sessionMember(deps, req)
  if (existing) return existing
  const deviceId = deviceIdOf(req)
  if (!deviceId) throw apiError('deviceIdMissing')
  // One guest per browser; a new one counts against the address's guest limit (limits.ts), so
  // one machine cannot mint guests (each with its coupons and daily bonuses) without end.
  const memberId = await guestFor(deps, deviceId, () => req.server.abuseLimits.address('guestCreate', req), readerTimeZone(req))
  const { sessionId } = await startSession(deps, req, reply, memberId, true, { guest: true })
  return { memberId, sessionId, guest: true }
}

export async function requireFullMember(deps: AppDeps, req: FastifyRequest): Promise<SessionMember> {
  const member = await requireMember(deps, req)
  if (member.guest) throw apiError('guestNotAllowed')
  return member
}

/** The guest member bound to a device, created on first need (one per device, even under races). */
async function guestFor(deps: AppDeps, deviceId: string, beforeCreating: () => Promise<void>, timeZone: string): Promise<number> {
  const find = () =>
    deps.db
      .selectFrom('members')
      .select('id')
      .where('guest_device_id', '=', deviceId)
      .where('guest', '=', true)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  const found = await find()
  if (found) return found.id
  await beforeCreating()
  await deps.db
    .insertInto('members')
    .values({
      nickname: 'Guest',
      guest: true,
      guest_device_id: deviceId,
      email: null,
      password_hash: null,
      email_notify: false,
      accept_mature: false,
      adult_verified_at: null,
      // The account's time zone, stored once from the browser's (issue 33: the day of its daily bonus).
      time_zone: timeZone,
    })
    .onConflict((oc) => oc.column('guest_device_id').where('guest_device_id', 'is not', null).doNothing())
    .execute()
  const created = await find()
  if (!created) throw new Error('guest member could not be created')
  return created.id
}

/**
 * SPEC §4: signing in from a guest discards the guest's data (library, tickets, coins, progress).
 * Tables that belong to a member cascade on its deletion; should another area's table not, the
 * guest is at least unbound from the device and signed out everywhere.
 */
export async function discardGuest(deps: AppDeps, memberId: number): Promise<void> {
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('members').where('id', '=', memberId).where('guest', '=', true).execute()
    })
  } catch {
    await deps.db.deleteFrom('sessions').where('member_id', '=', memberId).execute()
    await deps.db
      .updateTable('members')
      .set({ guest_device_id: null, deleted_at: deps.clock.now() })
      .where('id', '=', memberId)
      .where('guest', '=', true)
      .execute()
  }
}
