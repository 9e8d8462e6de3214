import { randomBytes } from 'node:crypto'
import {
  canBuyWithCoin,
  canRentWith,
  chapterReleased,
  coinInventoryOf,
  rentalEndsAt,
  unlockAllCoinBack,
  unlockAllPrice,
  type AccessResult,
  type ContentType,
  type RentMethod,
} from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { AppDeps } from '../../deps'
import type { ChaptersTable, ContentsTable, Database } from '../../db/schema'
import { apiError } from '../../http/errorCatalogue'
import { readerTitles } from '../titles/queries'
import { salesConfigOf } from '../titles/sales'
import { requireMatureReader } from '../session/maturity'
import { coinBalance, creditCoins, lockWallet, spendCoins } from './ledger'
import { gaugeState, spendTicket, subscribeRentalAvailable } from './stock'

/**
 * Unlock (buy) and rent with coin, ticket, gauge or subscribe (SPEC §4, §7). Each call consumes
 * a one-time transaction token inside the same transaction as the charge and the chapter_access
 * row: a replayed token answers what its first use answered and charges nothing.
 */

type Db = Kysely<Database>
type Chapter = Selectable<ChaptersTable>
type Content = Selectable<ContentsTable>

const TOKEN_LIFETIME_MS = 30 * 60 * 1000

export async function issueTransactionToken(deps: AppDeps, memberId: number): Promise<{ token: string; expiresAt: string }> {
  const now = deps.clock.realNow()
  const token = randomBytes(24).toString('base64url')
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS)
  // Housekeeping: a member's unused tokens older than a day go.
  await deps.db
    .deleteFrom('coin_transaction_tokens')
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .where('expires_at', '<', new Date(now.getTime() - 24 * 3600_000))
    .execute()
  await deps.db.insertInto('coin_transaction_tokens').values({ token, member_id: memberId, created_at: now, expires_at: expiresAt }).execute()
  return { token, expiresAt: expiresAt.toISOString() }
}

export interface Outcome {
  status: 200 | 208
  result: AccessResult
}

/**
 * Run `work` under the member's wallet lock, consuming `token` for `action`. The token must be
 * the member's, unexpired; a used token answers its stored outcome when the action matches
 * (a replay) and is refused otherwise. A refused `work` (402, 409…) rolls back and leaves the
 * token unused.
 */
export async function withToken(
  deps: AppDeps,
  memberId: number,
  token: string | undefined,
  action: string,
  work: (trx: Db, now: Date) => Promise<Outcome>,
): Promise<Outcome> {
  if (typeof token !== 'string' || token.length < 8 || token.length > 100) throw apiError('transactionFailed')
  const now = deps.clock.now()
  return deps.db.transaction().execute(async (trx) => {
    await lockWallet(trx, memberId)
    const row = await trx.selectFrom('coin_transaction_tokens').selectAll().where('token', '=', token).forUpdate().executeTakeFirst()
    if (!row || Number(row.member_id) !== memberId) throw apiError('transactionFailed')
    if (row.used_at) {
      if (row.action === action && row.outcome) return JSON.parse(row.outcome) as Outcome
      throw apiError('transactionTokenUsed')
    }
    if (new Date(row.expires_at).getTime() <= deps.clock.realNow().getTime()) throw apiError('transactionFailed')
    const outcome = await work(trx, now)
    await trx
      .updateTable('coin_transaction_tokens')
      .set({ used_at: now, action, outcome: JSON.stringify(outcome) })
      .where('token', '=', token)
      .execute()
    return outcome
  })
}

/** The title and chapter of an access call: 404 when either is missing; a mature title only for a reader who may read it (451 / 428). */
export async function accessTarget(
  deps: AppDeps,
  req: FastifyRequest,
  type: ContentType,
  contentId: number,
  chapterIds: number[],
): Promise<{ content: Content; chapters: Chapter[] }> {
  const content = await readerTitles(deps.db).selectAll().where('id', '=', contentId).where('type', '=', type).executeTakeFirst()
  if (!content) throw apiError('comicNotFound')
  if (content.mature) await requireMatureReader(deps, req)
  const chapters = chapterIds.length
    ? await deps.db.selectFrom('chapters').selectAll().where('content_id', '=', contentId).where('id', 'in', chapterIds).orderBy('sort').execute()
    : []
  // A chapter scheduled for later is not for sale yet (issue 17).
  const now = deps.clock.now()
  if (chapters.length !== new Set(chapterIds).size || chapters.some((chapter) => !chapterReleased(content.status, chapter.published_at, now)))
    throw apiError('chapterNotFound')
  return { content, chapters }
}

interface AccessRow {
  owned: boolean
  rentedUntil: Date | null
}

async function accessOf(trx: Db, memberId: number, chapterIds: number[]): Promise<Map<number, AccessRow>> {
  const rows = await trx
    .selectFrom('chapter_access')
    .select(['chapter_id', 'kind', 'expires_at'])
    .where('member_id', '=', memberId)
    .where('chapter_id', 'in', chapterIds)
    .execute()
  const map = new Map<number, AccessRow>()
  for (const row of rows) {
    const entry = map.get(Number(row.chapter_id)) ?? { owned: false, rentedUntil: null }
    if (row.kind === 'owned') entry.owned = true
    else if (row.expires_at) entry.rentedUntil = new Date(row.expires_at)
    map.set(Number(row.chapter_id), entry)
  }
  return map
}

const readable = (row: AccessRow | undefined, now: Date): boolean =>
  !!row && (row.owned || (row.rentedUntil !== null && row.rentedUntil.getTime() > now.getTime()))

/** An integer coin amount from a form value (the price the reader was shown). */
function coinsParam(value: string | undefined, field: string): number {
  if (value === undefined || !/^(0|[1-9][0-9]{0,6})$/.test(value)) throw apiError('invalidParameter', { field })
  return Number(value)
}

const noSpend = { free: 0, bonus: 0, purchased: 0 }

async function result(trx: Db, memberId: number, now: Date, partial: Omit<AccessResult, 'coin'>): Promise<AccessResult> {
  return { ...partial, coin: coinInventoryOf(await coinBalance(trx, memberId, now)) }
}

/** POST …/chapter/{chapterId}/unlock and …/chapter/unlock-all: buy chapters for good with coins. */
export async function unlockChapters(
  deps: AppDeps,
  input: {
    memberId: number
    content: Content
    chapters: Chapter[]
    token: string | undefined
    price: string | undefined
    coinBackPrice: string | undefined
    all: boolean
  },
): Promise<Outcome> {
  const { memberId, content, chapters } = input
  const price = coinsParam(input.price, 'price')
  const coinBack = input.coinBackPrice === undefined || input.coinBackPrice === '' ? null : coinsParam(input.coinBackPrice, 'coinBackPrice')
  if (chapters.length === 0) throw input.all ? apiError('unlockAllEmpty', { field: 'chapterIds' }) : apiError('invalidParameter', { field: 'chapterIds' })
  const sold = chapters.map((chapter) => ({ aborted: chapter.aborted, salesConfig: salesConfigOf(chapter) }))
  for (const chapter of sold) {
    if (chapter.aborted) throw apiError('salesSuspended')
    if (chapter.salesConfig.free || !canBuyWithCoin(chapter.salesConfig)) throw apiError(input.all ? 'unlockAllUnavailable' : 'rentalNotAvailable')
  }
  const total = unlockAllPrice(sold)
  const coinBackTotal = unlockAllCoinBack(sold)
  if (total !== price || (coinBack !== null && coinBack !== coinBackTotal)) throw apiError('priceChanged')
  const ids = chapters.map((chapter) => chapter.id)
  const action = `${input.all ? 'unlock_all' : 'unlock'}:${[...ids].sort((a, b) => a - b).join(',')}`
  return withToken(deps, memberId, input.token, action, async (trx, now) => {
    const access = await accessOf(trx, memberId, ids)
    if (ids.some((id) => access.get(id)?.owned)) throw apiError('alreadyOwned')
    const spend = await spendCoins(trx, {
      memberId,
      amount: total,
      reason: input.all ? 'unlock_all' : 'unlock',
      ref: input.token as string,
      now,
      contentId: content.id,
      chapterIds: ids,
    })
    await trx
      .insertInto('chapter_access')
      .values(
        ids.map((chapterId) => ({
          member_id: memberId,
          chapter_id: chapterId,
          content_id: content.id,
          kind: 'owned' as const,
          via: 'coin' as const,
          expires_at: null,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['member_id', 'chapter_id', 'kind']).doNothing())
      .execute()
    if (coinBackTotal > 0) {
      await creditCoins(trx, {
        memberId,
        coinType: 'bonus',
        amount: coinBackTotal,
        expiresAt: null,
        reason: 'coin_back',
        ref: input.token as string,
        now,
        contentId: content.id,
      })
    }
    return {
      status: 200,
      result: await result(trx, memberId, now, {
        contentId: content.id,
        chapterIds: ids,
        kind: 'owned',
        via: 'coin',
        expiresAt: null,
        already: false,
        spent: spend.spent,
        ticketsUsed: 0,
      }),
    }
  })
}

/**
 * POST …/chapter/{chapterId}/rent-with-{coin|ticket|gauge|subscribe}: read for the title's
 * rental period. A chapter already owned or still rented answers 208 and charges nothing.
 */
export async function rentChapter(
  deps: AppDeps,
  input: { memberId: number; content: Content; chapter: Chapter; method: RentMethod; token: string | undefined; rentalPrice: string | undefined },
): Promise<Outcome> {
  const { memberId, content, chapter, method } = input
  if (chapter.aborted) throw apiError('salesSuspended')
  if (chapter.free || !canRentWith(salesConfigOf(chapter), method, content.gauge_usable)) throw apiError('rentalNotAvailable')
  if (method === 'coin' && coinsParam(input.rentalPrice, 'rentalPrice') !== chapter.rental_price) throw apiError('priceChanged')
  const action = `rent_${method}:${chapter.id}`
  return withToken(deps, memberId, input.token, action, async (trx, now) => {
    const base = { contentId: content.id, chapterIds: [chapter.id], kind: 'rented' as const, via: method }
    const access = (await accessOf(trx, memberId, [chapter.id])).get(chapter.id)
    if (readable(access, now)) {
      const expiresAt = access?.owned ? null : (access?.rentedUntil?.toISOString() ?? null)
      return {
        status: 208,
        result: await result(trx, memberId, now, {
          ...base,
          kind: access?.owned ? 'owned' : 'rented',
          expiresAt,
          already: true,
          spent: noSpend,
          ticketsUsed: 0,
        }),
      }
    }
    let spent = noSpend
    let ticketsUsed = 0
    if (method === 'coin') {
      spent = (
        await spendCoins(trx, {
          memberId,
          amount: chapter.rental_price,
          reason: 'rent',
          ref: input.token as string,
          now,
          contentId: content.id,
          chapterIds: [chapter.id],
        })
      ).spent
    } else if (method === 'ticket') {
      await spendTicket(trx, { memberId, contentId: content.id, chapterId: chapter.id, ref: input.token as string, now })
      ticketsUsed = 1
    } else if (method === 'gauge') {
      const gauge = await gaugeState(trx, memberId, content, now)
      if (gauge.amount <= 0) throw apiError('gaugeNotFull')
      await trx
        .insertInto('title_gauges')
        .values({ member_id: memberId, content_id: content.id, used_at: now })
        .onConflict((oc) => oc.columns(['member_id', 'content_id']).doUpdateSet({ used_at: now }))
        .execute()
    } else {
      if (!(await subscribeRentalAvailable(trx, memberId, content.id))) throw apiError('subscribeRentalUsed')
      await trx.insertInto('subscribe_rentals').values({ member_id: memberId, content_id: content.id, chapter_id: chapter.id, created_at: now }).execute()
      await trx
        .insertInto('library_subscriptions')
        .values({ member_id: memberId, content_id: content.id, created_at: now })
        .onConflict((oc) => oc.columns(['member_id', 'content_id']).doNothing())
        .execute()
    }
    const expiresAt = rentalEndsAt(now, content.rental_period)
    await trx
      .insertInto('chapter_access')
      .values({ member_id: memberId, chapter_id: chapter.id, content_id: content.id, kind: 'rented', via: method, expires_at: expiresAt, created_at: now })
      .onConflict((oc) => oc.columns(['member_id', 'chapter_id', 'kind']).doUpdateSet({ via: method, expires_at: expiresAt, created_at: now }))
      .execute()
    return { status: 200, result: await result(trx, memberId, now, { ...base, expiresAt: expiresAt.toISOString(), already: false, spent, ticketsUsed }) }
  })
}
