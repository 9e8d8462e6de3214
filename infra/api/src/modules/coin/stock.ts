import { gaugeAfterUse, grantIsLive, spendingOrder, type CoinGrant, type Inventory, type RewardSource } from '@koma/contracts/server'
import { sql, type Kysely } from 'kysely'
import type { Database, RewardGrantsTable } from '../../db/schema'
import { apiError } from '../../http/errorCatalogue'
import { creditCoins } from './ledger'

/**
 * Tickets, the free-read gauge and the subscribe rental: the non-coin stock of a member per
 * title, and the booking of issue 5's reward grants (gifts, coupons, daily bonus, sign-up) into
 * the coin ledger and the ticket stock.
 */

type Db = Kysely<Database>

/** Ticket grants usable for a title (its own, or any title's) with what is left of each. */
async function ticketGrants(db: Db, memberId: number, contentId: number): Promise<CoinGrant[]> {
  const rows = await db
    .selectFrom('ticket_ledger as g')
    .leftJoin('ticket_ledger as s', 's.grant_id', 'g.id')
    .select(['g.id', 'g.expires_at', 'g.amount', sql<number>`coalesce(sum(s.amount), 0)`.as('used')])
    .where('g.member_id', '=', memberId)
    .where('g.grant_id', 'is', null)
    .where((eb) => eb.or([eb('g.content_id', '=', contentId), eb('g.content_id', 'is', null)]))
    .groupBy(['g.id', 'g.expires_at', 'g.amount'])
    .execute()
  // Tickets are spent like free coins: expiring soonest first, then non-expiring, oldest first.
  return rows.map((row) => ({
    id: Number(row.id),
    coinType: 'free' as const,
    remaining: Number(row.amount) + Number(row.used),
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  }))
}

/** Tickets the member can use on this title now. */
export async function ticketCount(db: Db, memberId: number, contentId: number, now: Date): Promise<number> {
  return (await ticketGrants(db, memberId, contentId)).filter((grant) => grantIsLive(grant, now)).reduce((sum, grant) => sum + grant.remaining, 0)
}

/** Use one ticket on a chapter (the soonest-expiring usable one); 409 when there is none. Call with the wallet locked. */
export async function spendTicket(trx: Db, input: { memberId: number; contentId: number; chapterId: number; ref: string; now: Date }): Promise<void> {
  const [grant] = spendingOrder(await ticketGrants(trx, input.memberId, input.contentId), input.now)
  if (!grant) throw apiError('notEnoughTickets')
  await trx
    .insertInto('ticket_ledger')
    .values({
      member_id: input.memberId,
      content_id: input.contentId,
      amount: -1,
      expires_at: grant.expiresAt,
      reason: 'rent',
      ref: input.ref,
      grant_id: grant.id,
      chapter_id: input.chapterId,
      created_at: input.now,
    })
    .execute()
}

/** Add tickets once per (reason, ref). */
export async function creditTickets(
  trx: Db,
  input: { memberId: number; contentId: number | null; amount: number; expiresAt: Date | null; reason: RewardSource; ref: string; now: Date },
): Promise<{ credited: boolean; id: number | null }> {
  const row = await trx
    .insertInto('ticket_ledger')
    .values({
      member_id: input.memberId,
      content_id: input.contentId,
      amount: input.amount,
      expires_at: input.expiresAt,
      reason: input.reason,
      ref: input.ref,
      grant_id: null,
      chapter_id: null,
      created_at: input.now,
    })
    .onConflict((oc) => oc.columns(['reason', 'ref']).where('grant_id', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst()
  return { credited: !!row, id: row ? Number(row.id) : null }
}

/** SPEC §4 free-read gauge of a title for a member: last use from title_gauges (and older gauge rentals). */
export async function gaugeState(
  db: Db,
  memberId: number,
  content: { id: number; gauge_usable: boolean; recover_interval: number },
  now: Date,
): Promise<Inventory['readForFree']> {
  if (!content.gauge_usable) return { amount: 0, recoverRemained: 0 }
  const [used, rented] = await Promise.all([
    db.selectFrom('title_gauges').select('used_at').where('member_id', '=', memberId).where('content_id', '=', content.id).executeTakeFirst(),
    db
      .selectFrom('chapter_access')
      .select('created_at')
      .where('member_id', '=', memberId)
      .where('content_id', '=', content.id)
      .where('via', '=', 'gauge')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ])
  const times = [used?.used_at, rented?.created_at].filter((value): value is Date => !!value).map((value) => new Date(value).getTime())
  const last = times.length ? new Date(Math.max(...times)) : null
  return gaugeAfterUse(last, now, content.recover_interval)
}

/** Rent-with-subscribe: one rental per title, for subscribing to it, on titles that rent by gauge or ticket. */
export async function subscribeRentalAvailable(db: Db, memberId: number, contentId: number): Promise<boolean> {
  const used = await db
    .selectFrom('subscribe_rentals')
    .select('chapter_id')
    .where('member_id', '=', memberId)
    .where('content_id', '=', contentId)
    .executeTakeFirst()
  return !used
}

/** Whether a title has chapters rented by gauge or ticket (where rent-with-subscribe applies). */
export async function titleRentsByGaugeOrTicket(db: Db, contentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('chapters')
    .select('id')
    .where('content_id', '=', contentId)
    .where('free', '=', false)
    .where((eb) => eb.or([eb(eb.val('gauge'), '=', eb.fn.any('rent_allowed_with')), eb(eb.val('ticket'), '=', eb.fn.any('rent_allowed_with'))]))
    .limit(1)
    .executeTakeFirst()
  return !!row
}

type GrantRow = Pick<RewardGrantsTable, 'member_id' | 'source' | 'kind' | 'coin_type' | 'amount' | 'content_id'> & {
  id: number
  expires_at: Date | string | null
  created_at: Date | string
}

/**
 * Book one reward grant into the coin ledger (free or bonus coins) or the ticket stock, once,
 * and mark it booked (ledger_ref, booked_at) in the caller's transaction.
 */
export async function bookRewardGrant(trx: Db, grant: GrantRow, now: Date): Promise<void> {
  const expiresAt = grant.expires_at ? new Date(grant.expires_at) : null
  const createdAt = new Date(grant.created_at)
  let ledgerRef: string
  if (grant.kind === 'coin') {
    const credit = await creditCoins(trx, {
      memberId: grant.member_id,
      coinType: grant.coin_type ?? 'free',
      amount: grant.amount,
      expiresAt,
      reason: grant.source,
      ref: `grant:${grant.id}`,
      now: createdAt,
    })
    ledgerRef = credit.movementId !== null ? `coin:${credit.movementId}` : `coin:${grant.source}:grant:${grant.id}`
  } else {
    const credit = await creditTickets(trx, {
      memberId: grant.member_id,
      contentId: grant.content_id,
      amount: grant.amount,
      expiresAt,
      reason: grant.source,
      ref: `grant:${grant.id}`,
      now: createdAt,
    })
    ledgerRef = credit.id !== null ? `ticket:${credit.id}` : `ticket:${grant.source}:grant:${grant.id}`
  }
  await trx.updateTable('reward_grants').set({ ledger_ref: ledgerRef, booked_at: now }).where('id', '=', grant.id).execute()
}

/** Book every reward grant of the member not booked yet (grants written before payments existed, or by the seed). */
export async function bookPendingGrants(trx: Db, memberId: number, now: Date): Promise<number> {
  const open = await trx
    .selectFrom('reward_grants')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('booked_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute()
  for (const grant of open) await bookRewardGrant(trx, grant, now)
  return open.length
}

/** Book the member's unbooked reward grants, if any (a cheap indexed check when there are none). */
export async function ensureGrantsBooked(deps: { db: Db; clock: { now(): Date } }, memberId: number): Promise<void> {
  const open = await deps.db
    .selectFrom('reward_grants')
    .select('id')
    .where('member_id', '=', memberId)
    .where('booked_at', 'is', null)
    .limit(1)
    .executeTakeFirst()
  if (!open) return
  await deps.db.transaction().execute((trx) => bookPendingGrants(trx, memberId, deps.clock.now()))
}

/** Tickets usable on any title (the profile's inventory; title tickets show on their episode list). */
export async function anyTitleTicketCount(db: Db, memberId: number, now: Date): Promise<number> {
  const rows = await db
    .selectFrom('ticket_ledger as g')
    .leftJoin('ticket_ledger as s', 's.grant_id', 'g.id')
    .select(['g.id', 'g.expires_at', 'g.amount', sql<number>`coalesce(sum(s.amount), 0)`.as('used')])
    .where('g.member_id', '=', memberId)
    .where('g.grant_id', 'is', null)
    .where('g.content_id', 'is', null)
    .groupBy(['g.id', 'g.expires_at', 'g.amount'])
    .execute()
  return rows
    .map((row) => ({ remaining: Number(row.amount) + Number(row.used), expiresAt: row.expires_at ? new Date(row.expires_at) : null }))
    .filter((grant) => grantIsLive(grant, now))
    .reduce((sum, grant) => sum + grant.remaining, 0)
}
