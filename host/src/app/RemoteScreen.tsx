import {
  episodesPathOf,
  invalidateAll,
  isApiError,
  readableWhenDone,
  RemoteBoundary,
  resolveRoute,
  Spinner,
  useLocalePath,
  type RemoteName,
  type RemoteRoutesModule,
  routePath,
} from '@koma/contracts'
import { Suspense, use, useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { RemoteLoadError, remoteLoader } from '../federation/loader'
import { reportFailure } from '../platform/failureBeacons'
import { markHydrated } from '../platform/firstPaint'
import { ApiErrorScreen, NotFoundScreen } from '../screens/errorScreens'

const attempts = new Map<string, Promise<RemoteRoutesModule>>()

/** The edge draws each page with its own registry (issue 13): it forgets the last page's modules first. */
export function forgetRouteModules(): void {
  attempts.clear()
}

/** The routes module of a remote: loaded once; a retry resets the remote and loads it afresh. Readable at once when done (`use` does not suspend on it then). */
function routesModule(remote: RemoteName, attempt: number): Promise<RemoteRoutesModule> {
  const key = `${remote}#${attempt}`
  let promise = attempts.get(key)
  if (!promise) {
    promise =
      attempt === 0
        ? remoteLoader.load<RemoteRoutesModule>(remote, './routes')
        : readableWhenDone(remoteLoader.reset(remote).then(() => remoteLoader.load<RemoteRoutesModule>(remote, './routes')))
    attempts.set(key, promise)
  }
  return promise
}

/**
 * The routes module of the remote that owns `pathname`, loaded before the browser draws its
 * first page (bootstrap.tsx; its files are preloaded by the page): the page's screen then renders
 * without suspending on it. Otherwise the area's spinner shows for a moment, and React reveals
 * a Suspense boundary's content no sooner than 300 ms after its fallback showed: every page the
 * browser draws (a novel's reader, a signed-in page the edge left) came ~250 ms later than it
 * could (issue 39). Resolves when loaded, failed, or after `waitMs` (the spinner then shows as before).
 */
export function preloadRouteModule(pathname: string, waitMs: number): Promise<void> {
  const owner = resolveRoute(pathname)?.route.owner
  if (!owner || owner === 'host') return Promise.resolve()
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    routesModule(owner, 0).then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))),
  ]).finally(() => clearTimeout(timer))
}

function RemoteRoute({
  remote,
  routeId,
  attempt,
  errorFrame,
}: {
  remote: RemoteName
  routeId: string
  attempt: number
  errorFrame: (screen: ReactNode) => ReactNode
}) {
  const module = use(routesModule(remote, attempt))
  const Screen = module.routes?.[routeId]
  const { pathname } = useLocation()
  // A route the deployed remote does not (yet) have is a page that does not exist.
  if (!Screen)
    return (
      <>
        {errorFrame(<NotFoundScreen path={pathname} />)}
        <OnPage />
      </>
    )
  return (
    <div data-remote={remote} data-remote-version={remoteLoader.versionOf(remote) ?? ''} css={{ display: 'contents' }}>
      <Screen />
      <OnPage />
    </div>
  )
}

/** Rendered with the route's screen, or its failure: the area is on the page (hydrated, on a page the edge drew). */
function OnPage() {
  useEffect(() => markHydrated(), [])
  return null
}

/**
 * Ways on from a failed screen besides "Retry": home, and the title's episode list when the page
 * belongs to a title (a chapter in the viewer, which has no header, most of all).
 */
function useWayOn(pathname: string): { home: string; episodes?: string } {
  const path = useLocalePath()
  const match = resolveRoute(pathname)
  const episodes = match ? episodesPathOf(match) : null
  return { home: path(routePath('catalog.home')), episodes: episodes ? path(episodes) : undefined }
}

/** One route's area: the owning remote's screen, with its own loading and failure states. */
export function RemoteScreen({ remote, routeId, errorFrame }: { remote: RemoteName; routeId: string; errorFrame: (screen: ReactNode) => ReactNode }) {
  const [attempt, setAttempt] = useState(0)
  const location = useLocation()
  const wayOn = useWayOn(location.pathname)
  return (
    <RemoteBoundary
      key={`${routeId}:${location.pathname}`}
      area={remote}
      wayOn={wayOn}
      onError={(error) => {
        // The edge weighs a canary by its readers' failures; API answers (a 404 title) are not one.
        const version = remoteLoader.versionOf(remote)
        if (version && !isApiError(error)) reportFailure({ remote, version, kind: error instanceof RemoteLoadError ? 'load' : 'boundary' })
      }}
      onRetry={() => {
        invalidateAll()
        setAttempt((n) => n + 1)
      }}
      frame={(panel) => (
        <>
          {errorFrame(panel)}
          <OnPage />
        </>
      )}
      renderApiError={(error) => (
        <>
          {errorFrame(<ApiErrorScreen error={error} path={location.pathname} />)}
          <OnPage />
        </>
      )}
    >
      <Suspense fallback={<Spinner minHeight={320} />}>
        <RemoteRoute remote={remote} routeId={routeId} attempt={attempt} errorFrame={errorFrame} />
      </Suspense>
    </RemoteBoundary>
  )
}
