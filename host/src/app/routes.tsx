import { PREFIXED_LOCALES, ROUTES, type Layout, type PrefixLocale, type RouteDef } from '@koma/contracts'
import type { RouteObject } from 'react-router-dom'
import { useLocation } from 'react-router-dom'
import { PageLayout } from '../layout/Layouts'
import { NotFoundScreen } from '../screens/errorScreens'
import { LocaleShell } from './LocaleShell'
import { RouteScreen } from './RouteScreen'

const LAYOUTS: Layout[] = ['default', 'menu', 'none']

function CatchAll() {
  const { pathname } = useLocation()
  return <NotFoundScreen path={pathname} />
}

const child = (def: RouteDef): RouteObject =>
  def.path === '/' ? { index: true, element: <RouteScreen def={def} /> } : { path: def.path.slice(1), element: <RouteScreen def={def} /> }

/** The locale prefix's routes, grouped by layout so the header survives navigation. */
function prefixRoutes(prefix: PrefixLocale | null): RouteObject {
  return {
    path: prefix ? `/${prefix}` : '/',
    element: <LocaleShell prefix={prefix} />,
    children: [
      ...LAYOUTS.map((layout) => ({
        element: <PageLayout layout={layout} />,
        children: ROUTES.filter((def) => (def.redirectTo ? 'default' : def.layout) === layout).map(child),
      })),
      { element: <PageLayout layout="default" />, children: [{ path: '*', element: <CatchAll /> }] },
    ],
  }
}

/** Every route of the contracts table in its four locale variants: no prefix, /ja, /en, /fr. */
export function buildRoutes(): RouteObject[] {
  return [prefixRoutes(null), ...PREFIXED_LOCALES.map(prefixRoutes)]
}
