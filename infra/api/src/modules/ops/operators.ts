import {
  OPERATOR_STEP_UP_MS,
  formatEnrolmentCode,
  normaliseEnrolmentCode,
  normaliseTotpCode,
  type OperatorStatus,
  type TotpEnrolment,
} from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import type { HttpError } from '../../http/errors'
import { sha256 } from '../../http/tokens'
import { OPERATOR_FACTOR_LOCK } from '../../limits'
import { requireMember, sessionMember } from '../session/session'
import { writeAudit, type Actor } from './audit'
import { PUBLISHED_ACCOUNTS } from '../../seed/members'
import { matchTotp, newEnrolmentCode, newTotpSecret, totpUri } from './totp'

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
  const now = deps.clock.realNow()
  const verified = Boolean(until && until.getTime() > now.getTime())
  return {
    userId: operator.memberId,
    nickname: operator.nickname,
    enrolled: Boolean(factor?.confirmed_at),
    verified,
    verifiedUntil: verified && until ? until.toISOString() : null,
    nextCodeNeeded: !verified && (await firstOfTwo(deps, operator.sessionId, now)) !== null,
  }
}

// ---------------------------------------------------------------------------------------------
// Counting attempts (limits.ts OPERATOR_FACTOR_LOCK): per session, per address, per operator.

const LOCK = OPERATOR_FACTOR_LOCK
/** The subject of the operator-wide count. */
const EVERY_SESSION = ''
const sessionSubject = (sessionId: number): string => `s:${sessionId}`
const addressSubject = (address: string): string => `a:${address}`

/** One atomic upsert: a window starts with its first attempt and lasts `windowMs`. */
async function bump(deps: AppDeps, memberId: number, subject: string, now: Date, windowMs: number): Promise<{ attempts: number; windowStartedAt: Date }> {
  const windowEnded = new Date(now.getTime() - windowMs)
  const row = await deps.db
    .insertInto('operator_factor_attempts')
    .values({ member_id: memberId, subject, attempts: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.columns(['member_id', 'subject']).doUpdateSet((eb) => {
        const ended = eb('operator_factor_attempts.window_started_at', '<=', windowEnded)
        return {
          attempts: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb('operator_factor_attempts.attempts', '+', 1))
            .end(),
          window_started_at: eb.case().when(ended).then(now).else(eb.ref('operator_factor_attempts.window_started_at')).end(),
        }
      }),
    )
    .returning(['attempts', 'window_started_at'])
    .executeTakeFirstOrThrow()
  return { attempts: Number(row.attempts), windowStartedAt: new Date(row.window_started_at) }
}

function tooManyGuesses(windowStartedAt: Date, now: Date): HttpError {
  const left = Math.min(LOCK.windowMs, windowStartedAt.getTime() + LOCK.windowMs - now.getTime())
  const error = apiError('totpTooManyGuesses', { minutes: Math.max(1, Math.ceil(left / 60_000)) })
  error.headers['retry-after'] = String(Math.max(1, Math.ceil(left / 1000)))
  return error
}

interface Attempt {
  memberId: number
  sessionId: number
  address: string
  /** Past the operator-wide count: this session must confirm two consecutive codes. */
  twoCodes: boolean
}

/**
 * Spend an attempt BEFORE anything is compared: this session's, then this address's (each refuses
 * with 429 past its number), then, for TOTP codes, the operator's (never refuses: it asks for two
 * codes). Rows of ended windows are dropped on the way, so guessing leaves no lasting rows.
 */
async function spendAttempt(deps: AppDeps, operator: OperatorSession, address: string, now: Date, kind: 'totp' | 'enrolment'): Promise<Attempt> {
  const memberId = operator.memberId
  await deps.db
    .deleteFrom('operator_factor_attempts')
    .where('member_id', '=', memberId)
    .where('window_started_at', '<=', new Date(now.getTime() - LOCK.operatorWindowMs))
    .execute()
  const session = await bump(deps, memberId, sessionSubject(operator.sessionId), now, LOCK.windowMs)
  if (session.attempts > LOCK.perSession) throw tooManyGuesses(session.windowStartedAt, now)
  const place = await bump(deps, memberId, addressSubject(address), now, LOCK.windowMs)
  if (place.attempts > LOCK.perAddress) throw tooManyGuesses(place.windowStartedAt, now)
  const attempt = { memberId, sessionId: operator.sessionId, address, twoCodes: false }
  if (kind === 'enrolment') return attempt
  const every = await bump(deps, memberId, EVERY_SESSION, now, LOCK.operatorWindowMs)
  return { ...attempt, twoCodes: every.attempts > LOCK.perOperator }
}

/** A right answer was no failure: the counts it was spent from take it back. */
async function giveBack(db: AppDeps['db'], attempt: Attempt, from: ('session' | 'address')[] = ['session', 'address']): Promise<void> {
  const subjects = from.map((which) => (which === 'session' ? sessionSubject(attempt.sessionId) : addressSubject(attempt.address)))
  await db
    .updateTable('operator_factor_attempts')
    .set((eb) => ({ attempts: eb.fn('greatest', [eb('attempts', '-', 1), eb.lit(0)]) }))
    .where('member_id', '=', attempt.memberId)
    .where('subject', 'in', subjects)
    .execute()
}

/** The time step of this session's first right code in two-code mode, while the second may still follow. */
async function firstOfTwo(deps: AppDeps, sessionId: number, now: Date): Promise<number | null> {
  const row = await deps.db.selectFrom('sessions').select(['operator_first_step', 'operator_first_at']).where('id', '=', sessionId).executeTakeFirst()
  if (row?.operator_first_step == null || !row.operator_first_at) return null
  return new Date(row.operator_first_at).getTime() > now.getTime() - LOCK.secondCodeWithinMs ? Number(row.operator_first_step) : null
}

// ---------------------------------------------------------------------------------------------
// Setting up and confirming.

/**
 * A new secret to set up, for the one-time set-up code the command printed (used up here, in the
 * same transaction as the secret is stored); refused once a factor is confirmed (a lost phone is
 * reset with the command, which prints a new code). A wrong code counts per session and address.
 */
export async function enrolTotp(deps: AppDeps, operator: OperatorSession, input: unknown, address: string): Promise<TotpEnrolment> {
  const confirmed = async () =>
    Boolean((await deps.db.selectFrom('operator_factors').select('confirmed_at').where('member_id', '=', operator.memberId).executeTakeFirst())?.confirmed_at)
  if (await confirmed()) throw apiError('operatorAlreadyEnrolled')
  const code = normaliseEnrolmentCode(input)
  if (!code) throw apiError('enrolmentCodeFormat')
  const now = deps.clock.realNow()
  const attempt = await spendAttempt(deps, operator, address, now, 'enrolment')
  const secret = newTotpSecret()
  const enrolment = await deps.db.transaction().execute(async (trx) => {
    const used = await trx
      .deleteFrom('operator_enrolment_codes')
      .where('member_id', '=', operator.memberId)
      .where('code_hash', '=', sha256(code))
      .where('expires_at', '>', now)
      .returning('member_id')
      .executeTakeFirst()
    if (!used) throw apiError('enrolmentCodeWrong')
    const existing = await trx.selectFrom('operator_factors').select('confirmed_at').where('member_id', '=', operator.memberId).forUpdate().executeTakeFirst()
    if (existing?.confirmed_at) throw apiError('operatorAlreadyEnrolled')
    await trx
      .insertInto('operator_factors')
      .values({ member_id: operator.memberId, secret, created_at: now })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ secret, last_step: 0 }))
      .execute()
    await writeAudit(trx, operator.actor, {
      action: 'operator.totp.enrol',
      target: `member:${operator.memberId}`,
      before: { enrolled: false },
      after: { enrolled: false, pending: true, setUpCode: 'used' },
    })
    return { secret, otpauthUri: totpUri(secret, `koma-operator-${operator.memberId}`) }
  })
  await giveBack(deps.db, attempt)
  return enrolment
}

/**
 * Check a code. Each is counted before it is compared (spendAttempt); a right one is good once
 * (its time step is remembered), confirms a pending set-up and opens operator calls for this
 * session. In two-code mode (wrong codes were typed for this operator lately) a first right code
 * is remembered for this session and the next code the app shows completes it.
 */
export async function verifyTotp(deps: AppDeps, operator: OperatorSession, input: unknown, address: string): Promise<OperatorStatus> {
  const code = normaliseTotpCode(input)
  if (!code) throw apiError('totpFormat')
  const factor = await deps.db
    .selectFrom('operator_factors')
    .select(['secret', 'last_step', 'confirmed_at'])
    .where('member_id', '=', operator.memberId)
    .executeTakeFirst()
  if (!factor) throw apiError('operatorEnrolFirst')
  const now = deps.clock.realNow()
  const attempt = await spendAttempt(deps, operator, address, now, 'totp')
  const step = await matchTotp(factor.secret, code, now)
  if (step === null || step <= Number(factor.last_step)) throw apiError('totpWrong')
  if (attempt.twoCodes) {
    const first = await firstOfTwo(deps, operator.sessionId, now)
    if (first === null || step <= first) {
      // The first of two (or the same code again): remembered, and no failure.
      if (first === null)
        await deps.db.updateTable('sessions').set({ operator_first_step: step, operator_first_at: now }).where('id', '=', operator.sessionId).execute()
      await giveBack(deps.db, attempt)
      return operatorStatus(deps, operator)
    }
  }
  await deps.db.transaction().execute(async (trx) => {
    // The step moves forward only: of two requests with the same code, one wins.
    const accepted = await trx
      .updateTable('operator_factors')
      .set({ last_step: step, confirmed_at: sql`coalesce(confirmed_at, ${now})` })
      .where('member_id', '=', operator.memberId)
      .where('last_step', '<', step)
      .executeTakeFirst()
    if (Number(accepted.numUpdatedRows) !== 1) throw apiError('totpWrong')
    await trx
      .updateTable('sessions')
      .set({ operator_verified_at: now, operator_first_step: null, operator_first_at: null })
      .where('id', '=', operator.sessionId)
      .execute()
    // The operator proved it: this session starts afresh and the operator-wide count ends.
    await trx
      .deleteFrom('operator_factor_attempts')
      .where('member_id', '=', operator.memberId)
      .where('subject', 'in', [sessionSubject(operator.sessionId), EVERY_SESSION])
      .execute()
    await writeAudit(trx, operator.actor, {
      action: factor.confirmed_at ? 'operator.totp.verify' : 'operator.totp.confirm',
      target: `member:${operator.memberId}`,
      after: { session: operator.sessionId, ...(attempt.twoCodes ? { codes: 2 } : {}) },
    })
  })
  await giveBack(deps.db, attempt, ['address'])
  return operatorStatus(deps, { ...operator, verifiedAt: now })
}

// ---------------------------------------------------------------------------------------------
// The command line (npm run operator): grant, revoke, reset the second factor, list.

/** What the command needs (the API's configuration is not). */
export type CommandDeps = Pick<AppDeps, 'db' | 'clock'>

/** A one-time set-up code for an operator's first authenticator: shown once by the command, kept as its hash. */
export interface EnrolmentCode {
  code: string
  expiresAt: Date
}

export type OperatorCommandResult = { ok: true; message: string; enrolment?: EnrolmentCode } | { ok: false; message: string }

/** How long a set-up code works (limits.ts has the guessing numbers; the code is 100 random bits). */
export const ENROLMENT_CODE_TTL_MS = 24 * 60 * 60 * 1000

async function memberByEmail(deps: CommandDeps, email: string) {
  return deps.db
    .selectFrom('members')
    .select(['id', 'role', 'nickname', 'guest', 'email'])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

/** A new set-up code for the member, replacing any earlier one (only its SHA-256 is stored). */
async function issueEnrolmentCode(trx: CommandDeps['db'], memberId: number, now: Date): Promise<EnrolmentCode> {
  const code = newEnrolmentCode()
  const expiresAt = new Date(now.getTime() + ENROLMENT_CODE_TTL_MS)
  await trx
    .insertInto('operator_enrolment_codes')
    .values({ member_id: memberId, code_hash: sha256(code), expires_at: expiresAt, created_at: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ code_hash: sha256(code), expires_at: expiresAt, created_at: now }))
    .execute()
  return { code: formatEnrolmentCode(code), expiresAt }
}

const codeNote = 'Give them the set-up code yourself; the console asks for it, with their password, at their first operator sign-in.'

/**
 * Grant the operator role to a member, with a set-up code for their authenticator (printed by the
 * command; never mailed). Granting again to an operator who has not set one up yet gives a new
 * code and drops an authenticator set up but never confirmed; an operator with a confirmed factor is
 * left as is. In production, the demo accounts whose
 * passwords are published (seed/members.ts) are refused.
 */
export async function grantOperator(deps: CommandDeps, actor: Actor, email: string, options: { production?: boolean } = {}): Promise<OperatorCommandResult> {
  const member = await memberByEmail(deps, email)
  if (!member || member.guest) return { ok: false, message: `No member with the e-mail ${email}.` }
  if (options.production && PUBLISHED_ACCOUNTS.includes(String(member.email).toLowerCase()))
    return { ok: false, message: `${email} is a demo account whose password is published: it cannot be an operator in production.` }
  const factor = await deps.db.selectFrom('operator_factors').select('confirmed_at').where('member_id', '=', member.id).executeTakeFirst()
  if (member.role === 'operator' && factor?.confirmed_at) return { ok: true, message: `${email} is already an operator (authenticator set up).` }
  const enrolment = await deps.db.transaction().execute(async (trx) => {
    // A set-up that was never confirmed goes with the new code: its key (on whatever phone it went
    // to) must not confirm itself later in place of the one the new code sets up.
    if (factor) await trx.deleteFrom('operator_factors').where('member_id', '=', member.id).where('confirmed_at', 'is', null).execute()
    const issued = await issueEnrolmentCode(trx, member.id, deps.clock.realNow())
    if (member.role !== 'operator') await trx.updateTable('members').set({ role: 'operator' }).where('id', '=', member.id).execute()
    await writeAudit(trx, actor, {
      action: member.role === 'operator' ? 'operator.enrolment-code' : 'operator.grant',
      target: `member:${member.id}`,
      before: { role: member.role },
      after: { role: 'operator', setUpCodeUntil: issued.expiresAt.toISOString() },
    })
    return issued
  })
  const what = member.role === 'operator' ? 'is already an operator; a new set-up code replaces the earlier one' : 'is now an operator'
  return { ok: true, message: `${email} (#${member.id}) ${what}. ${codeNote}`, enrolment }
}

/** Revoke the role: the second factor and any set-up code are dropped and every session loses its operator step-up. */
export async function revokeOperator(deps: CommandDeps, actor: Actor, email: string): Promise<OperatorCommandResult> {
  const member = await memberByEmail(deps, email)
  if (!member || member.role !== 'operator') return { ok: false, message: `${email} is not an operator.` }
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('members').set({ role: 'reader' }).where('id', '=', member.id).execute()
    await trx.deleteFrom('operator_factors').where('member_id', '=', member.id).execute()
    await trx.deleteFrom('operator_enrolment_codes').where('member_id', '=', member.id).execute()
    await trx
      .updateTable('sessions')
      .set({ operator_verified_at: null, operator_first_step: null, operator_first_at: null })
      .where('member_id', '=', member.id)
      .execute()
    await writeAudit(trx, actor, { action: 'operator.revoke', target: `member:${member.id}`, before: { role: 'operator' }, after: { role: 'reader' } })
  })
  return { ok: true, message: `${email} (#${member.id}) is no longer an operator.` }
}

/** A lost authenticator: the factor is dropped, and a new set-up code lets the operator set up another. */
export async function resetOperatorFactor(deps: CommandDeps, actor: Actor, email: string): Promise<OperatorCommandResult> {
  const member = await memberByEmail(deps, email)
  if (!member || member.role !== 'operator') return { ok: false, message: `${email} is not an operator.` }
  const enrolment = await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('operator_factors').where('member_id', '=', member.id).execute()
    await trx
      .updateTable('sessions')
      .set({ operator_verified_at: null, operator_first_step: null, operator_first_at: null })
      .where('member_id', '=', member.id)
      .execute()
    const issued = await issueEnrolmentCode(trx, member.id, deps.clock.realNow())
    await writeAudit(trx, actor, {
      action: 'operator.totp.reset',
      target: `member:${member.id}`,
      before: { enrolled: true },
      after: { enrolled: false, setUpCodeUntil: issued.expiresAt.toISOString() },
    })
    return issued
  })
  return { ok: true, message: `${email} (#${member.id}) sets up a new authenticator app at the next operator sign-in. ${codeNote}`, enrolment }
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
