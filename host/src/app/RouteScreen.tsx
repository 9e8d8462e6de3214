import { auth, loginPath, paramsAreValid, safeRedirect, useLocalePath, type RouteDef, routePath } from '@koma/contracts'
import { observer } from 'mobx-react-lite'
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom'
import { PageLayout } from '../layout/Layouts'
import { NotFoundScreen } from '../screens/errorScreens'
import { GuestRefusedScreen, HostScreen } from '../screens/onDemand'
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

  // Legacy short paths keep their query (SPEC §2); the edge answers them with a 301 likewise.
  if (def.redirectTo) return <Navigate to={path(def.redirectTo) + location.search} replace />
  if (!paramsAreValid(def, params, search))
    return (
      <WithErrorLayout layout={def.layout}>
        <NotFoundScreen path={location.pathname} />
      </WithErrorLayout>
    )
  if (def.access === 'login' && !auth.signedIn && auth.guest) {
    // SPEC §6: members only; a guest is offered sign-up (which keeps what the guest has).
    return (
      <WithErrorLayout layout={def.layout}>
        <GuestRefusedScreen />
      </WithErrorLayout>
    )
  }
  if ((def.access === 'login' && !auth.signedIn) || (def.access === 'reader' && !auth.reader)) {
    return <Navigate to={loginPath(location.pathname + location.search, path)} replace />
  }
  if (def.access === 'signedOut' && auth.signedIn) {
    return <Navigate to={safeRedirect(search.get('redirect'), path(routePath('catalog.home')))} replace />
  }
  if (def.owner === 'host') return <HostScreen id={def.id} notFound={<NotFoundScreen path={location.pathname} />} />
  return <RemoteScreen remote={def.owner} routeId={def.id} errorFrame={(screen) => <WithErrorLayout layout={def.layout}>{screen}</WithErrorLayout>} />
})

/** SPEC §2: error screens always have the shared layout with its header, even on header-less pages. */
function WithErrorLayout({ layout, children }: { layout: RouteDef['layout']; children: React.ReactNode }) {
  return layout === 'none' ? <PageLayout layout="default">{children}</PageLayout> : <>{children}</>
}
