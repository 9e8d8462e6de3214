import {
  auth,
  endpoints,
  forgetPageCookies,
  holdPageWork,
  installAnalytics,
  installHostBridge,
  readBootData,
  SERVER_RENDER_MISS,
  whenPageSettles,
  type Profile,
} from '@koma/contracts'
import { needsBrowserGuide } from '@koma/contracts/domain'
import { Global } from '@emotion/react'
import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/App'
import { preloadRouteModule } from './app/RemoteScreen'
import { preloadDialogModules } from './dialogs/DialogHost'
import { dialogStore } from './dialogs/dialogStore'
import { notificationStore } from './dialogs/notificationStore'
import { remoteLoader } from './federation/loader'
import { globalStyles } from './globalStyles'
import { loadHostMessages, localeOf } from './i18n/hostMessages'
import { installForeground } from './platform/foreground'
import { installPageGuards } from './platform/pageGuards'
import { installFailureBeacons } from './platform/failureBeacons'
import { whenPageIdle } from './platform/idle'
import { installQueryHooks } from './platform/queryHooks'

/** How long a page the browser draws waits for its screen's module before drawing the rest with a spinner there. */
const FIRST_SCREEN_WAIT_MS = 1_000

/** Calls `done` once the render it is part of is committed (its screens have rendered by then). */
function FirstCommit({ done }: { done: () => void }) {
  useEffect(done, [done])
  return null
}

async function boot(): Promise<void> {
  if (needsBrowserGuide(navigator.userAgent) && !location.pathname.endsWith('/browserguide')) {
    location.replace('/browserguide')
    return
  }
  // A page the edge drew starts as the reader it was drawn for (issues 13 and 34): a member or a
  // guest with the profile the API gave their session (boot data), else a visitor: its request
  // carried no session of any kind, and a guest left in this browser's storage without its
  // session is one no longer (its profile call would sign it out).
  if (document.getElementById('root')?.hasAttribute('data-drawn')) {
    const profile = (readBootData()?.results?.[endpoints.profile.path] as Profile | undefined) ?? null
    if (profile) auth.drawnFor(profile)
    else if (auth.guest && !auth.signedIn) auth.clearLocal()
  }
  installPageGuards()
  installFailureBeacons()
  installQueryHooks()
  // The registry is read while React renders the shell; a remote load waits for it.
  const ready = remoteLoader.start()
  installHostBridge({
    openDialog: dialogStore.open,
    notify: notificationStore.show,
    loadExposed: (remote, module) => ready.then(() => remoteLoader.load(remote, module)),
    preloadDialogs: (kinds) => ready.then(() => preloadDialogModules(kinds)),
  })
  remoteLoader.whenReady(ready)
  // A configured tag manager or pixel subscribes first, so it gets the visit's referral and the
  // first page's views too (the page renders after it); its script waits for the load event. Its
  // code is downloaded only where the edge named one (boot data: configured, and the reader
  // shares): most pages carry none (issue 13).
  const tagged = Object.keys(readBootData()?.tags ?? {}).length > 0
  const analyticsReady = (
    tagged
      ? import('./platform/tags').then(
          ({ installTags }) => void installTags(),
          () => undefined,
        )
      : Promise.resolve()
  ).then(installAnalytics)
  if (auth.reader) void auth.loadProfile()
  // Another tab signing in or out changes the login-check cookie: follow it when we come back
  // (to this window, or to this page from the back-forward cache), from the browser's cookies, not
  // the copy the edge put in the page (contracts' cookies.ts, issue 39).
  const followCookies = () => {
    forgetPageCookies()
    auth.syncFromCookie()
  }
  window.addEventListener('focus', followCookies)
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) followCookies()
  })
  installForeground()
  // Once the page is idle: the time-zone cookie the edge draws the next page's dates in (issue
  // 13) and, on a sampled load, readers' Web Vitals (issue 38, a chunk of their own; see
  // platform/idle.ts). Not before the first screen is up (holdPageWork): this hold lasts until
  // the first render is committed, and a screen still painting holds on (the novel reader until
  // its book's first page, issue 39), so the Web Vitals chunk and the time zone's first date
  // format (20-50 ms) do not run in the gaps of that paint.
  const releaseFirstRender = holdPageWork()
  whenPageSettles(() => whenPageIdle(remoteLoader), 10_000)

  // The page's language file, fetched while the registry is read (the edge preloads it too);
  // a failed download renders anyway and suspends on the shell, which tries again.
  const container = document.getElementById('root')
  if (!container) throw new Error('#root is missing from index.html')
  const drawn = container.hasChildNodes()
  await Promise.all([
    loadHostMessages(localeOf(location.pathname)).catch(() => undefined),
    analyticsReady,
    // A page the browser draws waits for its screen's module too (RemoteScreen: no spinner and
    // no 300 ms reveal throttle); a drawn one hydrates its other areas meanwhile.
    drawn ? undefined : preloadRouteModule(location.pathname, FIRST_SCREEN_WAIT_MS),
  ])
  const page = (
    <StrictMode>
      <Global styles={globalStyles} />
      <App />
      <FirstCommit done={releaseFirstRender} />
    </StrictMode>
  )
  // A page the edge drew (issue 13) is hydrated: the reader already sees it, and React takes it
  // over area by area as each one's code arrives. A hydration that could not match the markup is
  // a bug: it is logged (React draws that area afresh).
  if (drawn) {
    startTransition(() => {
      hydrateRoot(container, page, {
        onRecoverableError: (error) => {
          // An area the edge left to the browser (a slot, a call it does not answer) is drawn here as designed.
          if ((error as { digest?: unknown } | null)?.digest === SERVER_RENDER_MISS) return
          console.error('[host] the page drawn by the edge could not be hydrated', error)
        },
      })
    })
    return
  }
  const root = createRoot(container)
  // A transition: React renders the first page in slices and lets the browser breathe between
  // them (a phone's main thread stays free for input), instead of one long blocking task.
  startTransition(() => root.render(page))
}

void boot()
