import {
  adultVerificationExpiresAt,
  adultVerificationValid,
  ageOn,
  ACCOUNT_LIMITS,
  deviceLabel,
  endpoints,
  isCalendarDay,
  safeRedirect,
  type AccountSettings,
  type MatureStatus,
} from '@koma/contracts/server'
import { deleteAccountSchema, mobileFormSchema, nicknameFormSchema } from '@koma/contracts/validation'
import type { FastifyInstance } from 'fastify'
import sharp, { type Metadata, type Sharp } from 'sharp'
import type { AppDeps } from '../../deps'
import type { MemberSettingsTable } from '../../db/schema'
import { HttpError } from '../../http/errors'
import { route } from '../../http/route'
import { uploadRoute } from '../../http/uploads'
import { BODY_LIMITS, UPLOAD_MAX_PIXELS } from '../../limits'
import { imageUrl } from '../image/urls'
import { requireFullMember } from '../member/guest'
import { clearSessionCookies, deviceIdOf, forgetSession, requireMember } from '../member/session'
import { checked, fail, iso, randomToken } from './common'
import { requireCurrentPassword, sealedIfSent } from './reauth'

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif'])

/**
 * An uploaded image checked by its content, never its name or declared type: sharp reads the
 * bytes; anything it cannot decode as JPEG, PNG, WebP or GIF is refused (SPEC §8 upload format).
 */
export async function sniffImage(bytes: unknown): Promise<{ format: string; width: number; height: number }> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw fail(400, 'uploadFormatInvalid')
  if (bytes.length > ACCOUNT_LIMITS.avatarBytes) throw fail(413, 'uploadTooLarge')
  let meta: Metadata
  try {
    // Only the header is read here (no pixels), so the pixel limit is checked below, by name.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw fail(400, 'uploadFormatInvalid')
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw fail(400, 'uploadFormatInvalid')
  // A few kilobytes can declare billions of pixels (a decompression bomb): refused before decoding.
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS) throw fail(413, 'uploadTooLarge')
  return { format: meta.format, width: meta.width, height: meta.height }
}

/** sharp over uploaded bytes, never decoding more than UPLOAD_MAX_PIXELS. */
export const uploadedImage = (bytes: Buffer): Sharp => sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS })

/** Re-encode an upload; a file that fails half-way through decoding is the upload message, never a 500. */
export async function reencoded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch {
    throw fail(400, 'uploadFormatInvalid')
  }
}

type SettingsRow = Pick<
  MemberSettingsTable,
  'notify_marketing' | 'notify_subscription' | 'notify_free_episode' | 'notify_news_email' | 'night_restriction' | 'key_layout' | 'image_quality_wifi' | 'image_quality_mobile'
>

const toSettings = (row: { [K in keyof SettingsRow]: unknown } | undefined): AccountSettings => ({
  notifications: {
    marketing: Boolean(row?.notify_marketing ?? false),
    subscriptionUpdates: Boolean(row?.notify_subscription ?? true),
    freeEpisodeUpdates: Boolean(row?.notify_free_episode ?? true),
    newsEmails: Boolean(row?.notify_news_email ?? false),
    nightRestriction: Boolean(row?.night_restriction ?? true),
  },
  viewer: {
    keyLayout: (row?.key_layout as 'auto' | 'fixed') ?? 'auto',
    imageQuality: { wifi: (row?.image_quality_wifi as 'high' | 'data_saving') ?? 'high', mobile: (row?.image_quality_mobile as 'high' | 'data_saving') ?? 'data_saving' },
  },
})

export async function loadSettings(deps: AppDeps, memberId: number): Promise<AccountSettings> {
  return toSettings(await deps.db.selectFrom('member_settings').selectAll().where('member_id', '=', memberId).executeTakeFirst())
}

async function saveSettings(deps: AppDeps, memberId: number, changes: Partial<{ [K in keyof SettingsRow]: boolean | string }>): Promise<void> {
  const now = deps.clock.now()
  await deps.db
    .insertInto('member_settings')
    .values({ member_id: memberId, ...(changes as object), updated_at: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ ...(changes as object), updated_at: now }))
    .execute()
}

const FLAG_FIELDS = {
  marketing: 'notify_marketing',
  subscriptionUpdates: 'notify_subscription',
  freeEpisodeUpdates: 'notify_free_episode',
  newsEmails: 'notify_news_email',
  nightRestriction: 'night_restriction',
} as const
const QUALITY = ['high', 'data_saving']

async function matureStatus(deps: AppDeps, memberId: number): Promise<MatureStatus> {
  const row = await deps.db.selectFrom('members').select(['accept_mature', 'adult_verified_at']).where('id', '=', memberId).executeTakeFirstOrThrow()
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
    await deps.db.updateTable('members').set({ nickname }).where('id', '=', member.memberId).execute()
    return { nickname }
  })

  route(app, deps, endpoints.mobile, async ({ body, req, locale }) => {
    const member = await requireFullMember(deps, req)
    const { mobile } = checked(mobileFormSchema, { mobile: body.mobile }, locale)
    await deps.db.updateTable('members').set({ mobile }).where('id', '=', member.memberId).execute()
    return { mobile }
  })

  uploadRoute(app, deps, endpoints.avatarUpload, async ({ body, req }) => {
    const member = await requireFullMember(deps, req)
    await req.server.abuseLimits.account('avatarUpload', req, member.memberId)
    await sniffImage(body)
    const size = 240
    const bytes = await reencoded(() => uploadedImage(body as unknown as Buffer).rotate().resize(size, size, { fit: 'cover' }).webp({ quality: 82 }).toBuffer())
    const image = await deps.db.insertInto('images').values({ width: size, height: size, mime: 'image/webp', bytes, access: 'public' }).returning('id').executeTakeFirstOrThrow()
    await deps.db.updateTable('members').set({ avatar_image_id: image.id }).where('id', '=', member.memberId).execute()
    return { avatarImageUrl: imageUrl(image.id) }
  }, { limit: 'avatarUpload', maxBytes: BODY_LIMITS.avatar })

  route(app, deps, endpoints.avatarDelete, async ({ req }) => {
    const member = await requireFullMember(deps, req)
    await deps.db.updateTable('members').set({ avatar_image_id: null }).where('id', '=', member.memberId).execute()
    return { avatarImageUrl: null }
  })

  route(app, deps, endpoints.notifyEmail, async ({ params, req }) => {
    const member = await requireFullMember(deps, req)
    if (params.value !== 'on' && params.value !== 'off') throw new HttpError(404, 'notFound')
    const on = params.value === 'on'
    await deps.db.updateTable('members').set({ email_notify: on }).where('id', '=', member.memberId).execute()
    await saveSettings(deps, member.memberId, { notify_news_email: on })
    return { emailNotify: on }
  })

  route(app, deps, endpoints.marketInfoAgree, async ({ body, req }) => {
    const member = await requireFullMember(deps, req)
    if (body.marketInfoAgree !== 'Y' && body.marketInfoAgree !== 'N') throw new HttpError(400, 'invalidParameter', { field: 'marketInfoAgree' })
    const agree = body.marketInfoAgree === 'Y'
    await deps.db.updateTable('members').set({ marketing_agree: agree }).where('id', '=', member.memberId).execute()
    await saveSettings(deps, member.memberId, { notify_marketing: agree })
    return { marketInfoAgree: agree }
  })

  // Settings: guests have them too (the viewer reads them for whoever reads).
  route(app, deps, endpoints.settings, async ({ req, reply }) => {
    const member = await requireMember(deps, req)
    reply.header('cache-control', 'no-store')
    return loadSettings(deps, member.memberId)
  })

  route(app, deps, endpoints.settingsUpdate, async ({ body, req }) => {
    const member = await requireMember(deps, req)
    const changes: Record<string, boolean | string> = {}
    for (const [field, column] of Object.entries(FLAG_FIELDS)) {
      const value = (body as Record<string, unknown>)[field]
      if (value === undefined) continue
      if (value !== 'true' && value !== 'false') throw new HttpError(400, 'invalidParameter', { field })
      changes[column] = value === 'true'
    }
    if (body.keyLayout !== undefined) {
      if (body.keyLayout !== 'auto' && body.keyLayout !== 'fixed') throw new HttpError(400, 'invalidParameter', { field: 'keyLayout' })
      changes.key_layout = body.keyLayout
    }
    for (const [field, column] of [['imageQualityWifi', 'image_quality_wifi'], ['imageQualityMobile', 'image_quality_mobile']] as const) {
      const value = body[field]
      if (value === undefined) continue
      if (!QUALITY.includes(value)) throw new HttpError(400, 'invalidParameter', { field })
      changes[column] = value
    }
    if (Object.keys(changes).length) await saveSettings(deps, member.memberId, changes)
    if ('notify_marketing' in changes) await deps.db.updateTable('members').set({ marketing_agree: Boolean(changes.notify_marketing) }).where('id', '=', member.memberId).execute()
    if ('notify_news_email' in changes) await deps.db.updateTable('members').set({ email_notify: Boolean(changes.notify_news_email) }).where('id', '=', member.memberId).execute()
    return loadSettings(deps, member.memberId)
  })

  // Devices: one per web device id, from the sessions that carry it.
  route(app, deps, endpoints.devices, async ({ req, reply }) => {
    const member = await requireFullMember(deps, req)
    const rows = await deps.db
      .selectFrom('sessions')
      .select(['device_id', 'user_agent', 'last_seen_at', 'created_at', 'id'])
      .where('member_id', '=', member.memberId)
      .where('device_id', 'is not', null)
      .where('expires_at', '>', deps.clock.realNow())
      .orderBy('last_seen_at', 'desc')
      .execute()
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
    const removed = await deps.db.deleteFrom('sessions').where('member_id', '=', member.memberId).where('device_id', '=', params.deviceId).executeTakeFirst()
    if (Number(removed.numDeletedRows) === 0) throw new HttpError(404, 'deviceNotFound')
    const signedOutHere = deviceIdOf(req) === params.deviceId
    if (signedOutHere) {
      forgetSession(req)
      clearSessionCookies(req, reply)
    }
    return { removed: true as const, signedOutHere }
  })

  route(app, deps, endpoints.deleteMember, async ({ params, body, req, reply, locale }) => {
    const member = await requireFullMember(deps, req)
    if (params.userId !== 'me' && params.userId !== String(member.memberId)) throw new HttpError(403, 'authenticationError')
    const { reason } = checked(deleteAccountSchema, { reason: body.reason }, locale)
    // Members with a password confirm it (sealed); a social-only member has none to give.
    const row = await deps.db.selectFrom('members').select(['email', 'password_hash']).where('id', '=', member.memberId).executeTakeFirstOrThrow()
    if (row.password_hash) {
      const payload = await sealedIfSent<{ currentPassword?: unknown }>(deps, body)
      await requireCurrentPassword(deps, req, { email: row.email, passwordHash: row.password_hash }, payload?.currentPassword, locale)
    }
    const now = deps.clock.now()
    await deps.db.transaction().execute(async (trx) => {
      // Kept as an anonymous row (comments and purchases keep pointing somewhere); nothing personal remains.
      await trx
        .updateTable('members')
        .set({
          email: null,
          password_hash: null,
          nickname: 'Deleted member',
          avatar_image_id: null,
          mobile: null,
          birthday: null,
          guest_device_id: null,
          email_notify: false,
          marketing_agree: false,
          accept_mature: false,
          deleted_at: now,
        })
        .where('id', '=', member.memberId)
        .execute()
      await trx.deleteFrom('sessions').where('member_id', '=', member.memberId).execute()
      await trx.deleteFrom('external_accounts').where('member_id', '=', member.memberId).execute()
      await trx.deleteFrom('email_codes').where('member_id', '=', member.memberId).execute()
      await trx.deleteFrom('password_resets').where('member_id', '=', member.memberId).execute()
      await trx.insertInto('account_deletions').values({ reason, deleted_at: now }).execute()
    })
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
    if (params.value !== 'on' && params.value !== 'off') throw new HttpError(404, 'notFound')
    if (params.value === 'on') {
      const status = await matureStatus(deps, member.memberId)
      if (!status.adultVerification) throw new HttpError(451, 'adultVerificationRequired')
    }
    await deps.db.updateTable('members').set({ accept_mature: params.value === 'on' }).where('id', '=', member.memberId).execute()
    return matureStatus(deps, member.memberId)
  })

  route(app, deps, endpoints.certificationInit, async ({ query, req }) => {
    const member = await requireFullMember(deps, req)
    // Only the sandbox service exists: production offers verification only with KOMA_SANDBOX_CERTIFICATION=1.
    if (!deps.config.sandboxes.certification) throw new HttpError(404, 'adultVerificationUnavailable')
    const now = deps.clock.now()
    const tradeId = randomToken(12)
    const sessionId = randomToken(12)
    await deps.db
      .insertInto('certifications')
      .values({
        trade_id: tradeId,
        member_id: member.memberId,
        session_id: sessionId,
        redirect: safeRedirect(query.redirect, '/account/setting'),
        created_at: now,
        expires_at: new Date(now.getTime() + 30 * 60 * 1000),
      })
      .execute()
    return { iaSystemUrl: `/api/sandbox/certification/${tradeId}`, neTradeId: tradeId, sessionId }
  })

  route(app, deps, endpoints.certificationComplete, async ({ query, req }) => {
    const member = await requireFullMember(deps, req)
    if (typeof query.code !== 'string' || query.code.length < 10) throw new HttpError(400, 'certificateExpired')
    const now = deps.clock.now()
    const row = await deps.db
      .updateTable('certifications')
      .set({ code: null, completed_at: now })
      .where('code', '=', query.code)
      .where('member_id', '=', member.memberId)
      .where('expires_at', '>', now)
      .returning(['result'])
      .executeTakeFirst()
    if (!row) throw new HttpError(400, 'certificateExpired')
    if (row.result !== 'verified') throw new HttpError(400, 'adultVerificationFailed')
    await deps.db.updateTable('members').set({ adult_verified_at: now }).where('id', '=', member.memberId).execute()
    return matureStatus(deps, member.memberId)
  })
}

/** The sandbox verification service decides by the birthday the reader enters (18 or older). */
export function adultByBirthday(birthday: string, todayDay: string): boolean {
  return isCalendarDay(birthday) && ageOn(birthday, todayDay) >= ACCOUNT_LIMITS.adultAge
}

export { iso }
