import {
  allocateSpend,
  balanceOf,
  expiringCoins,
  grantIsLive,
  type CoinBalance,
  type CoinCreditReason,
  type CoinGrant,
  type CoinSpendReason,
  type CoinType,
} from '@koma/contracts/server'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { apiError } from '../../http/errorCatalogue'

/**
 * The coin ledger (issue 6). Every coin movement is a `coin_movements` row with its
 * `coin_ledger` rows, written in the caller's transaction:
 *
 * - a credit is one positive "grant" row (idempotent on reason + ref);
 * - a spend is one negative row per grant it draws from, in SPEC §4's order (expiring free or
 *   bonus coins soonest first, then non-expiring free or bonus, then purchased);
 * - an expired grant's remainder is booked as an 'expire' movement before anything is spent.
 *
 * Spending locks the member's `coin_wallets` row (`SELECT … FOR UPDATE`) first, so concurrent
 * requests of one member run one after the other and never spend the same coin twice.
 * PGlite has one connection: pass the transaction (`trx`), never `deps.db`, inside one.
 */

type Db = Kysely<Database>

export interface CreditInput {
  memberId: number
  coinType: CoinType
  amount: number
  /** When these coins expire (null: never; purchased coins never expire). */
  expiresAt: Date | null
  /** Why: a coin purchase ('order', ref = serviceOrderId), a reward's source, or coin-back. */
  reason: CoinCreditReason
  ref: string
  /** The API clock's now (deps.clock.now()); defaults to the database's clock. */
  now?: Date
  /** The title a coin-back came from, shown in the history. */
  contentId?: number | null
  /**
   * More grants in the same movement (one history entry), e.g. a coin pack's free bonus next to
   * its purchased coins: `{ coinType: 'free', amount: product.freeAmount, expiresAt }`.
   */
  also?: { coinType: CoinType; amount: number; expiresAt: Date | null }[]
}

/** Make sure the member has a wallet row, then lock it for the rest of the transaction. */
export async function lockWallet(trx: Db, memberId: number): Promise<void> {
  await trx
    .insertInto('coin_wallets')
    .values({ member_id: memberId })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute()
  await trx.selectFrom('coin_wallets').select('member_id').where('member_id', '=', memberId).forUpdate().executeTakeFirst()
}

/**
 * Credit coins once per (reason, ref): crediting the same ref again writes nothing and answers
 * `{ credited: false }`. Needs no lock (it only adds), but runs in the caller's transaction.
 */
export async function creditCoins(trx: Db, input: CreditInput): Promise<{ credited: boolean; movementId: number | null }> {
  const parts = [{ coinType: input.coinType, amount: input.amount, expiresAt: input.expiresAt }, ...(input.also ?? [])].filter((part) => part.amount !== 0)
  for (const part of parts)
    if (!Number.isInteger(part.amount) || part.amount < 0) throw new Error(`creditCoins: amounts must be non-negative integers, got ${part.amount}`)
  if (parts.length === 0) throw new Error('creditCoins: nothing to credit')
  const createdAt = input.now ?? sql<Date>`now()`
  const movement = await trx
    .insertInto('coin_movements')
    .values({
      member_id: input.memberId,
      kind: 'credit',
      reason: input.reason,
      ref: input.ref,
      content_id: input.contentId ?? null,
      created_at: createdAt as Date,
    })
    .onConflict((oc) => oc.columns(['kind', 'reason', 'ref']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!movement) return { credited: false, movementId: null }
  await trx
    .insertInto('coin_ledger')
    .values(
      parts.map((part) => ({
        movement_id: movement.id,
        member_id: input.memberId,
        coin_type: part.coinType,
        amount: part.amount,
        // SPEC §4: purchased coins do not expire.
        expires_at: part.coinType === 'purchased' ? null : part.expiresAt,
        reason: input.reason,
        ref: input.ref,
        grant_id: null,
        created_at: createdAt as Date,
      })),
    )
    .execute()
  return { credited: true, movementId: movement.id }
}

/** Every grant of the member with what is left of it (expired ones included). */
export async function memberGrants(db: Db, memberId: number): Promise<CoinGrant[]> {
  const rows = await db
    .selectFrom('coin_ledger as g')
    .leftJoin('coin_ledger as s', 's.grant_id', 'g.id')
    .select(['g.id', 'g.coin_type', 'g.expires_at', 'g.amount', sql<number>`coalesce(sum(s.amount), 0)`.as('used')])
    .where('g.member_id', '=', memberId)
    .where('g.grant_id', 'is', null)
    .groupBy(['g.id', 'g.coin_type', 'g.expires_at', 'g.amount'])
    .execute()
  return rows.map((row) => ({
    id: Number(row.id),
    coinType: row.coin_type,
    remaining: Number(row.amount) + Number(row.used),
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  }))
}

/** The member's spendable coins by type (expired coins excluded). */
export async function coinBalance(db: Db, memberId: number, now: Date): Promise<CoinBalance> {
  return balanceOf(await memberGrants(db, memberId), now)
}

/** SPEC §3 expiring coins: amount per expiry time, soonest first. */
export async function memberExpiringCoins(db: Db, memberId: number, now: Date): Promise<{ amount: number; expireAt: string }[]> {
  return expiringCoins(await memberGrants(db, memberId), now)
}

/** The sum of every ledger row of the member (equals the balance once expiries are booked). */
export async function ledgerSum(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('coin_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('sum'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow()
  return Number(row.sum)
}

/**
 * Book the remainder of every expired grant as an 'expire' movement (dated at the expiry), so
 * the ledger sums to the balance. Idempotent (one expiry per grant). Call with the wallet locked.
 */
export async function bookExpiries(trx: Db, memberId: number, now: Date, grants?: CoinGrant[]): Promise<number> {
  let booked = 0
  for (const grant of grants ?? (await memberGrants(trx, memberId))) {
    if (grant.remaining <= 0 || grant.expiresAt === null || grantIsLive(grant, now)) continue
    const movement = await trx
      .insertInto('coin_movements')
      .values({ member_id: memberId, kind: 'expire', reason: 'expire', ref: String(grant.id), created_at: grant.expiresAt })
      .onConflict((oc) => oc.columns(['kind', 'reason', 'ref']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!movement) continue
    await trx
      .insertInto('coin_ledger')
      .values({
        movement_id: movement.id,
        member_id: memberId,
        coin_type: grant.coinType,
        amount: -grant.remaining,
        expires_at: grant.expiresAt,
        reason: 'expire',
        ref: String(grant.id),
        grant_id: grant.id,
        created_at: grant.expiresAt,
      })
      .execute()
    booked += grant.remaining
  }
  return booked
}

export interface SpendInput {
  memberId: number
  amount: number
  reason: CoinSpendReason
  /** Unique per spend (the transaction token). */
  ref: string
  now: Date
  contentId?: number | null
  chapterIds?: number[]
}

export interface SpendResult {
  movementId: number | null
  /** Coins taken per type. */
  spent: Omit<CoinBalance, 'total'>
  /** The balance after the spend. */
  balance: CoinBalance
}

/**
 * Spend coins in SPEC §4's order inside the caller's transaction. Locks the member's wallet
 * first; refuses with 402 (nothing written) when the live coins do not cover `amount`.
 * Spending 0 coins writes no movement.
 */
export async function spendCoins(trx: Db, input: SpendInput): Promise<SpendResult> {
  if (!Number.isInteger(input.amount) || input.amount < 0) throw new Error(`spendCoins: amount must be a non-negative integer, got ${input.amount}`)
  await lockWallet(trx, input.memberId)
  const grants = await memberGrants(trx, input.memberId)
  await bookExpiries(trx, input.memberId, input.now, grants)
  const spent = { free: 0, bonus: 0, purchased: 0 }
  if (input.amount === 0) return { movementId: null, spent, balance: balanceOf(grants, input.now) }
  const { allocations, short } = allocateSpend(grants, input.amount, input.now)
  if (short > 0) throw apiError('notEnoughCoins', { short })
  const movement = await trx
    .insertInto('coin_movements')
    .values({
      member_id: input.memberId,
      kind: 'spend',
      reason: input.reason,
      ref: input.ref,
      content_id: input.contentId ?? null,
      chapter_ids: input.chapterIds ?? [],
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const byId = new Map(grants.map((grant) => [grant.id, grant]))
  await trx
    .insertInto('coin_ledger')
    .values(
      allocations.map((allocation) => ({
        movement_id: movement.id,
        member_id: input.memberId,
        coin_type: allocation.coinType,
        amount: -allocation.amount,
        expires_at: byId.get(allocation.grantId)?.expiresAt ?? null,
        reason: input.reason,
        ref: input.ref,
        grant_id: allocation.grantId,
        created_at: input.now,
      })),
    )
    .execute()
  for (const allocation of allocations) {
    spent[allocation.coinType] += allocation.amount
    const grant = byId.get(allocation.grantId)
    if (grant) grant.remaining -= allocation.amount
  }
  return { movementId: movement.id, spent, balance: balanceOf(grants, input.now) }
}
