import type { ContentType } from './params'
import type { RouteMatch } from './match'
import { routeById, type RouteId, type RoutePattern } from './table'

/** The `:name` parameters of a path pattern. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** The values a route's path needs, by parameter name. */
export type RouteParams<I extends RouteId> = { readonly [K in ParamNames<RoutePattern<I>>]: string | number }

type ParamsArg<I extends RouteId> = [ParamNames<RoutePattern<I>>] extends [never] ? [params?: Record<string, never>] : [params: RouteParams<I>]

/**
 * The in-app path of a route (without the locale prefix: wrap it in `useLocalePath()`), from
 * the route table: every link names its route instead of spelling its path.
 */
export function routePath<I extends RouteId>(id: I, ...[params]: ParamsArg<I>): string {
  const values = (params ?? {}) as Record<string, string | number>
  return routeById(id).path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`routePath(${id}): no value for :${name}`)
    return encodeURIComponent(String(value))
  })
}

/** A chapter in the viewer (SPEC §2: comic and magazine_comic have their own viewer routes). */
export function viewerPath(chapter: {
  contentType: ContentType
  contentId: number | string
  chapterId: number | string
  salesType?: 'product' | 'trial'
}): string {
  const params = { contentId: chapter.contentId, chapterId: chapter.chapterId, chapterFileSalesType: chapter.salesType ?? 'product' }
  return chapter.contentType === 'magazine_comic' ? routePath('viewer.magazine', params) : routePath('viewer.comic', params)
}

/**
 * The episode list of the title a page belongs to (a chapter in the viewer, its comments, its
 * preview), without the locale prefix; null for pages of no title and for the list itself.
 */
export function episodesPathOf(match: Pick<RouteMatch, 'route' | 'params'>): string | null {
  const { contentId } = match.params
  const contentType = match.route.id === 'viewer.comic' ? 'comic' : match.route.id === 'viewer.magazine' ? 'magazine_comic' : match.params.contentType
  if (!contentId || !contentType || match.route.id === 'catalog.episodes') return null
  return routePath('catalog.episodes', { contentType: contentType as ContentType, contentId })
}
