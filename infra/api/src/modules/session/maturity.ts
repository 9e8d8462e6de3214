import { adultVerificationValid, HEADERS } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { sessionMember } from './session'

/**
 * SPEC §4: mature content is on when the accept-mature header says Y (the cookie, or a signed-out
 * reader's session flag) or the member's mature setting is on. A member's setting counts only
 * while their adult verification is valid (1 year): after that the title answers 428 again and
 * switching the setting back on asks for verification (451).
 */
export async function matureAccepted(deps: AppDeps, req: FastifyRequest): Promise<boolean> {
  if (req.headers[HEADERS.acceptMature] === 'Y') return true
  const member = await sessionMember(deps, req)
  if (!member) return false
  const row = await deps.db.selectFrom('members').select(['accept_mature', 'adult_verified_at']).where('id', '=', member.memberId).executeTakeFirst()
  if (!row?.accept_mature) return false
  return adultVerificationValid(row.adult_verified_at ? new Date(row.adult_verified_at) : null, deps.clock.now())
}
