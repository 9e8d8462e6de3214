import { OPERATOR_STEP_UP_MS, TOTP_GUESSES, normaliseTotpCode, type OperatorStatus, type TotpEnrolment } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { requireMember, sessionMember } from '../session/session'
import { writeAudit, type Actor } from './audit'
import { matchTotp, newTotpSecret, totpUri } from './totp'

/**
 * Operators (issue 17): members whose role is `operator` (granted and revoked only by the
 * `npm run operator` command), who confirm a TOTP code once per session before any operator call.
 */

export interface OperatorSession {
  memberId: number
  sessionId: number
  nickname: string
  verifiedAt: Date | null
  actor: Actor
}

const stepUpUntil = (verifiedAt: Date | null): Date | null => (verifiedAt ? new Date(verifiedAt.getTime() + OPERATOR_STEP_UP_MS) : null)

/** The operator behind the request: 401 signed out, 403 anyone else; with `stepUp`, 403 (code 4035) until a code was confirmed in this session. */
export async function requireOperator(deps: AppDeps, req: FastifyRequest, options: { stepUp: boolean } = { stepUp: true }): Promise<OperatorSession> {
  const session = await requireMember(deps, req)
  const row = await deps.db
    .selectFrom('members as m')
    .innerJoin('sessions as s', 's.member_id', 'm.id')
    .select(['m.role', 'm.guest', 'm.nickname', 's.operator_verified_at'])
    .where('m.id', '=', session.memberId)
    .where('s.id', '=', session.sessionId)
    .executeTakeFirst()
  if (!row || row.guest || row.role !== 'operator') throw apiError('operatorOnly')
  const verifiedAt = row.operator_verified_at ? new Date(row.operator_verified_at) : null
  const until = stepUpUntil(verifiedAt)
  if (options.stepUp && !(until && until.getTime() > deps.clock.realNow().getTime())) {
    throw apiError('operatorStepUp')
  }
  return {
    memberId: session.memberId,
    sessionId: session.sessionId,
    nickname: row.nickname,
    verifiedAt,
    actor: { memberId: session.memberId, label: `${row.nickname} (#${session.memberId})` },
  }
}

/** Whether the request comes from an operator's session (maintenance lets operators through). */
export async function isOperatorRequest(deps: AppDeps, req: FastifyRequest): Promise<boolean> {
  const session = await sessionMember(deps, req)
  if (!session || session.guest) return false
  const row = await deps.db.selectFrom('members').select('role').where('id', '=', session.memberId).executeTakeFirst()
  return row?.role === 'operator'
}

export async function operatorStatus(deps: AppDeps, operator: OperatorSession): Promise<OperatorStatus> {
  const factor = await deps.db.selectFrom('operator_factors').select('confirmed_at').where('member_id', '=', operator.memberId).executeTakeFirst()
  const until = stepUpUntil(operator.verifiedAt)
  const verified = Boolean(until && until.getTime() > deps.clock.realNow().getTime())
  return {
    userId: operator.memberId,
    nickname: operator.nickname,
    enrolled: Boolean(factor?.confirmed_at),
    verified,
    verifiedUntil: verified && until ? until.toISOString() : null,
  }
}

/** A new secret to set up; refused once one is confirmed (a lost phone is reset with the command). */
export async function enrolTotp(deps: AppDeps, operator: OperatorSession): Promise<TotpEnrolment> {
  const secret = newTotpSecret()
  const now = deps.clock.realNow()
  return deps.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('operator_factors').select('confirmed_at').where('member_id', '=', operator.memberId).forUpdate().executeTakeFirst()
    if (existing?.confirmed_at) throw apiError('operatorAlreadyEnrolled')
    await trx
      .insertInto('operator_factors')
      .values({ member_id: operator.memberId, secret, created_at: now })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ secret, last_step: 0, failed_count: 0, failed_window_start: null }))
      .execute()
    await writeAudit(trx, operator.actor, {
      action: 'operator.totp.enrol',
      target: `member:${operator.memberId}`,
      before: { enrolled: false },
      after: { enrolled: false, pending: true },
    })
    return { secret, otpauthUri: totpUri(secret, `koma-operator-${operator.memberId}`) }
  })
}

/**
 * Check a code: a wrong one counts (five per 15 minutes, counted before comparing so parallel
 * guesses cannot slip through), a right one is good once (its time step is remembered), confirms
 * a pending set-up and opens operator calls for this session.
 */
export async function verifyTotp(deps: AppDeps, operator: OperatorSession, input: unknown): Promise<OperatorStatus> {
  const code = normaliseTotpCode(input)
  if (!code) throw apiError('totpFormat')
  const now = deps.clock.realNow()
  const windowStart = new Date(now.getTime() - TOTP_GUESSES.windowMs)
  // Spend a guess first: reset an old window, then take one if fewer than the maximum were spent.
  await deps.db
    .updateTable('operator_factors')
    .set({ failed_count: 0, failed_window_start: null })
    .where('member_id', '=', operator.memberId)
    .where('failed_window_start', '<', windowStart)
    .execute()
  const spent = await deps.db
    .updateTable('operator_factors')
    .set({ failed_count: sql`failed_count + 1`, failed_window_start: sql`coalesce(failed_window_start, ${now})` })
    .where('member_id', '=', operator.memberId)
    .where('failed_count', '<', TOTP_GUESSES.max)
    .returning(['secret', 'last_step', 'confirmed_at', 'failed_window_start'])
    .executeTakeFirst()
  if (!spent) {
    const factor = await deps.db.selectFrom('operator_factors').select('failed_window_start').where('member_id', '=', operator.memberId).executeTakeFirst()
    if (!factor) throw apiError('operatorEnrolFirst')
    const retryMs = factor.failed_window_start ? new Date(factor.failed_window_start).getTime() + TOTP_GUESSES.windowMs - now.getTime() : TOTP_GUESSES.windowMs
    const error = apiError('totpTooManyGuesses', { minutes: Math.max(1, Math.ceil(retryMs / 60_000)) })
    error.headers['retry-after'] = String(Math.max(1, Math.ceil(retryMs / 1000)))
    throw error
  }
  const step = await matchTotp(spent.secret, code, now)
  if (step === null || step <= Number(spent.last_step)) throw apiError('totpWrong')
  await deps.db.transaction().execute(async (trx) => {
    // The step moves forward only: of two requests with the same code, one wins.
    const accepted = await trx
      .updateTable('operator_factors')
      .set({ last_step: step, failed_count: 0, failed_window_start: null, confirmed_at: sql`coalesce(confirmed_at, ${now})` })
      .where('member_id', '=', operator.memberId)
      .where('last_step', '<', step)
      .executeTakeFirst()
    if (Number(accepted.numUpdatedRows) !== 1) throw apiError('totpWrong')
    await trx.updateTable('sessions').set({ operator_verified_at: now }).where('id', '=', operator.sessionId).execute()
    await writeAudit(trx, operator.actor, {
      action: spent.confirmed_at ? 'operator.totp.verify' : 'operator.totp.confirm',
      target: `member:${operator.memberId}`,
      after: { session: operator.sessionId },
    })
  })
  return operatorStatus(deps, { ...operator, verifiedAt: now })
}

// ---------------------------------------------------------------------------------------------
// The command line (npm run operator): grant, revoke, reset the second factor, list.

/** What the command needs (the API's configuration is not). */
export type CommandDeps = Pick<AppDeps, 'db' | 'clock'>

export type OperatorCommandResult = { ok: true; message: string } | { ok: false; message: string }

async function memberByEmail(deps: CommandDeps, email: string) {
  return deps.db
    .selectFrom('members')
    .select(['id', 'role', 'nickname', 'guest'])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

/** Grant the operator role to a member (idempotent). Their sessions must then confirm a TOTP code. */
export async function grantOperator(deps: CommandDeps, actor: Actor, email: string): Promise<OperatorCommandResult> {
  const member = await memberByEmail(deps, email)
  if (!member || member.guest) return { ok: false, message: `No member with the e-mail ${email}.` }
  if (member.role === 'operator') return { ok: true, message: `${email} is already an operator.` }
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('members').set({ role: 'operator' }).where('id', '=', member.id).execute()
    await writeAudit(trx, actor, { action: 'operator.grant', target: `member:${member.id}`, before: { role: member.role }, after: { role: 'operator' } })
  })
  return { ok: true, message: `${email} (#${member.id}) is now an operator. They set up an authenticator app at their first operator sign-in.` }
}

/** Revoke the role: the second factor is dropped and every session loses its operator step-up. */
export async function revokeOperator(deps: CommandDeps, actor: Actor, email: string): Promise<OperatorCommandResult> {
  const member = await memberByEmail(deps, email)
  if (!member || member.role !== 'operator') return { ok: false, message: `${email} is not an operator.` }
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('members').set({ role: 'reader' }).where('id', '=', member.id).execute()
    await trx.deleteFrom('operator_factors').where('member_id', '=', member.id).execute()
    await trx.updateTable('sessions').set({ operator_verified_at: null }).where('member_id', '=', member.id).execute()
    await writeAudit(trx, actor, { action: 'operator.revoke', target: `member:${member.id}`, before: { role: 'operator' }, after: { role: 'reader' } })
  })
  return { ok: true, message: `${email} (#${member.id}) is no longer an operator.` }
}

/** A lost authenticator: the operator sets up a new one at the next operator sign-in. */
export async function resetOperatorFactor(deps: CommandDeps, actor: Actor, email: string): Promise<OperatorCommandResult> {
  const member = await memberByEmail(deps, email)
  if (!member || member.role !== 'operator') return { ok: false, message: `${email} is not an operator.` }
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('operator_factors').where('member_id', '=', member.id).execute()
    await trx.updateTable('sessions').set({ operator_verified_at: null }).where('member_id', '=', member.id).execute()
    await writeAudit(trx, actor, { action: 'operator.totp.reset', target: `member:${member.id}`, before: { enrolled: true }, after: { enrolled: false } })
  })
  return { ok: true, message: `${email} (#${member.id}) sets up a new authenticator app at the next operator sign-in.` }
}

export async function listOperators(deps: CommandDeps): Promise<{ id: number; email: string | null; nickname: string; enrolled: boolean }[]> {
  const rows = await deps.db
    .selectFrom('members as m')
    .leftJoin('operator_factors as f', 'f.member_id', 'm.id')
    .select(['m.id', 'm.email', 'm.nickname', 'f.confirmed_at'])
    .where('m.role', '=', 'operator')
    .where('m.deleted_at', 'is', null)
    .orderBy('m.id')
    .execute()
  return rows.map((row) => ({ id: Number(row.id), email: row.email, nickname: row.nickname, enrolled: Boolean(row.confirmed_at) }))
}
