import { endpoints, isLocale, parseDateField, type Endpoint, type FieldError, type Locale, type ResultOf } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import type { HttpError } from '../../http/errors'
import { apiError } from '../../http/errorCatalogue'
import { route, type HandlerContext } from '../../http/route'
import { invalidate } from '../../cluster/invalidation'
import { homeLayout } from '../home/service'
import { endGift, listGiftCampaigns, sendGift } from './gifts'
import { createBanner, createPopup, createSection, endBanner, endPopup, endSection, opsHome } from './homeCampaigns'
import type { Actor } from './audit'
import { requireOperator } from './operators'

/**
 * The campaign calls of the operator API (issue 17): home popups, banners and sections, gifts,
 * and the home as readers will see it (an operator's preview). A change to the home is told to
 * every API process (scope `catalog`), so no reader gets the old home from a server copy; the
 * browser keeps its copy no longer than the home's stated lifetime (SPEC §4) or the next
 * scheduled change, whichever comes first (home/routes.ts).
 */
export function registerCampaignRoutes(app: FastifyInstance, deps: AppDeps, formRefused: (errors: FieldError[], locale: Locale) => HttpError): void {
  const refuse = (locale: Locale) => (errors: FieldError[]) => formRefused(errors, locale)
  /** An operator call that changes the home: the change (audited by itself), then every API process is told. */
  const changingHome = <E extends Endpoint<unknown, unknown, unknown, unknown>>(
    endpoint: E,
    change: (actor: Actor, ctx: HandlerContext<E>) => Promise<ResultOf<E>>,
  ) =>
    route(app, deps, endpoint, async (ctx) => {
      const operator = await requireOperator(deps, ctx.req)
      const result = await change(operator.actor, ctx)
      await invalidate(deps, 'catalog', ctx.req.log)
      return result
    })

  route(app, deps, endpoints.opsHome, async ({ req, reply }) => {
    await requireOperator(deps, req)
    reply.header('cache-control', 'no-store')
    return opsHome(deps)
  })
  changingHome(endpoints.opsPopupCreate, (actor, { body, locale }) => createPopup(deps, actor, body, refuse(locale)))
  changingHome(endpoints.opsPopupEnd, (actor, { params }) => endPopup(deps, actor, params.id))
  changingHome(endpoints.opsBannerCreate, (actor, { body, locale }) => createBanner(deps, actor, body, refuse(locale)))
  changingHome(endpoints.opsBannerEnd, (actor, { params }) => endBanner(deps, actor, params.id))
  changingHome(endpoints.opsSectionCreate, (actor, { body, locale }) => createSection(deps, actor, body, refuse(locale)))
  changingHome(endpoints.opsSectionEnd, (actor, { params }) => endSection(deps, actor, params.id))

  // The home in a reader's language as it will be at `at`: what a reader sees, scheduled campaigns included.
  route(app, deps, endpoints.homePreview, async ({ req, reply, params, query, locale }) => {
    await requireOperator(deps, req)
    if (!isLocale(params.lang)) throw apiError('notFound')
    const at = parseDateField(query.at)
    if (at === undefined) throw formRefused([{ field: 'at', problem: 'invalid' }], locale)
    if (query.mature !== undefined && query.mature !== 'true' && query.mature !== 'false') throw formRefused([{ field: 'mature', problem: 'invalid' }], locale)
    reply.header('cache-control', 'no-store')
    return homeLayout(deps, params.lang, query.mature === 'true', at ?? deps.clock.now())
  })

  route(app, deps, endpoints.opsGifts, async ({ req, query }) => {
    await requireOperator(deps, req)
    return listGiftCampaigns(deps, query)
  })
  route(app, deps, endpoints.opsGiftSend, async ({ req, body, locale }) => {
    const operator = await requireOperator(deps, req)
    return sendGift(deps, operator.actor, body, refuse(locale))
  })
  route(app, deps, endpoints.opsGiftEnd, async ({ req, params }) => {
    const operator = await requireOperator(deps, req)
    return endGift(deps, operator.actor, params.id)
  })
}
