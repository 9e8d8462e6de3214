import {
  adultVerificationExpiresAt,
  adultVerificationValid,
  ageOn,
  ACCOUNT_LIMITS,
  deviceLabel,
  DEFAULT_VIEWER_SETTINGS,
  endpoints,
  isAutoScrollSpeed,
  isCalendarDay,
  safeRedirect,
  timeZoneChangeableFrom,
  validTimeZone,
  type AccountSettings,
  type MatureStatus,
} from '@koma/contracts/server'
import { deleteAccountSchema, mobileFormSchema, nicknameFormSchema } from '@koma/contracts/validation'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import type { MemberSettingsTable } from '../../db/schema'
import { apiError } from '../../http/errorCatalogue'
import { route } from '../../http/route'
import { uploadRoute } from '../../http/uploads'
import { BODY_LIMITS } from '../../limits'
import { imageUrl } from '../image/urls'
import { requireFullMember } from '../member/guest'
import { clearSessionCookies, deviceIdOf, forgetSession, requireMember } from '../session/session'
import { checked } from '../../http/checked'
import { accountTimeZone, mailTime } from '../../http/readerTime'
import { iso, randomToken } from '../../http/tokens'
import * as queries from './queries'
import { requireCurrentPassword, sealedIfSent } from './reauth'
import { reencoded, sniffImage, uploadedImage } from '../image/uploaded'

type SettingsRow = Pick<
  MemberSettingsTable,
  | 'notify_marketing'
  | 'notify_subscription'
  | 'notify_free_episode'
  | 'notify_news_email'
  | 'notify_release'
  | 'night_restriction'
  | 'key_layout'
  | 'image_quality_wifi'
  | 'image_quality_mobile'
  | 'do_not_share'
  | 'auto_scroll_speed'
  | 'paper_mode'
>

const toSettings = (row: { [K in keyof SettingsRow]: unknown } | undefined): Omit<AccountSettings, 'timeZone'> => ({
  notifications: {
    marketing: Boolean(row?.notify_marketing ?? false),
    subscriptionUpdates: Boolean(row?.notify_subscription ?? true),
    freeEpisodeUpdates: Boolean(row?.notify_free_episode ?? true),
    newsEmails: Boolean(row?.notify_news_email ?? false),
    releaseUpdates: Boolean(row?.notify_release ?? true),
    nightRestriction: Boolean(row?.night_restriction ?? true),
  },
  viewer: {
    keyLayout: (row?.key_layout as 'auto' | 'fixed') ?? 'auto',
    imageQuality: {
      wifi: (row?.image_quality_wifi as 'high' | 'data_saving') ?? 'high',
      mobile: (row?.image_quality_mobile as 'high' | 'data_saving') ?? 'data_saving',
    },
    autoScrollSpeed: isAutoScrollSpeed(row?.auto_scroll_speed) ? row.auto_scroll_speed : DEFAULT_VIEWER_SETTINGS.autoScrollSpeed,
    paper: Boolean(row?.paper_mode ?? false),
  },
  privacy: { doNotShare: Boolean(row?.do_not_share ?? false) },
})

export async function loadSettings(deps: AppDeps, memberId: number, req: FastifyRequest): Promise<AccountSettings> {
  const zone = await accountTimeZone(deps, memberId, req)
  const row = await deps.db.selectFrom('members').select('time_zone_changed_at').where('id', '=', memberId).executeTakeFirst()
  const changedAt = row?.time_zone_changed_at ? new Date(row.time_zone_changed_at) : null
  const changeableFrom = timeZoneChangeableFrom(changedAt, deps.clock.now())
  return { ...toSettings(await queries.settingsRow(deps.db, memberId)), timeZone: { zone, changeableFrom: changeableFrom?.toISOString() ?? null } }
}

/**
 * The member's setting is the only way a stored time zone changes (issue 33), once in
 * ACCOUNT_LIMITS.timeZoneChangeDays: one conditional update, so two changes at once make one.
 * The same zone again changes nothing and spends nothing. A changed zone opens no second daily
 * bonus in a day already claimed (`dailyBonusClaimable` counts the last claim in both zones).
 */
async function changeTimeZone(deps: AppDeps, memberId: number, value: unknown, req: FastifyRequest): Promise<void> {
  const zone = validTimeZone(value)
  if (!zone) throw apiError('timeZoneUnknown')
  const current = await accountTimeZone(deps, memberId, req)
  if (current === zone) return
  const now = deps.clock.now()
  const since = new Date(now.getTime() - ACCOUNT_LIMITS.timeZoneChangeDays * 24 * 60 * 60 * 1000)
  const changed = await deps.db
    .updateTable('members')
    .set({ time_zone: zone, time_zone_changed_at: now })
    .where('id', '=', memberId)
    .where((eb) => eb.or([eb('time_zone_changed_at', 'is', null), eb('time_zone_changed_at', '<=', since)]))
    .executeTakeFirst()
  if (Number(changed.numUpdatedRows) > 0) return
  const row = await deps.db.selectFrom('members').select('time_zone_changed_at').where('id', '=', memberId).executeTakeFirst()
  const from = timeZoneChangeableFrom(row?.time_zone_changed_at ? new Date(row.time_zone_changed_at) : null, now) ?? now
  const error = apiError('timeZoneChangeTooSoon', { days: ACCOUNT_LIMITS.timeZoneChangeDays, date: mailTime(from, current) })
  error.headers['retry-after'] = String(Math.max(1, Math.ceil((from.getTime() - now.getTime()) / 1000)))
  throw error
}

const saveSettings = (deps: AppDeps, memberId: number, changes: Partial<{ [K in keyof SettingsRow]: boolean | string | number }>): Promise<void> =>
  queries.saveSettings(deps.db, memberId, changes, deps.clock.now())

const FLAG_FIELDS = {
  marketing: 'notify_marketing',
  subscriptionUpdates: 'notify_subscription',
  freeEpisodeUpdates: 'notify_free_episode',
  newsEmails: 'notify_news_email',
  releaseUpdates: 'notify_release',
  nightRestriction: 'night_restriction',
  doNotShare: 'do_not_share',
  paperMode: 'paper_mode',
} as const
const QUALITY = ['high', 'data_saving']

async function matureStatus(deps: AppDeps, memberId: number): Promise<MatureStatus> {
  const row = await queries.matureRow(deps.db, memberId)
  const verifiedAt = row.adult_verified_at ? new Date(row.adult_verified_at) : null
  const valid = adultVerificationValid(verifiedAt, deps.clock.now())
  return {
    acceptMature: row.accept_mature && valid,
    adultVerification: valid,
    adultVerificationExpiresAt: verifiedAt && valid ? adultVerificationExpiresAt(verifiedAt).toISOString() : null,
  }
}

/** Profile edits, settings, devices, account deletion, mature content and adult verification. */
export function registerProfileRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.nickname, async ({ body, req, locale }) => {
    const member = await requireFullMember(deps, req)
    const { nickname } = checked(nicknameFormSchema, { nickname: body.nickname }, locale)
    await queries.updateMember(deps.db, member.memberId, { nickname })
    return { nickname }
  })

  route(app, deps, endpoints.mobile, async ({ body, req, locale }) => {
    const member = await requireFullMember(deps, req)
    const { mobile } = checked(mobileFormSchema, { mobile: body.mobile }, locale)
    await queries.updateMember(deps.db, member.memberId, { mobile })
    return { mobile }
  })

  uploadRoute(
    app,
    deps,
    endpoints.avatarUpload,
    async ({ body, req }) => {
      const member = await requireFullMember(deps, req)
      await req.server.abuseLimits.account('avatarUpload', req, member.memberId)
      await sniffImage(body)
      const size = 240
      const bytes = await reencoded(() =>
        uploadedImage(body as unknown as Buffer)
          .rotate()
          .resize(size, size, { fit: 'cover' })
          .webp({ quality: 82 })
          .toBuffer(),
      )
      const imageId = await queries.saveAvatar(deps.db, deps.objects, member.memberId, { size, bytes })
      return { avatarImageUrl: imageUrl(imageId) }
    },
    { limit: 'avatarUpload', maxBytes: BODY_LIMITS.avatar },
  )

  route(app, deps, endpoints.avatarDelete, async ({ req }) => {
    const member = await requireFullMember(deps, req)
    await queries.updateMember(deps.db, member.memberId, { avatar_image_id: null })
    return { avatarImageUrl: null }
  })

  route(app, deps, endpoints.notifyEmail, async ({ params, req }) => {
    const member = await requireFullMember(deps, req)
    if (params.value !== 'on' && params.value !== 'off') throw apiError('notFound')
    const on = params.value === 'on'
    await queries.updateMember(deps.db, member.memberId, { email_notify: on })
    await saveSettings(deps, member.memberId, { notify_news_email: on })
    return { emailNotify: on }
  })

  route(app, deps, endpoints.marketInfoAgree, async ({ body, req }) => {
    const member = await requireFullMember(deps, req)
    if (body.marketInfoAgree !== 'Y' && body.marketInfoAgree !== 'N') throw apiError('invalidParameter', { field: 'marketInfoAgree' })
    const agree = body.marketInfoAgree === 'Y'
    await queries.updateMember(deps.db, member.memberId, { marketing_agree: agree })
    await saveSettings(deps, member.memberId, { notify_marketing: agree })
    return { marketInfoAgree: agree }
  })

  // Settings: guests have them too (the viewer reads them for whoever reads).
  route(app, deps, endpoints.settings, async ({ req, reply }) => {
    const member = await requireMember(deps, req)
    reply.header('cache-control', 'no-store')
    return loadSettings(deps, member.memberId, req)
  })

  route(app, deps, endpoints.settingsUpdate, async ({ body, req }) => {
    const member = await requireMember(deps, req)
    const changes: Record<string, boolean | string | number> = {}
    for (const [field, column] of Object.entries(FLAG_FIELDS)) {
      const value = (body as Record<string, unknown>)[field]
      if (value === undefined) continue
      if (value !== 'true' && value !== 'false') throw apiError('invalidParameter', { field })
      changes[column] = value === 'true'
    }
    if (body.keyLayout !== undefined) {
      if (body.keyLayout !== 'auto' && body.keyLayout !== 'fixed') throw apiError('invalidParameter', { field: 'keyLayout' })
      changes.key_layout = body.keyLayout
    }
    for (const [field, column] of [
      ['imageQualityWifi', 'image_quality_wifi'],
      ['imageQualityMobile', 'image_quality_mobile'],
    ] as const) {
      const value = body[field]
      if (value === undefined) continue
      if (!QUALITY.includes(value)) throw apiError('invalidParameter', { field })
      changes[column] = value
    }
    if (body.autoScrollSpeed !== undefined) {
      const speed = /^[1-5]$/.test(body.autoScrollSpeed) ? Number(body.autoScrollSpeed) : NaN
      if (!isAutoScrollSpeed(speed)) throw apiError('invalidParameter', { field: 'autoScrollSpeed' })
      changes.auto_scroll_speed = speed
    }
    if (body.timeZone !== undefined) await changeTimeZone(deps, member.memberId, body.timeZone, req)
    if (Object.keys(changes).length) await saveSettings(deps, member.memberId, changes)
    if ('notify_marketing' in changes) await queries.updateMember(deps.db, member.memberId, { marketing_agree: Boolean(changes.notify_marketing) })
    if ('notify_news_email' in changes) await queries.updateMember(deps.db, member.memberId, { email_notify: Boolean(changes.notify_news_email) })
    return loadSettings(deps, member.memberId, req)
  })

  // Devices: one per web device id, from the sessions that carry it.
  route(app, deps, endpoints.devices, async ({ req, reply }) => {
    const member = await requireFullMember(deps, req)
    const rows = await queries.deviceSessions(deps.db, member.memberId, deps.clock.realNow())
    const current = deviceIdOf(req)
    const byDevice = new Map<string, (typeof rows)[number] & { firstAt: Date }>()
    for (const row of rows) {
      const id = String(row.device_id)
      const seen = byDevice.get(id)
      const created = new Date(row.created_at)
      if (!seen) byDevice.set(id, { ...row, firstAt: created })
      else if (created < seen.firstAt) seen.firstAt = created
    }
    reply.header('cache-control', 'no-store')
    return {
      devices: [...byDevice.entries()].map(([deviceId, row]) => ({
        deviceId,
        ...deviceLabel(row.user_agent),
        lastSeenAt: new Date(row.last_seen_at).toISOString(),
        createdAt: row.firstAt.toISOString(),
        current: deviceId === current,
      })),
    }
  })

  route(app, deps, endpoints.deviceRemove, async ({ params, req, reply }) => {
    const member = await requireFullMember(deps, req)
    if ((await queries.removeDeviceSessions(deps.db, member.memberId, params.deviceId)) === 0) throw apiError('deviceNotFound')
    const signedOutHere = deviceIdOf(req) === params.deviceId
    if (signedOutHere) {
      forgetSession(req)
      clearSessionCookies(req, reply)
    }
    return { removed: true as const, signedOutHere }
  })

  route(app, deps, endpoints.deleteMember, async ({ params, body, req, reply, locale }) => {
    const member = await requireFullMember(deps, req)
    if (params.userId !== 'me' && params.userId !== String(member.memberId)) throw apiError('notYourAccount')
    const { reason } = checked(deleteAccountSchema, { reason: body.reason }, locale)
    // Members with a password confirm it (sealed); a social-only member has none to give.
    const row = await queries.passwordOf(deps.db, member.memberId)
    if (row.password_hash) {
      const payload = await sealedIfSent<{ currentPassword?: unknown }>(deps, body)
      await requireCurrentPassword(deps, req, { email: row.email, passwordHash: row.password_hash }, payload?.currentPassword, locale)
    }
    const now = deps.clock.now()
    await queries.eraseMember(deps.db, member.memberId, reason, now)
    forgetSession(req)
    clearSessionCookies(req, reply)
    return { deleted: true as const }
  })

  // Mature content and adult verification (SPEC §4; 451 when verification is missing or expired).
  route(app, deps, endpoints.mature, async ({ req }) => {
    const member = await requireFullMember(deps, req)
    return matureStatus(deps, member.memberId)
  })

  route(app, deps, endpoints.matureAccept, async ({ params, req }) => {
    const member = await requireFullMember(deps, req)
    if (params.value !== 'on' && params.value !== 'off') throw apiError('notFound')
    if (params.value === 'on') {
      const status = await matureStatus(deps, member.memberId)
      if (!status.adultVerification) throw apiError('adultVerificationRequired')
    }
    await queries.updateMember(deps.db, member.memberId, { accept_mature: params.value === 'on' })
    return matureStatus(deps, member.memberId)
  })

  route(app, deps, endpoints.certificationInit, async ({ query, req }) => {
    const member = await requireFullMember(deps, req)
    // Only the sandbox service exists: production offers verification only with KOMA_SANDBOX_CERTIFICATION=1.
    if (!deps.config.sandboxes.certification) throw apiError('adultVerificationUnavailable')
    const now = deps.clock.now()
    const tradeId = randomToken(12)
    const sessionId = randomToken(12)
    await queries.startCertification(deps.db, {
      tradeId,
      memberId: member.memberId,
      sessionId,
      redirect: safeRedirect(query.redirect, '/account/setting'),
      now,
      expiresAt: new Date(now.getTime() + 30 * 60 * 1000),
    })
    return { iaSystemUrl: `/api/sandbox/certification/${tradeId}`, neTradeId: tradeId, sessionId }
  })

  route(app, deps, endpoints.certificationComplete, async ({ query, req }) => {
    const member = await requireFullMember(deps, req)
    if (typeof query.code !== 'string' || query.code.length < 10) throw apiError('certificateExpired')
    const now = deps.clock.now()
    const row = await queries.completeCertification(deps.db, member.memberId, query.code, now)
    if (!row) throw apiError('certificateExpired')
    if (row.result !== 'verified') throw apiError('adultVerificationFailed')
    await queries.updateMember(deps.db, member.memberId, { adult_verified_at: now })
    return matureStatus(deps, member.memberId)
  })
}

/** The sandbox verification service decides by the birthday the reader enters (18 or older). */
export function adultByBirthday(birthday: string, todayDay: string): boolean {
  return isCalendarDay(birthday) && ageOn(birthday, todayDay) >= ACCOUNT_LIMITS.adultAge
}

export { iso }
