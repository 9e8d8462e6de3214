import { afterFirstSegment, candidates, PREFIXED_LOCALES, ROUTES, type Layout, type PrefixLocale, type RouteDef } from '@koma/contracts'
import type { ReactElement } from 'react'
import type { RouteObject } from 'react-router-dom'
import { useLocation } from 'react-router-dom'
import { PageLayout } from '../layout/Layouts'
import { NotFoundScreen } from '../screens/errorScreens'
import { LocaleShell } from './LocaleShell'
import { RouteScreen } from './RouteScreen'

const LAYOUTS: Layout[] = ['default', 'menu', 'none']
const PREFIXES: (PrefixLocale | null)[] = [null, ...PREFIXED_LOCALES]

function CatchAll() {
  const { pathname } = useLocation()
  return <NotFoundScreen path={pathname} />
}

/** Each element made once: a table built again for another pathname hands React the same elements. */
const once = <K, V>(make: (key: K) => V): ((key: K) => V) => {
  const made = new Map<K, V>()
  return (key) => {
    if (!made.has(key)) made.set(key, make(key))
    return made.get(key)!
  }
}
const shellOf = once((prefix: PrefixLocale | null): ReactElement => <LocaleShell prefix={prefix} />)
const layoutOf = once((layout: Layout): ReactElement => <PageLayout layout={layout} />)
const childOf = once((def: RouteDef): RouteObject =>
  def.path === '/' ? { index: true, element: <RouteScreen def={def} /> } : { path: def.path.slice(1), element: <RouteScreen def={def} /> },
)
const catchAll: RouteObject = { path: '*', element: <CatchAll /> }

/** The locale prefix's routes (those `keep` keeps), grouped by layout so the header survives navigation. */
function prefixRoutes(prefix: PrefixLocale | null, keep: (def: RouteDef) => boolean): RouteObject {
  return {
    path: prefix ? `/${prefix}` : '/',
    element: shellOf(prefix),
    children: [
      ...LAYOUTS.map((layout) => ({
        element: layoutOf(layout),
        children: ROUTES.filter((def) => (def.redirectTo ? 'default' : def.layout) === layout && keep(def)).map(childOf),
      })),
      { element: layoutOf('default'), children: [catchAll] },
    ],
  }
}

/** Every route of the contracts table in its four locale variants: no prefix, /ja, /en, /fr. */
export function buildRoutes(): RouteObject[] {
  return PREFIXES.map((prefix) => prefixRoutes(prefix, () => true))
}

/** The routes that could match a pathname (unprefixed: the prefix's routes get what follows it). */
const defsFor = candidates<RouteDef>(ROUTES, (def) => def.path)

/**
 * The table for one pathname (issue 39): `buildRoutes`' table without the routes that cannot match
 * it (contracts' `candidates`), so react-router, which ranks all it is given at every render, ranks
 * a handful. The same structure and order, so the same route wins and the same elements render.
 */
export function routesFor(pathname: string): RouteObject[] {
  return PREFIXES.map((prefix) => {
    const rest = prefix === null ? pathname : afterFirstSegment(pathname, prefix)
    const kept = rest === null ? [] : defsFor(rest)
    return prefixRoutes(prefix, (def) => kept.includes(def))
  })
}
