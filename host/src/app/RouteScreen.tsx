import { auth, loginPath, paramsAreValid, safeRedirect, useLocalePath, type RouteDef } from '@koma/contracts'
import { observer } from 'mobx-react-lite'
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom'
import { PageLayout } from '../layout/Layouts'
import { HOST_SCREENS } from '../screens/hostScreens'
import { NotFoundScreen } from '../screens/errorScreens'
import { RemoteScreen } from './RemoteScreen'

/**
 * One route of the table: parameter rules (404), legacy redirects, the login guards of SPEC §2,
 * then the screen of its owner.
 */
export const RouteScreen = observer(function RouteScreen({ def }: { def: RouteDef }) {
  const params = useParams()
  const [search] = useSearchParams()
  const location = useLocation()
  const path = useLocalePath()

  if (def.redirectTo) return <Navigate to={path(def.redirectTo)} replace />
  if (!paramsAreValid(def, params, search)) return <WithErrorLayout layout={def.layout}><NotFoundScreen path={location.pathname} /></WithErrorLayout>
  if (def.access === 'login' && !auth.signedIn) {
    return <Navigate to={loginPath(location.pathname + location.search, path)} replace />
  }
  if (def.access === 'signedOut' && auth.signedIn) {
    return <Navigate to={safeRedirect(search.get('redirect'), path('/'))} replace />
  }
  if (def.owner === 'host') {
    const Screen = HOST_SCREENS[def.id]
    return Screen ? <Screen /> : <NotFoundScreen path={location.pathname} />
  }
  return <RemoteScreen remote={def.owner} routeId={def.id} errorFrame={(screen) => <WithErrorLayout layout={def.layout}>{screen}</WithErrorLayout>} />
})

/** SPEC §2: error screens always have the shared layout with its header, even on header-less pages. */
function WithErrorLayout({ layout, children }: { layout: RouteDef['layout']; children: React.ReactNode }) {
  return layout === 'none' ? <PageLayout layout="default">{children}</PageLayout> : <>{children}</>
}
