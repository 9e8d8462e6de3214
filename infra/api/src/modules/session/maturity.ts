import { HEADERS, matureReading, type MatureReading } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { sessionMember } from './session'

/** The caller's member row as matureReading needs it (null: no session). Once per request. */
const readers = new WeakMap<FastifyRequest, Promise<MatureReading>>()

/**
 * May this caller read a mature title (SPEC §6)? Decided by contracts' `matureReading` from the
 * session's member alone: a valid adult verification (1 year) and the mature setting on. The
 * accept-mature header and cookie are the reader's own say-so and count for nothing here.
 */
export function matureReadingOf(deps: AppDeps, req: FastifyRequest): Promise<MatureReading> {
  let known = readers.get(req)
  if (!known) {
    known = (async () => {
      const member = await sessionMember(deps, req)
      if (!member) return matureReading(null, deps.clock.now())
      const row = await deps.db
        .selectFrom('members')
        .select(['guest', 'accept_mature', 'adult_verified_at'])
        .where('id', '=', member.memberId)
        .executeTakeFirst()
      if (!row) return matureReading(null, deps.clock.now())
      return matureReading(
        { guest: row.guest, acceptMature: row.accept_mature, adultVerifiedAt: row.adult_verified_at ? new Date(row.adult_verified_at) : null },
        deps.clock.now(),
      )
    })()
    readers.set(req, known)
  }
  return known
}

/**
 * The gate of everything that reads a mature title: its episode list, coming-soon page, chapters,
 * page images, EPUB files, comments, unlocks and rentals. SPEC §8: 451 until a member is verified
 * (a visitor or a guest is asked to sign in first), 428 while a verified member's setting is off.
 */
export async function requireMatureReader(deps: AppDeps, req: FastifyRequest): Promise<void> {
  const reading = await matureReadingOf(deps, req)
  if (reading === 'signIn') throw apiError('adultSignInRequired')
  if (reading === 'verify') throw apiError('adultVerificationRequired')
  if (reading === 'accept') throw apiError('matureNotAccepted')
}

/**
 * May lists show that mature titles exist (home's mature sections, the adult menu, search,
 * collections)? SPEC §4: when the accept-mature header says Y (the adult check's cookie, or a
 * signed-out reader's session flag) or the member's setting is on while their verification is
 * valid. Lists name titles and show their covers; reading one is requireMatureReader's.
 */
export async function matureListed(deps: AppDeps, req: FastifyRequest): Promise<boolean> {
  return req.headers[HEADERS.acceptMature] === 'Y' || (await matureReadingOf(deps, req)) === 'allowed'
}
