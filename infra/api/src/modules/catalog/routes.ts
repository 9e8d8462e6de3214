import { endpoints } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { parseContentType, parseId } from '../../http/ids'
import { route } from '../../http/route'
import { requireMember } from '../session/session'
import { requireFullMember } from '../member/guest'
import { memberReadingExport, memberReadingStats } from './readingStats'
import { collectionPage, eventList } from './collections'
import { comingSoonEntry } from './comingSoon'
import { libraryPage, requireContent, setMemberFlag } from './library'
import { menuList } from './menus'
import { memo } from './memo'
import { matureListed } from '../session/maturity'
import { currentWeekday, weekdayCode } from '@koma/contracts/server'
import { search } from './search'
import { sitemapTitles } from './sitemap'

/** Discovery (mf-catalog): menus, collections, events, search, coming soon, library. */
export function registerCatalogRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Menu lists are the same for every reader (the adult one checks its reader first): a short shared cache.
  const cachedList = async (req: Parameters<typeof matureListed>[1], input: Parameters<typeof menuList>[2]) => {
    if (input.code === 'adult') return menuList(deps, req, input)
    const item = input.currentItemCode ?? (input.code === 'daily' ? weekdayCode(currentWeekday(deps.clock.now(), input.locale)) : '')
    const mature = await matureListed(deps, req)
    const key = `menu:${input.holder}:${input.code}:${item}:${input.query.pageNo ?? ''}:${input.query.seqNo ?? ''}:${input.query.pageSize ?? ''}:${input.locale}:${mature}`
    return memo(deps, key, () => menuList(deps, req, { ...input, currentItemCode: item || undefined }))
  }
  route(app, deps, endpoints.menuList, async ({ params, query, req, locale }) =>
    cachedList(req, { holder: params.holder, code: params.code, currentItemCode: query.currentItemCode, query, locale }),
  )
  route(app, deps, endpoints.menuGenre, async ({ params, query, req, locale }) =>
    cachedList(req, { holder: params.holder, code: 'genre', currentItemCode: params.genre, query, locale }),
  )
  route(app, deps, endpoints.events, async ({ params, req, locale }) => eventList(deps, req, params.prefix, locale))
  route(app, deps, endpoints.promotion, async ({ params, query, req, locale }) =>
    collectionPage(deps, req, { kind: 'promotion', id: parseId(params.id), query, locale }),
  )
  route(app, deps, endpoints.contentCatalog, async ({ params, query, req, locale }) =>
    collectionPage(deps, req, { kind: 'catalog', id: parseId(params.id), query, locale }),
  )
  route(app, deps, endpoints.search, async ({ body, req, locale }) => search(deps, req, body, locale))
  route(app, deps, endpoints.sitemapTitles, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=600')
    return sitemapTitles(deps)
  })

  route(app, deps, endpoints.comingSoon, async ({ params, req, locale }) =>
    comingSoonEntry(deps, req, parseContentType(params.type), parseId(params.id), locale),
  )
  const notification =
    (on: boolean) =>
    async ({ params, req }: { params: { type: string; id: string }; req: Parameters<typeof requireMember>[1] }) => {
      const type = parseContentType(params.type)
      const id = parseId(params.id)
      const member = await requireMember(deps, req)
      const content = await requireContent(deps, type, id)
      // SPEC §4: a release notification is settable for unreleased titles only.
      if (on && content.status !== 'coming_soon') throw apiError('releaseNotificationUnavailable')
      await setMemberFlag(deps, 'release_notifications', member.memberId, id, on)
      return { notification: on }
    }
  route(app, deps, endpoints.releaseNotificationOn, notification(true))
  route(app, deps, endpoints.releaseNotificationOff, notification(false))

  route(app, deps, endpoints.library, async ({ params, query, req, reply, locale }) => {
    const member = await requireMember(deps, req)
    reply.header('cache-control', 'no-store')
    return libraryPage(deps, member.memberId, { tab: params.tab, query, locale })
  })
  const flag =
    <K extends 'subscribed' | 'hidden'>(table: 'library_subscriptions' | 'library_hidden', key: K, on: boolean) =>
    async ({ params, req }: { params: { type: string; id: string }; req: Parameters<typeof requireMember>[1] }) => {
      const type = parseContentType(params.type)
      const id = parseId(params.id)
      const member = await requireMember(deps, req)
      await requireContent(deps, type, id)
      await setMemberFlag(deps, table, member.memberId, id, on)
      return { [key]: on } as Record<K, boolean>
    }
  // Your reading (issue 37 item 6): the member's own, nobody else's; a guest is asked to sign up.
  route(app, deps, endpoints.readingStats, async ({ req, reply, locale }) => {
    const member = await requireFullMember(deps, req)
    reply.header('cache-control', 'no-store')
    return memberReadingStats(deps, req, member.memberId, locale)
  })
  route(app, deps, endpoints.readingExport, async ({ req, reply, locale }) => {
    const member = await requireFullMember(deps, req)
    reply.header('cache-control', 'no-store')
    return memberReadingExport(deps, req, reply, member.memberId, locale)
  })
  route(app, deps, endpoints.subscribe, flag('library_subscriptions', 'subscribed', true))
  route(app, deps, endpoints.unsubscribe, flag('library_subscriptions', 'subscribed', false))
  route(app, deps, endpoints.hide, flag('library_hidden', 'hidden', true))
  route(app, deps, endpoints.unhide, flag('library_hidden', 'hidden', false))
}
