import {
  LEGAL_TYPES,
  checkLegalForm,
  checkMaintenanceForm,
  checkReleaseRecord,
  checkUpdateForm,
  endpoints,
  maintenanceActive,
  text,
  type FieldError,
  type Locale,
  type ServiceState,
  type TextKey,
} from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { type HttpError } from '../../http/errors'
import { apiError, invalidInput } from '../../http/errorCatalogue'
import { readerAddress } from '../../http/rateLimit'
import { route } from '../../http/route'
import { auditPage, writeAudit } from './audit'
import { registerCampaignRoutes } from './campaignRoutes'
import { createCoupon, endCoupon, listCoupons } from './coupons'
import { deleteFaq, deleteNotice, listFaqs, listNotices, newestLegalVersions, publishLegal, saveFaq, saveNotice } from './documents'
import { editChapterSales, editTitleLabels, editTitleTexts, findTitles, listGenres, opsTitle, parseVisibilityAction, setTitleVisibility } from './content'
import { actOnReport, opsMember, parseReportRoute, parseSanction, reportQueue, sanctionMember } from './moderation'
import { enrolTotp, operatorStatus, requireOperator, verifyTotp } from './operators'
import { forgetServiceStates, saveServiceState, serviceStates } from './states'
import { invalidate } from '../../cluster/invalidation'
import { registerImportRoute } from './imports'
import { editPageDescription, opsChapterPages } from './pages'

const PROBLEM_TEXTS: Record<FieldError['problem'], TextKey> = {
  required: 'fieldRequired',
  tooLong: 'fieldTooLong',
  invalid: 'fieldInvalid',
  endBeforeStart: 'fieldEndBeforeStart',
  inPast: 'fieldInPast',
}

/** A form's problems as one 400: the first as the message, every one in `fields`. */
function formRefused(errors: FieldError[], locale: Locale): HttpError {
  const fields = errors.map((error) => ({
    field: error.field,
    message: text(PROBLEM_TEXTS[error.problem], locale, { field: error.field, max: error.max ?? 0 }),
  }))
  // A form is refused with at least one problem; the first is the message.
  return invalidInput(fields[0]?.message ?? text('invalidParameter', locale, { field: 'request' }), { fields })
}

/**
 * The operator API (issue 17). Each handler first asks `requireOperator` (401, 403, 403 step-up),
 * then reads what was sent; each change and its audit entry are one transaction.
 */
export function registerOpsRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.appVersion, async ({ reply }) => {
    reply.header('cache-control', 'no-store')
    return (await serviceStates(deps)).update
  })

  route(app, deps, endpoints.opsMe, async ({ req, reply }) => {
    reply.header('cache-control', 'no-store')
    return operatorStatus(deps, await requireOperator(deps, req, { stepUp: false }))
  })

  route(app, deps, endpoints.opsTotpEnrol, async ({ req, reply, body }) => {
    reply.header('cache-control', 'no-store')
    return enrolTotp(deps, await requireOperator(deps, req, { stepUp: false }), body.enrolmentCode, readerAddress(req))
  })

  route(app, deps, endpoints.opsTotpVerify, async ({ req, body }) =>
    verifyTotp(deps, await requireOperator(deps, req, { stepUp: false }), body.code, readerAddress(req)),
  )

  route(app, deps, endpoints.opsAudit, async ({ req, query }) => {
    await requireOperator(deps, req)
    return auditPage(deps.db, query)
  })

  const serviceState = async (): Promise<ServiceState> => {
    forgetServiceStates(deps)
    const states = await serviceStates(deps)
    return {
      maintenance: { ...states.maintenance, active: maintenanceActive(states.maintenance, deps.clock.now()) },
      update: states.update,
      legal: await newestLegalVersions(deps),
    }
  }

  route(app, deps, endpoints.opsService, async ({ req }) => {
    await requireOperator(deps, req)
    return serviceState()
  })

  route(app, deps, endpoints.opsMaintenance, async ({ req, body, locale }) => {
    const operator = await requireOperator(deps, req)
    const { setting, errors } = checkMaintenanceForm(body)
    if (errors.length) throw formRefused(errors, locale)
    const before = (await serviceStates(deps)).maintenance
    const now = deps.clock.now()
    await deps.db.transaction().execute(async (trx) => {
      await saveServiceState(trx, 'maintenance', setting, now)
      await writeAudit(trx, operator.actor, { action: 'service.maintenance', target: 'service:maintenance', before, after: setting })
    })
    // Every API process answers 503 (or stops) at once, not within its 2 s copy (cluster/invalidation.ts).
    await invalidate(deps, 'service-states', req.log)
    return (await serviceState()).maintenance
  })

  // The edge made a release for this operator (it holds the registry): the audit log records it.
  route(app, deps, endpoints.opsReleaseRecord, async ({ req, body, locale }) => {
    const operator = await requireOperator(deps, req)
    const { record, errors } = checkReleaseRecord(body)
    if (!record) throw formRefused(errors, locale)
    await writeAudit(deps.db, operator.actor, {
      action: `release.${record.action}`,
      target: `package:${record.package}`,
      before: { live: record.from },
      after: { live: record.to },
    })
    return { recorded: true }
  })

  // This process's own Prometheus figures for the console's Health page (the edge asks each API
  // process in turn, with the operator's own cookie): read from its registry, nothing counted twice.
  route(app, deps, endpoints.opsProcessReading, async ({ req, reply }) => {
    await requireOperator(deps, req)
    reply.header('cache-control', 'no-store')
    return { reading: deps.metrics ? await deps.metrics.reading(deps.config.instance) : null }
  })

  route(app, deps, endpoints.opsUpdate, async ({ req, body, locale }) => {
    const operator = await requireOperator(deps, req)
    const { setting, errors } = checkUpdateForm(body)
    if (errors.length) throw formRefused(errors, locale)
    const before = (await serviceStates(deps)).update
    await deps.db.transaction().execute(async (trx) => {
      await saveServiceState(trx, 'update', setting, deps.clock.now())
      await writeAudit(trx, operator.actor, { action: 'service.update', target: 'service:update', before, after: setting })
    })
    await invalidate(deps, 'service-states', req.log)
    return (await serviceState()).update
  })

  route(app, deps, endpoints.opsLegalPublish, async ({ req, params, body, locale }) => {
    const operator = await requireOperator(deps, req)
    if (!(LEGAL_TYPES as readonly string[]).includes(params.type)) throw apiError('notFound')
    const now = deps.clock.now()
    const form = checkLegalForm(body, now)
    if (form.errors.length) throw formRefused(form.errors, locale)
    return publishLegal(deps, operator.actor, params.type, form)
  })

  route(app, deps, endpoints.opsReports, async ({ req, query, locale }) => {
    await requireOperator(deps, req)
    return reportQueue(deps, query, locale)
  })

  route(app, deps, endpoints.opsReportAction, async ({ req, params, locale }) => {
    const operator = await requireOperator(deps, req)
    return actOnReport(deps, operator.actor, parseReportRoute(params), locale)
  })

  route(app, deps, endpoints.opsMember, async ({ req, params }) => {
    await requireOperator(deps, req)
    return opsMember(deps, params.userId)
  })

  route(app, deps, endpoints.opsMemberSanction, async ({ req, params, body }) => {
    const operator = await requireOperator(deps, req)
    return sanctionMember(deps, operator.actor, { userId: params.userId, sanction: parseSanction(params.sanction), days: body.days })
  })

  route(app, deps, endpoints.opsTitles, async ({ req, query }) => {
    await requireOperator(deps, req)
    return findTitles(deps, query)
  })

  route(app, deps, endpoints.opsTitle, async ({ req, params }) => {
    await requireOperator(deps, req)
    return opsTitle(deps, params.id)
  })

  route(app, deps, endpoints.opsTitleTexts, async ({ req, params, body, locale }) => {
    const operator = await requireOperator(deps, req)
    const title = await editTitleTexts(deps, operator.actor, params.id, body, (errors) => formRefused(errors, locale))
    // Readers on every API process see the new names (home, lists, search) without waiting for the caches to expire.
    await invalidate(deps, 'catalog', req.log)
    return title
  })

  route(app, deps, endpoints.opsTitleVisibility, async ({ req, params }) => {
    const operator = await requireOperator(deps, req)
    const title = await setTitleVisibility(deps, operator.actor, params.id, parseVisibilityAction(params.action))
    // Gone from (or back in) home, lists, rankings and search on every API process at once.
    await invalidate(deps, 'catalog', req.log)
    return title
  })

  route(app, deps, endpoints.opsTitleLabels, async ({ req, params, body, locale }) => {
    const operator = await requireOperator(deps, req)
    const title = await editTitleLabels(deps, operator.actor, params.id, body, (errors) => formRefused(errors, locale))
    await invalidate(deps, 'catalog', req.log)
    return title
  })

  registerImportRoute(app, deps, formRefused)

  route(app, deps, endpoints.opsGenres, async ({ req }) => {
    await requireOperator(deps, req)
    return listGenres(deps)
  })

  route(app, deps, endpoints.opsChapterSales, async ({ req, params, body, locale }) => {
    const operator = await requireOperator(deps, req)
    const chapter = await editChapterSales(deps, operator.actor, params.id, body, (errors) => formRefused(errors, locale))
    await invalidate(deps, 'catalog', req.log)
    return chapter
  })

  route(app, deps, endpoints.opsChapterPages, async ({ req, params }) => {
    await requireOperator(deps, req)
    return opsChapterPages(deps, params.id)
  })

  route(app, deps, endpoints.opsPageDescription, async ({ req, params, body, locale }) => {
    const operator = await requireOperator(deps, req)
    const page = await editPageDescription(deps, operator.actor, params, body, (errors) => formRefused(errors, locale))
    // Readers' chapter pages and the "Described" label follow on every API process.
    await invalidate(deps, 'catalog', req.log)
    return page
  })

  route(app, deps, endpoints.opsCoupons, async ({ req, query }) => {
    await requireOperator(deps, req)
    return listCoupons(deps, query)
  })

  route(app, deps, endpoints.opsCouponCreate, async ({ req, body, locale }) => {
    const operator = await requireOperator(deps, req)
    return createCoupon(deps, operator.actor, body, (errors) => formRefused(errors, locale))
  })

  route(app, deps, endpoints.opsCouponEnd, async ({ req, params }) => {
    const operator = await requireOperator(deps, req)
    return endCoupon(deps, operator.actor, params.code)
  })

  route(app, deps, endpoints.opsNotices, async ({ req, query }) => {
    await requireOperator(deps, req)
    return listNotices(deps, query)
  })
  route(app, deps, endpoints.opsNoticeCreate, async ({ req, body, locale }) =>
    saveNotice(deps, (await requireOperator(deps, req)).actor, null, body, (errors) => formRefused(errors, locale)),
  )
  route(app, deps, endpoints.opsNoticeUpdate, async ({ req, params, body, locale }) =>
    saveNotice(deps, (await requireOperator(deps, req)).actor, params.id, body, (errors) => formRefused(errors, locale)),
  )
  route(app, deps, endpoints.opsNoticeDelete, async ({ req, params }) => deleteNotice(deps, (await requireOperator(deps, req)).actor, params.id))

  route(app, deps, endpoints.opsFaqs, async ({ req }) => {
    await requireOperator(deps, req)
    return listFaqs(deps)
  })
  route(app, deps, endpoints.opsFaqCreate, async ({ req, body, locale }) =>
    saveFaq(deps, (await requireOperator(deps, req)).actor, null, body, (errors) => formRefused(errors, locale)),
  )
  route(app, deps, endpoints.opsFaqUpdate, async ({ req, params, body, locale }) =>
    saveFaq(deps, (await requireOperator(deps, req)).actor, params.id, body, (errors) => formRefused(errors, locale)),
  )
  route(app, deps, endpoints.opsFaqDelete, async ({ req, params }) => deleteFaq(deps, (await requireOperator(deps, req)).actor, params.id))

  registerCampaignRoutes(app, deps, formRefused)
}
