import { endpoints } from '@koma/contracts/server'
import { couponSchema } from '@koma/contracts/validation'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { parseId } from '../../http/ids'
import { route } from '../../http/route'
import { checked } from '../../http/checked'
import { accountTimeZone } from '../../http/readerTime'
import { requireMember } from '../session/session'
import { claimAllGifts, claimDailyBonus, claimGift, dailyBonusStatus, grantOf, inboxCounts, listGifts, redeemCoupon } from './service'

/**
 * Inbox (gifts and messages), coupons, the daily bonus and the grants they made. Guests have an
 * inbox too (their tickets and coins are discarded if they sign in to another account).
 */
export function registerInboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.gifts, async ({ query, req, reply, locale }) => {
    const member = await requireMember(deps, req)
    reply.header('cache-control', 'no-store')
    return { gifts: await listGifts(deps, member.memberId, locale, query.tab === 'history' ? 'history' : 'available') }
  })

  route(app, deps, endpoints.giftClaim, async ({ params, req }) => {
    const member = await requireMember(deps, req)
    return { grant: await claimGift(deps, member.memberId, parseId(params.giftId)) }
  })

  route(app, deps, endpoints.giftClaimAll, async ({ req }) => {
    const member = await requireMember(deps, req)
    return { grants: await claimAllGifts(deps, member.memberId) }
  })

  route(app, deps, endpoints.messages, async ({ req, reply, locale }) => {
    const member = await requireMember(deps, req)
    const rows = await deps.db
      .selectFrom('inbox_messages')
      .selectAll()
      .where('member_id', '=', member.memberId)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute()
    reply.header('cache-control', 'no-store')
    return {
      messages: rows.map((row) => {
        const texts = row.texts[locale] ?? row.texts.en
        return {
          id: row.id,
          title: texts?.title ?? '',
          body: texts?.body ?? '',
          createdAt: new Date(row.created_at).toISOString(),
          read: row.read_at !== null,
          linkUrl: row.link_url,
        }
      }),
    }
  })

  route(app, deps, endpoints.messageRead, async ({ params, req }) => {
    const member = await requireMember(deps, req)
    const id = parseId(params.messageId)
    const updated = await deps.db
      .updateTable('inbox_messages')
      .set({ read_at: deps.clock.now() })
      .where('id', '=', id)
      .where('member_id', '=', member.memberId)
      .where('read_at', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) {
      const exists = await deps.db.selectFrom('inbox_messages').select('id').where('id', '=', id).where('member_id', '=', member.memberId).executeTakeFirst()
      if (!exists) parseId('x')
    }
    return { read: true as const }
  })

  route(app, deps, endpoints.inboxCount, async ({ req, reply, locale }) => {
    const member = await requireMember(deps, req)
    reply.header('cache-control', 'no-store')
    return inboxCounts(deps, member.memberId, locale)
  })

  route(
    app,
    deps,
    endpoints.couponRedeem,
    async ({ body, req, locale }) => {
      const member = await requireMember(deps, req)
      await req.server.abuseLimits.account('couponRedeem', req, member.memberId)
      const { code } = checked(couponSchema, { code: body.code }, locale)
      return redeemCoupon(deps, member.memberId, code, locale)
    },
    { limit: 'couponRedeem' },
  )

  // The day is the account's (its stored time zone), never the one the request's header names (issue 33).
  route(app, deps, endpoints.dailyBonus, async ({ req, reply }) => {
    const member = await requireMember(deps, req)
    reply.header('cache-control', 'no-store')
    return dailyBonusStatus(deps, member.memberId, await accountTimeZone(deps, member.memberId, req))
  })

  route(app, deps, endpoints.dailyBonusClaim, async ({ req }) => {
    const member = await requireMember(deps, req)
    const zone = await accountTimeZone(deps, member.memberId, req)
    const grant = await claimDailyBonus(deps, member.memberId, zone)
    return { grant, status: await dailyBonusStatus(deps, member.memberId, zone) }
  })

  route(app, deps, endpoints.grants, async ({ req, reply }) => {
    const member = await requireMember(deps, req)
    const rows = await deps.db
      .selectFrom('reward_grants')
      .selectAll()
      .where('member_id', '=', member.memberId)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute()
    reply.header('cache-control', 'no-store')
    return { grants: rows.map((row) => grantOf(row)) }
  })
}
