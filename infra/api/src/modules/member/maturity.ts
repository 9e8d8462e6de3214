import { HEADERS } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { sessionMember } from './session'

/** SPEC §4: mature content is on when the accept-mature header says Y or the profile says so. */
export async function matureAccepted(deps: AppDeps, req: FastifyRequest): Promise<boolean> {
  if (req.headers[HEADERS.acceptMature] === 'Y') return true
  const member = await sessionMember(deps, req)
  if (!member) return false
  const row = await deps.db.selectFrom('members').select('accept_mature').where('id', '=', member.memberId).executeTakeFirst()
  return row?.accept_mature ?? false
}
