import { endpoints, isLocale, type Notice, type NoticeSummary } from '@koma/contracts/server'
import { inquirySchema } from '@koma/contracts/validation'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { checked } from '../../http/checked'
import { apiError } from '../../http/errorCatalogue'
import { parseId, parsePageNo } from '../../http/ids'
import { route } from '../../http/route'
import { uploadRoute } from '../../http/uploads'
import { BODY_LIMITS } from '../../limits'
import { deviceIdOf, sessionMember } from '../session/session'
import * as queries from './queries'
import { legalDocument, storeInquiryImage, submitInquiry, toFaq } from './service'

const PAGE_SIZE = 20

/** Inquiries (category, text, up to 3 images checked by content) and the documents: notices, FAQ, legal. */
export function registerSupportRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Images are uploaded raw, one at a time, before the form: each gets a token the form sends.
  uploadRoute(
    app,
    deps,
    endpoints.inquiryImage,
    async ({ body, req }) => {
      const deviceId = deviceIdOf(req)
      if (!deviceId) throw apiError('deviceIdMissing')
      const member = await sessionMember(deps, req)
      if (member) await req.server.abuseLimits.account('inquiryImage', req, member.memberId)
      return storeInquiryImage(deps, body as unknown as Buffer, deviceId, member)
    },
    { limit: 'inquiryImage', maxBytes: BODY_LIMITS.inquiryImage },
  )

  route(
    app,
    deps,
    endpoints.inquiry,
    async ({ body, req, locale }) => {
      const form = checked(inquirySchema, body, locale)
      const deviceId = deviceIdOf(req)
      const member = await sessionMember(deps, req)
      if (member) await req.server.abuseLimits.account('inquiry', req, member.memberId)
      return submitInquiry(deps, form, deviceId, member, locale)
    },
    { limit: 'inquiry' },
  )

  route(app, deps, endpoints.notices, async ({ query, locale }) => {
    const pageNo = parsePageNo(query.pageNo)
    const rows = await queries.noticesPage(deps.db, locale, deps.clock.now(), pageNo, PAGE_SIZE)
    const notices: NoticeSummary[] = rows
      .slice(0, PAGE_SIZE)
      .map((row) => ({ id: row.id, category: row.category, pinned: row.pinned, title: row.title, publishedAt: new Date(row.published_at).toISOString() }))
    return { notices, page: { hasNext: rows.length > PAGE_SIZE, currentPageNo: pageNo, seqNo: null } }
  })

  route(app, deps, endpoints.notice, async ({ params, locale }) => {
    const row = await queries.publishedNotice(deps.db, parseId(params.id), locale, deps.clock.now())
    if (!row) throw apiError('notFound')
    return {
      id: row.id,
      category: row.category,
      pinned: row.pinned,
      title: row.title,
      body: row.body,
      publishedAt: new Date(row.published_at).toISOString(),
    } satisfies Notice
  })

  route(app, deps, endpoints.faqs, async ({ query, locale }) => {
    // A repeated key arrives as an array: only one category is a category.
    const category = typeof query.category === 'string' && query.category ? query.category : null
    return { faqs: (await queries.faqs(deps.db, locale, category)).map(toFaq) }
  })

  route(app, deps, endpoints.faq, async ({ params, locale }) => {
    const row = await queries.faq(deps.db, locale, parseId(params.id))
    if (!row) throw apiError('notFound')
    return toFaq(row)
  })

  route(app, deps, endpoints.legal, async ({ params, locale }) => legalDocument(deps, params.type, null, isLocale(locale) ? locale : 'en'))
  route(app, deps, endpoints.legalVersion, async ({ params, locale }) => legalDocument(deps, params.type, parseId(params.version), locale))
}
