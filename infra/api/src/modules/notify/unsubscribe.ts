import { isLocale, isNotificationKind, NOTIFICATION_SETTING, pathInLocale, type Locale, type NotificationKind } from '@koma/contracts/server'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { appSecret } from '../../db/secrets'
import type { AppDeps } from '../../deps'
import { sendPage } from '../../http/pages'
import { requestLocale } from '../../http/locale'
import { UNSUBSCRIBE_PAGE } from './texts'

/**
 * One-click unsubscribe (RFC 8058), one link per member and kind: `/api/notify/unsubscribe/{token}`
 * with token = `{memberId}.{kind}.{hmac}`. It works without signing in: GET shows a confirmation
 * page, POST (the page's button, or a mail client's one-click `List-Unsubscribe=One-Click`)
 * turns the kind's setting off. The key is generated once and kept in the database.
 */
export const UNSUBSCRIBE_PATH = '/api/notify/unsubscribe'
const SECRET_NAME = 'notification-unsubscribe'
const MAC_CHARS = 27

const keyOf = (deps: AppDeps): Promise<Buffer> => appSecret(deps.db, SECRET_NAME)

const mac = (key: Buffer, memberId: number, kind: NotificationKind): string =>
  createHmac('sha256', key).update(`unsubscribe|${memberId}|${kind}`).digest('base64url').slice(0, MAC_CHARS)

export async function unsubscribeUrl(deps: AppDeps, memberId: number, kind: NotificationKind): Promise<string> {
  return `${deps.config.publicUrl}${UNSUBSCRIBE_PATH}/${memberId}.${kind}.${mac(await keyOf(deps), memberId, kind)}`
}

export async function readUnsubscribeToken(deps: AppDeps, token: unknown): Promise<{ memberId: number; kind: NotificationKind } | null> {
  if (typeof token !== 'string') return null
  // None of the three groups is optional: a match has them all, no match none.
  const [, id, kind, tag] = /^([1-9]\d{0,14})\.([a-z_]{1,20})\.([\w-]{27})$/.exec(token) ?? []
  if (id === undefined || tag === undefined || kind === undefined || !isNotificationKind(kind)) return null
  const memberId = Number(id)
  const expected = Buffer.from(mac(await keyOf(deps), memberId, kind))
  const given = Buffer.from(tag)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  return { memberId, kind }
}

const SETTING_COLUMN = {
  subscriptionUpdates: 'notify_subscription',
  freeEpisodeUpdates: 'notify_free_episode',
  newsEmails: 'notify_news_email',
  marketing: 'notify_marketing',
  releaseUpdates: 'notify_release',
} as const

/** Turn a kind off for a member (the same switches as the settings screen). */
export async function unsubscribe(deps: AppDeps, memberId: number, kind: NotificationKind): Promise<void> {
  const setting = NOTIFICATION_SETTING[kind]
  const column = SETTING_COLUMN[setting]
  await deps.db
    .insertInto('member_settings')
    .values({ member_id: memberId, [column]: false })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ [column]: false, updated_at: deps.clock.now() }))
    .execute()
  // The profile's own copies of two of these switches (account/profile.ts keeps them in step).
  if (kind === 'news') await deps.db.updateTable('members').set({ email_notify: false }).where('id', '=', memberId).execute()
  if (kind === 'gift_expiring') await deps.db.updateTable('members').set({ marketing_agree: false }).where('id', '=', memberId).execute()
}

const escape = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function page(reply: FastifyReply, locale: Locale, title: string, body: string): FastifyReply {
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} · Koma</title><style>
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","Hiragino Sans","Noto Sans JP",Roboto,sans-serif;background:#f2f3f5;color:#1a1a1a;display:grid;place-items:center;min-height:100vh;padding:16px}
main{background:#fff;border-radius:16px;box-shadow:0 10px 40px rgba(0,0,0,.08);max-width:440px;width:100%;padding:32px 28px}
.logo{font-weight:800;font-size:20px;letter-spacing:.02em;margin-bottom:20px;color:#1a1a1a;text-decoration:none;display:inline-block}
h1{font-size:22px;margin:0 0 10px}p{color:#555;font-size:15px;line-height:1.6;margin:0 0 22px}
button,.link{display:block;width:100%;text-align:center;font-size:15px;font-weight:700;padding:13px;border-radius:24px;border:0;cursor:pointer;text-decoration:none}
button{background:#1a1a1a;color:#fff}.link{background:#f2f3f5;color:#1a1a1a;margin-top:10px}
</style></head><body><main><a class="logo" href="/">Koma</a>${body}</main></body></html>`
  return sendPage(reply, html)
}

const settingsPath = (locale: Locale): string => pathInLocale(locale, '/account/setting')

async function memberLocale(deps: AppDeps, memberId: number, req: FastifyRequest): Promise<Locale> {
  const row = await deps.db.selectFrom('members').select('locale').where('id', '=', memberId).executeTakeFirst()
  return isLocale(row?.locale) ? row.locale : requestLocale(req)
}

export function registerUnsubscribeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const bare = { config: { bare: true } }
  const invalid = (req: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(req)
    const words = UNSUBSCRIBE_PAGE[locale]
    return page(
      reply.status(404),
      locale,
      words.invalid,
      `<h1>${escape(words.invalid)}</h1><p data-testid="unsubscribe-invalid">${escape(words.invalidLead)}</p><a class="link" href="${settingsPath(locale)}">${escape(words.settings)}</a>`,
    )
  }

  app.get(`${UNSUBSCRIBE_PATH}/:token`, bare, async (req, reply) => {
    const target = await readUnsubscribeToken(deps, (req.params as { token?: unknown }).token)
    if (!target) return invalid(req, reply)
    const locale = await memberLocale(deps, target.memberId, req)
    const words = UNSUBSCRIBE_PAGE[locale]
    const token = (req.params as { token: string }).token
    // Confirm first: mail scanners follow links, and a GET must change nothing.
    return page(
      reply,
      locale,
      words.title,
      `<h1>${escape(words.title)}</h1><p>${escape(words.lead[target.kind])}</p><form method="post" action="${UNSUBSCRIBE_PATH}/${escape(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button data-testid="unsubscribe-confirm">${escape(words.confirm)}</button></form><a class="link" href="${settingsPath(locale)}">${escape(words.settings)}</a>`,
    )
  })

  app.post(`${UNSUBSCRIBE_PATH}/:token`, bare, async (req, reply) => {
    const target = await readUnsubscribeToken(deps, (req.params as { token?: unknown }).token)
    if (!target) return invalid(req, reply)
    const exists = await deps.db.selectFrom('members').select('id').where('id', '=', target.memberId).where('deleted_at', 'is', null).executeTakeFirst()
    if (exists) await unsubscribe(deps, target.memberId, target.kind)
    const locale = await memberLocale(deps, target.memberId, req)
    const words = UNSUBSCRIBE_PAGE[locale]
    return page(
      reply,
      locale,
      words.done,
      `<h1 data-testid="unsubscribe-done">${escape(words.done)}</h1><p>${escape(words.doneLead)}</p><a class="link" href="${settingsPath(locale)}">${escape(words.settings)}</a>`,
    )
  })
}
