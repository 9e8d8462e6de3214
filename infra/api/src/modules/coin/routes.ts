import { coinInventoryOf, endpoints, parseExpiryWindowDays, shopCurrency, type CoinHistoryTab, type RentMethod } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { HttpError } from '../../http/errors'
import { parseContentType, parseId } from '../../http/ids'
import { route } from '../../http/route'
import { requireMember, sessionMember } from '../session/session'
import { coinBalance } from './ledger'
import { accessTarget, issueTransactionToken, rentChapter, unlockChapters } from './access'
import { coinExpire, coinExpireWithin, coinHistory, HISTORY_TABS } from './history'

/** An unlock that did not buy (metrics: koma_api_coin_unlock_failures_total), by its catalogue key or status. */
async function countingUnlockFailures<T extends { status: number }>(deps: AppDeps, unlock: () => Promise<T>): Promise<T> {
  try {
    const outcome = await unlock()
    if (outcome.status >= 400) deps.metrics?.unlockFailures.inc({ reason: `status_${outcome.status}` })
    return outcome
  } catch (error) {
    deps.metrics?.unlockFailures.inc({ reason: error instanceof HttpError ? (error.textKey ?? `status_${error.status}`) : 'error' })
    throw error
  }
}

/** Repeated form keys arrive as an array, a single one as a string. */
const list = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])

export function registerCoinRoutes(app: FastifyInstance, deps: AppDeps): void {
  // SPEC §1: Japanese pays in yen, every other language in US dollars.
  route(app, deps, endpoints.coinSalesConfig, async ({ locale, req, reply }) => {
    const currency = shopCurrency(locale)
    const rows = await deps.db
      .selectFrom('coin_products')
      .selectAll()
      .where('currency', '=', currency)
      .where('active', '=', true)
      .orderBy('sort', 'asc')
      .orderBy('seq', 'asc')
      .execute()
    // The reader's balance beside the packs (the shop shows it); null when signed out.
    const member = await sessionMember(deps, req)
    const balance = member ? coinInventoryOf(await coinBalance(deps.db, member.memberId, deps.clock.now())) : null
    if (member) reply.header('cache-control', 'no-store')
    return {
      balance,
      products: rows.map((row) => ({
        seq: row.seq,
        purchasedAmount: row.purchased_amount,
        freeAmount: row.free_amount,
        price: row.price,
        currency: row.currency,
      })),
    }
  })

  route(app, deps, endpoints.coinTransactionToken, async ({ req }) => {
    const member = await requireMember(deps, req)
    return issueTransactionToken(deps, member.memberId)
  })

  route(app, deps, endpoints.chapterUnlock, async ({ req, reply, params, body }) => {
    const member = await requireMember(deps, req)
    const type = parseContentType(params.type)
    const contentId = parseId(params.id)
    const chapterId = parseId(params.chapterId)
    const { content, chapters } = await accessTarget(deps, req, type, contentId, [chapterId])
    const outcome = await countingUnlockFailures(deps, () =>
      unlockChapters(deps, {
        memberId: member.memberId,
        content,
        chapters,
        token: body.token,
        price: body.price,
        coinBackPrice: body.coinBackPrice,
        all: false,
      }),
    )
    reply.code(outcome.status)
    return outcome.result
  })

  route(app, deps, endpoints.chapterUnlockAll, async ({ req, reply, params, body }) => {
    const member = await requireMember(deps, req)
    const type = parseContentType(params.type)
    const contentId = parseId(params.id)
    const raw = list(body.chapterIds)
    if (raw.length === 0 || raw.length > 500) throw apiError('unlockAllEmpty')
    const ids = raw.map((value) => {
      if (!/^[1-9][0-9]{0,15}$/.test(value)) throw apiError('invalidParameter', { field: 'chapterIds' })
      return Number(value)
    })
    const { content, chapters } = await accessTarget(deps, req, type, contentId, [...new Set(ids)])
    const outcome = await countingUnlockFailures(deps, () =>
      unlockChapters(deps, {
        memberId: member.memberId,
        content,
        chapters,
        token: body.token,
        price: body.price,
        coinBackPrice: body.coinBackPrice,
        all: true,
      }),
    )
    reply.code(outcome.status)
    return outcome.result
  })

  const rent = (method: RentMethod, endpoint: typeof endpoints.chapterRentWithCoin | typeof endpoints.chapterRentWithTicket) =>
    route(app, deps, endpoint, async ({ req, reply, params, body }) => {
      const member = await requireMember(deps, req)
      const type = parseContentType(params.type)
      const contentId = parseId(params.id)
      const chapterId = parseId(params.chapterId)
      const {
        content,
        chapters: [chapter],
      } = await accessTarget(deps, req, type, contentId, [chapterId])
      // accessTarget answers chapterNotFound unless it found every chapter asked for.
      if (!chapter) throw apiError('chapterNotFound')
      const outcome = await rentChapter(deps, {
        memberId: member.memberId,
        content,
        chapter,
        method,
        token: body.token,
        rentalPrice: body.rentalPrice,
      })
      reply.code(outcome.status)
      return outcome.result
    })
  rent('coin', endpoints.chapterRentWithCoin)
  rent('ticket', endpoints.chapterRentWithTicket)
  rent('gauge', endpoints.chapterRentWithGauge)
  rent('subscribe', endpoints.chapterRentWithSubscribe)

  route(app, deps, endpoints.coinHistory, async ({ req, params, query, locale }) => {
    const member = await requireMember(deps, req)
    const tab = params.tab as CoinHistoryTab
    if (!HISTORY_TABS.includes(tab)) throw apiError('notFound')
    const last = query.lastRespondedSeqNo
    if (last !== undefined && last !== '' && !/^[1-9][0-9]{0,15}$/.test(last)) throw apiError('invalidParameter', { field: 'lastRespondedSeqNo' })
    return coinHistory(deps, member.memberId, tab, last ? Number(last) : null, locale)
  })

  route(app, deps, endpoints.coinExpire, async ({ req }) => {
    const member = await requireMember(deps, req)
    return coinExpire(deps, member.memberId)
  })

  // SPEC §7 GET /coin/expire/{x}: x days ahead. Who asks comes first (a visitor learns nothing of the parameter).
  route(app, deps, endpoints.coinExpireWithin, async ({ req, params, reply }) => {
    const member = await requireMember(deps, req)
    const days = parseExpiryWindowDays(params.days)
    if (days === null) throw apiError('notFound')
    reply.header('cache-control', 'no-store')
    return coinExpireWithin(deps, member.memberId, days)
  })
}
