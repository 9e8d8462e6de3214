import { endpoints, isLocale, LEGAL_TYPES, type FaqEntry, type InquiryCategory, type LegalDocument, type Locale, type Notice, type NoticeSummary } from '@koma/contracts/server'
import { inquirySchema } from '@koma/contracts/validation'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { HttpError, notFound } from '../../http/errors'
import { parseId, parsePageNo } from '../../http/ids'
import { route } from '../../http/route'
import { uploadRoute } from '../../http/uploads'
import { BODY_LIMITS } from '../../limits'
import { checked, fail, randomToken, sendMail } from '../account/common'
import { reencoded, sniffImage, uploadedImage } from '../account/profile'
import { deviceIdOf, sessionMember } from '../member/session'

const PAGE_SIZE = 20

/** Inquiries (category, text, up to 3 images checked by content) and the documents: notices, FAQ, legal. */
export function registerSupportRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Images are uploaded raw, one at a time, before the form: each gets a token the form sends.
  uploadRoute(app, deps, endpoints.inquiryImage, async ({ body, req }) => {
    const deviceId = deviceIdOf(req)
    if (!deviceId) throw new HttpError(400, 'deviceIdMissing')
    const member = await sessionMember(deps, req)
    if (member) await req.server.abuseLimits.account('inquiryImage', req, member.memberId)
    const { width, height } = await sniffImage(body)
    // Re-encoded: whatever rode along in the original file (scripts, metadata) is dropped.
    const scale = Math.min(1, 2000 / Math.max(width, height))
    const bytes = await reencoded(() =>
      uploadedImage(body as unknown as Buffer)
        .rotate()
        .resize(Math.round(width * scale), Math.round(height * scale))
        .jpeg({ quality: 85 })
        .toBuffer({ resolveWithObject: true }),
    )
    const image = await deps.db.insertInto('images').values({ width: bytes.info.width, height: bytes.info.height, mime: 'image/jpeg', bytes: bytes.data, access: 'private' }).returning('id').executeTakeFirstOrThrow()
    const token = randomToken(18)
    // Who sent it (device, and member or guest when signed in): only they may attach it.
    await deps.db.insertInto('inquiry_uploads').values({ token, image_id: image.id, device_id: deviceId, member_id: member?.memberId ?? null, created_at: deps.clock.now() }).execute()
    return { imageId: token }
  }, { limit: 'inquiryImage', maxBytes: BODY_LIMITS.inquiryImage })

  route(app, deps, endpoints.inquiry, async ({ body, req, locale }) => {
    const form = checked(inquirySchema, body, locale)
    const deviceId = deviceIdOf(req)
    const member = await sessionMember(deps, req)
    if (member) await req.server.abuseLimits.account('inquiry', req, member.memberId)
    const now = deps.clock.now()
    const inquiry = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('inquiries')
        .values({ member_id: member?.memberId ?? null, email: form.email.trim(), category: form.category, body: form.text, locale, created_at: now })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow()
      if (form.imageIds.length) {
        const attached = await trx
          .updateTable('inquiry_uploads')
          .set({ inquiry_id: row.id })
          .where('token', 'in', form.imageIds)
          .where('device_id', '=', deviceId ?? '')
          // Uploaded signed out on this device, or by this very member.
          .where((eb) => (member ? eb.or([eb('member_id', 'is', null), eb('member_id', '=', member.memberId)]) : eb('member_id', 'is', null)))
          .where('inquiry_id', 'is', null)
          .executeTakeFirst()
        if (Number(attached.numUpdatedRows) !== new Set(form.imageIds).size) throw fail(400, 'uploadFormatInvalid')
      }
      return row
    })
    // Koma mails only a member's own (verified) account address, whatever the form says: an
    // address typed into the form is kept for the support team's answer, never mailed by us.
    const accountEmail = member && !member.guest ? (await deps.db.selectFrom('members').select('email').where('id', '=', member.memberId).executeTakeFirst())?.email ?? null : null
    if (accountEmail) await sendMail(deps, accountEmail, 'inquiry', locale, { id: String(inquiry.id) })
    return { inquiryId: inquiry.id, createdAt: new Date(inquiry.created_at).toISOString(), confirmationSent: accountEmail !== null }
  }, { limit: 'inquiry' })

  route(app, deps, endpoints.notices, async ({ query, locale }) => {
    const pageNo = parsePageNo(query.pageNo)
    const rows = await deps.db
      .selectFrom('notices as n')
      .innerJoin('notice_texts as t', (join) => join.onRef('t.notice_id', '=', 'n.id').on('t.lang', '=', locale))
      .select(['n.id', 'n.category', 'n.pinned', 'n.published_at', 't.title'])
      .where('n.published_at', '<=', deps.clock.now())
      .orderBy('n.pinned', 'desc')
      .orderBy('n.published_at', 'desc')
      .limit(PAGE_SIZE + 1)
      .offset((pageNo - 1) * PAGE_SIZE)
      .execute()
    const notices: NoticeSummary[] = rows.slice(0, PAGE_SIZE).map((row) => ({ id: row.id, category: row.category, pinned: row.pinned, title: row.title, publishedAt: new Date(row.published_at).toISOString() }))
    return { notices, page: { hasNext: rows.length > PAGE_SIZE, currentPageNo: pageNo, seqNo: null } }
  })

  route(app, deps, endpoints.notice, async ({ params, locale }) => {
    const id = parseId(params.id)
    const row = await deps.db
      .selectFrom('notices as n')
      .innerJoin('notice_texts as t', (join) => join.onRef('t.notice_id', '=', 'n.id').on('t.lang', '=', locale))
      .select(['n.id', 'n.category', 'n.pinned', 'n.published_at', 't.title', 't.body'])
      .where('n.id', '=', id)
      .where('n.published_at', '<=', deps.clock.now())
      .executeTakeFirst()
    if (!row) throw notFound()
    return { id: row.id, category: row.category, pinned: row.pinned, title: row.title, body: row.body, publishedAt: new Date(row.published_at).toISOString() } satisfies Notice
  })

  const faqQuery = (locale: Locale) =>
    deps.db.selectFrom('faqs as f').innerJoin('faq_texts as t', (join) => join.onRef('t.faq_id', '=', 'f.id').on('t.lang', '=', locale)).select(['f.id', 'f.category', 'f.sort', 't.question', 't.answer'])
  const toFaq = (row: { id: number; category: string; question: string; answer: string }): FaqEntry => ({ id: row.id, category: row.category as InquiryCategory, question: row.question, answer: row.answer })

  route(app, deps, endpoints.faqs, async ({ query, locale }) => {
    let q = faqQuery(locale).orderBy('f.sort').orderBy('f.id')
    // A repeated key arrives as an array: only one category is a category.
    if (typeof query.category === 'string' && query.category) q = q.where('f.category', '=', query.category)
    return { faqs: (await q.execute()).map(toFaq) }
  })

  route(app, deps, endpoints.faq, async ({ params, locale }) => {
    const row = await faqQuery(locale).where('f.id', '=', parseId(params.id)).executeTakeFirst()
    if (!row) throw notFound()
    return toFaq(row)
  })

  const legal = async (type: string, version: number | null, locale: Locale): Promise<LegalDocument> => {
    if (!(LEGAL_TYPES as readonly string[]).includes(type)) throw notFound()
    const versions = await deps.db
      .selectFrom('legal_documents')
      .select(['version', 'effective_at'])
      .where('type', '=', type)
      .where('effective_at', '<=', deps.clock.now())
      .orderBy('version', 'desc')
      .execute()
    const chosen = version === null ? versions[0] : versions.find((row) => row.version === version)
    if (!chosen) throw notFound()
    const text = await deps.db
      .selectFrom('legal_texts')
      .select(['title', 'body'])
      .where('type', '=', type)
      .where('version', '=', chosen.version)
      .where('lang', 'in', [locale, 'en'])
      .orderBy((eb) => eb.case().when('lang', '=', locale).then(0).else(1).end())
      .executeTakeFirst()
    if (!text) throw notFound()
    return {
      type: type as LegalDocument['type'],
      version: chosen.version,
      title: text.title,
      body: text.body,
      effectiveAt: new Date(chosen.effective_at).toISOString(),
      versions: versions.map((row) => ({ version: row.version, effectiveAt: new Date(row.effective_at).toISOString() })),
    }
  }

  route(app, deps, endpoints.legal, async ({ params, locale }) => legal(params.type, null, isLocale(locale) ? locale : 'en'))
  route(app, deps, endpoints.legalVersion, async ({ params, locale }) => legal(params.type, parseId(params.version), locale))
}
