import { LOCALES, checkCouponForm, normaliseCouponCode, type CouponForm, type FieldError, type OpsCoupon, type Page } from '@koma/contracts/server'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { parsePageNo } from '../../http/ids'
import { writeAudit, type Actor } from './audit'
import { checkRewardTitle, rewardColumns } from './rewards'

/**
 * Coupons for operators (issue 17): list, create, end. Readers redeem them through the existing
 * coupon call (inbox/service.ts `redeemCoupon`), which normalises codes the same way.
 */

const PAGE_SIZE = 20

function toOpsCoupon(row: Record<string, unknown>, now: Date): OpsCoupon {
  const texts = (typeof row.texts === 'string' ? JSON.parse(row.texts) : row.texts) as Record<string, { title?: string }>
  const startsAt = new Date(row.starts_at as string)
  const endsAt = row.ends_at ? new Date(row.ends_at as string) : null
  const redeemed = Number(row.redeemed_count)
  const max = row.max_redemptions === null ? null : Number(row.max_redemptions)
  return {
    code: String(row.code),
    titles: Object.fromEntries(LOCALES.map((locale) => [locale, texts[locale]?.title ?? ''])) as OpsCoupon['titles'],
    kind: row.kind as OpsCoupon['kind'],
    coinType: (row.coin_type ?? null) as OpsCoupon['coinType'],
    amount: Number(row.amount),
    contentId: row.content_id === null ? null : Number(row.content_id),
    validDays: row.grant_valid_days === null ? null : Number(row.grant_valid_days),
    startsAt: startsAt.toISOString(),
    endsAt: endsAt ? endsAt.toISOString() : null,
    maxRedemptions: max,
    redeemed,
    live: startsAt <= now && (!endsAt || endsAt > now) && (max === null || redeemed < max),
  }
}

export async function listCoupons(deps: AppDeps, query: { pageNo?: unknown }): Promise<{ coupons: OpsCoupon[]; page: Page }> {
  if (query.pageNo !== undefined && typeof query.pageNo !== 'string') throw apiError('invalidParameter', { field: 'pageNo' })
  const pageNo = parsePageNo(query.pageNo)
  const rows = await deps.db
    .selectFrom('coupons')
    .selectAll()
    .orderBy('starts_at', 'desc')
    .orderBy('code')
    .limit(PAGE_SIZE + 1)
    .offset((pageNo - 1) * PAGE_SIZE)
    .execute()
  const now = deps.clock.now()
  return {
    coupons: rows.slice(0, PAGE_SIZE).map((row) => toOpsCoupon(row, now)),
    page: { hasNext: rows.length > PAGE_SIZE, currentPageNo: pageNo, seqNo: null },
  }
}

export async function createCoupon(deps: AppDeps, actor: Actor, body: CouponForm, refuse: (errors: FieldError[]) => Error): Promise<OpsCoupon> {
  const now = deps.clock.now()
  const { setting, errors } = checkCouponForm(body, now)
  if (errors.length) throw refuse(errors)
  await checkRewardTitle(deps, setting, refuse)
  return deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('coupons')
      .values({
        code: setting.code,
        texts: JSON.stringify(Object.fromEntries(LOCALES.map((locale) => [locale, { title: setting.titles[locale] }]))),
        ...rewardColumns(setting),
        starts_at: new Date(setting.startsAt),
        ends_at: setting.endsAt ? new Date(setting.endsAt) : null,
        max_redemptions: setting.maxRedemptions,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returningAll()
      .executeTakeFirst()
    if (!inserted) throw apiError('couponExists')
    await writeAudit(trx, actor, { action: 'coupon.create', target: `coupon:${setting.code}`, before: null, after: setting })
    return toOpsCoupon(inserted, now)
  })
}

export async function endCoupon(deps: AppDeps, actor: Actor, rawCode: string | undefined): Promise<OpsCoupon> {
  const code = normaliseCouponCode(String(rawCode ?? ''))
  const now = deps.clock.now()
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('coupons').selectAll().where('code', '=', code).forUpdate().executeTakeFirst()
    if (!row) throw apiError('couponNotFound')
    const before = toOpsCoupon(row, now)
    if (row.ends_at && new Date(row.ends_at) <= now) return before
    const ended = await trx.updateTable('coupons').set({ ends_at: now }).where('code', '=', code).returningAll().executeTakeFirstOrThrow()
    const after = toOpsCoupon(ended, now)
    await writeAudit(trx, actor, { action: 'coupon.end', target: `coupon:${code}`, before, after })
    return after
  })
}
