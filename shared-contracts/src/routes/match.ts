import { matchRoutes } from 'react-router-dom'
import { splitLocalePrefix, type PrefixLocale } from '../i18n/locales'
import { candidates } from './candidates'
import { checkParam } from './params'
import { ROUTES, type RouteDef } from './table'

export interface RouteMatch {
  route: RouteDef
  params: Record<string, string>
  prefix: PrefixLocale | null
}

const objects = ROUTES.map((route) => ({ path: route.path, route }))
/** The routes that could match (react-router ranks the whole table it is given at every call). */
const candidatesOf = candidates(objects, (object) => object.path)

/** The route definition a path belongs to, before parameter rules are checked. */
export function matchPath(pathname: string): RouteMatch | null {
  const { prefix, rest } = splitLocalePrefix(pathname)
  const matches = matchRoutes(candidatesOf(rest), rest)
  const last = matches?.[matches.length - 1]
  if (!last) return null
  return { route: last.route.route, params: last.params as Record<string, string>, prefix }
}

/** SPEC §5: every path parameter and required query value must satisfy its rule. */
export function paramsAreValid(route: RouteDef, params: Record<string, string | undefined>, search: URLSearchParams): boolean {
  for (const [name, rule] of Object.entries(route.params ?? {})) {
    if (!checkParam(rule, params[name])) return false
  }
  for (const [name, rule] of Object.entries(route.query ?? {})) {
    if (!checkParam(rule, search.get(name))) return false
  }
  return true
}

/** A full resolution: the route, or null when the page is a 404. */
export function resolveRoute(pathname: string, search = ''): RouteMatch | null {
  const match = matchPath(pathname)
  if (!match) return null
  return paramsAreValid(match.route, match.params, new URLSearchParams(search)) ? match : null
}

/**
 * SPEC §2 header rule: icons are white on narrow screens at scroll top on the home path,
 * and on routes with a contentType but no chapterId (the episode list's key visual).
 */
export function headerIconsWhite(input: { pathname: string; narrow: boolean; scrollTop: number }): boolean {
  if (!input.narrow || input.scrollTop > 0) return false
  const match = resolveRoute(input.pathname)
  if (!match) return false
  if (match.route.id === 'catalog.home') return true
  return 'contentType' in match.params && !('chapterId' in match.params)
}
