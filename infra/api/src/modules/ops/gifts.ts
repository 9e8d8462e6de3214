import { LOCALES, campaignState, checkGiftForm, type FieldError, type GiftSetting, type Locale, type OpsGift, type Page } from '@koma/contracts/server'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { readBack } from '../../db/rows'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { parseId, parsePageNo } from '../../http/ids'
import { writeAudit, type Actor } from './audit'
import { checkRewardTitle, rewardColumns } from './rewards'

/**
 * Gifts operators send (issue 17), to one member or to everyone. A gift is a campaign row; each
 * member's inbox copy (`inbox_gifts`) names it, once per member (a unique index), and is claimed
 * through the reader's own calls (inbox/service.ts), once (the claim locks the row, the grant is
 * unique per gift). A gift to one member lands in that inbox when it is sent; a gift to everyone
 * is copied into each member's inbox when they open it (inbox/service.ts `deliverGiftsToEveryone`),
 * so one send never writes a row per member. The request key the form sends makes a retried send
 * the same gift: nobody is credited twice because a request was sent twice.
 */

type Db = Kysely<Database> | Transaction<Database>
type Refuse = (errors: FieldError[]) => Error
const PAGE_SIZE = 20

const iso = (value: Date | string | null): string | null => (value ? new Date(value).toISOString() : null)

async function loadGifts(db: Db, ids: number[], now: Date): Promise<OpsGift[]> {
  if (!ids.length) return []
  const [rows, counts] = await Promise.all([
    db.selectFrom('gift_campaigns as c').leftJoin('members as m', 'm.id', 'c.member_id').selectAll('c').select('m.nickname').where('c.id', 'in', ids).execute(),
    db
      .selectFrom('inbox_gifts')
      .select((eb) => ['campaign_id', eb.fn.countAll<string>().as('delivered'), eb.fn.count<string>('claimed_at').as('claimed')])
      .where('campaign_id', 'in', ids)
      .groupBy('campaign_id')
      .execute(),
  ])
  return ids.flatMap((id) => {
    const row = rows.find((r) => Number(r.id) === id)
    if (!row) return []
    const count = counts.find((c) => Number(c.campaign_id) === id)
    const startsAt = new Date(row.starts_at).toISOString()
    const endsAt = iso(row.ends_at)
    return [
      {
        id,
        audience: row.audience,
        memberId: row.member_id === null ? null : Number(row.member_id),
        memberNickname: row.nickname ?? null,
        kind: row.kind,
        coinType: row.coin_type,
        amount: row.amount,
        contentId: row.content_id === null ? null : Number(row.content_id),
        validDays: row.grant_valid_days,
        startsAt,
        endsAt,
        state: campaignState({ startsAt, endsAt }, now),
        texts: Object.fromEntries(
          LOCALES.map((locale) => [locale, { title: row.texts[locale]?.title ?? '', description: row.texts[locale]?.description ?? '' }]),
        ) as Record<Locale, { title: string; description: string }>,
        delivered: Number(count?.delivered ?? 0),
        claimed: Number(count?.claimed ?? 0),
      },
    ]
  })
}

export async function listGiftCampaigns(deps: AppDeps, query: { pageNo?: unknown }): Promise<{ gifts: OpsGift[]; page: Page }> {
  if (query.pageNo !== undefined && typeof query.pageNo !== 'string') throw apiError('invalidParameter', { field: 'pageNo' })
  const pageNo = parsePageNo(query.pageNo)
  const rows = await deps.db
    .selectFrom('gift_campaigns')
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1)
    .offset((pageNo - 1) * PAGE_SIZE)
    .execute()
  const gifts = await loadGifts(
    deps.db,
    rows.slice(0, PAGE_SIZE).map((row) => Number(row.id)),
    deps.clock.now(),
  )
  return { gifts, page: { hasNext: rows.length > PAGE_SIZE, currentPageNo: pageNo, seqNo: null } }
}

/** What makes two sends the same gift (the start only when the form named one: "now" moves between retries). */
const fingerprint = (gift: GiftSetting, startNamed: boolean): string =>
  JSON.stringify([
    gift.audience,
    gift.memberId,
    gift.kind,
    gift.coinType,
    gift.amount,
    gift.contentId,
    gift.validDays,
    startNamed ? gift.startsAt : null,
    gift.endsAt,
    LOCALES.map((locale) => [gift.texts[locale].title, gift.texts[locale].description]),
  ])

export async function sendGift(deps: AppDeps, actor: Actor, body: Partial<Record<string, string>>, refuse: Refuse): Promise<OpsGift> {
  const now = deps.clock.now()
  const { setting, requestKey, errors } = checkGiftForm(body, now)
  if (errors.length) throw refuse(errors)
  if (setting.memberId !== null) {
    const member = await deps.db.selectFrom('members').select(['id', 'deleted_at']).where('id', '=', setting.memberId).executeTakeFirst()
    if (!member || member.deleted_at) throw refuse([{ field: 'memberId', problem: 'invalid' }])
  }
  await checkRewardTitle(deps, setting, refuse)
  const startNamed = Boolean(body.startsAt)
  const texts = JSON.stringify(setting.texts)
  const made = await deps.db.transaction().execute(async (trx) => {
    // The key is unique: of two sends with one key, one inserts and the other finds its gift.
    const inserted = await trx
      .insertInto('gift_campaigns')
      .values({
        request_key: requestKey,
        audience: setting.audience,
        member_id: setting.memberId,
        texts,
        ...rewardColumns(setting),
        starts_at: new Date(setting.startsAt),
        ends_at: setting.endsAt ? new Date(setting.endsAt) : null,
        created_by: actor.memberId,
      })
      .onConflict((oc) => oc.column('request_key').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) return null
    const id = Number(inserted.id)
    if (setting.memberId !== null)
      await trx
        .insertInto('inbox_gifts')
        .values({
          member_id: setting.memberId,
          campaign_id: id,
          texts,
          ...rewardColumns(setting),
          created_at: new Date(setting.startsAt),
          expires_at: setting.endsAt ? new Date(setting.endsAt) : null,
        })
        .onConflict((oc) => oc.columns(['campaign_id', 'member_id']).doNothing())
        .execute()
    const after = readBack(await loadGifts(trx, [id], now), 'loadGifts')
    await writeAudit(trx, actor, { action: 'gift.send', target: `gift:${id}`, before: null, after })
    return after
  })
  if (made) return made
  // Sent before with this key: the same gift again is that gift; another one is refused.
  const { id } = await deps.db.selectFrom('gift_campaigns').select('id').where('request_key', '=', requestKey).executeTakeFirstOrThrow()
  const existing = readBack(await loadGifts(deps.db, [Number(id)], now), 'loadGifts')
  if (fingerprint(existing, startNamed) !== fingerprint(setting, startNamed)) throw apiError('giftRequestReused')
  return existing
}

/** End a gift now: it reaches no more inboxes and what was not claimed can no longer be; what was claimed stays. */
export async function endGift(deps: AppDeps, actor: Actor, idParam: string | undefined): Promise<OpsGift> {
  const id = parseId(idParam)
  const now = deps.clock.now()
  return deps.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('gift_campaigns').select('id').where('id', '=', id).forUpdate().executeTakeFirst()
    const [before] = locked ? await loadGifts(trx, [id], now) : []
    if (!before) throw apiError('notFound')
    if (before.state === 'ended') return before
    await trx.updateTable('gift_campaigns').set({ ends_at: now }).where('id', '=', id).execute()
    await trx
      .updateTable('inbox_gifts')
      .set({ expires_at: now })
      .where('campaign_id', '=', id)
      .where('claimed_at', 'is', null)
      .where(sql<boolean>`expires_at is null or expires_at > ${now}`)
      .execute()
    const after = readBack(await loadGifts(trx, [id], now), 'loadGifts')
    await writeAudit(trx, actor, { action: 'gift.end', target: `gift:${id}`, before, after })
    return after
  })
}
