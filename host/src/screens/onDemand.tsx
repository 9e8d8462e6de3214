import { Spinner } from '@koma/contracts'
import { lazy, Suspense, type ReactNode } from 'react'

/**
 * Pages of the host's own that a reader reaches on purpose, never on a usual page: the browser
 * guide, /via, a campaign's error, and a guest refused a members' page. They come in a chunk of
 * their own, fetched when one is shown (issue 34: first-load bytes of every page). The edge draws
 * them whole (its prerender waits for the chunk); a page it drew hydrates once the chunk is here.
 * The full-page errors (not found, maintenance, server error) stay in main.js: they must show
 * when the network does not.
 */
const pages = () => import(/* webpackChunkName: "host-pages" */ './hostPages')

const HostPage = lazy(() =>
  pages().then(({ hostScreenOf }) => ({
    default: function HostPage({ id, notFound }: { id: string; notFound: ReactNode }) {
      const Screen = hostScreenOf(id)
      return Screen ? <Screen /> : notFound
    },
  })),
)

const GuestRefused = lazy(() => pages().then(({ GuestRefusedScreen }) => ({ default: GuestRefusedScreen })))

/** The host's own screen for a route id (the host's routes, SPEC §2), or `notFound` for a route it does not draw. */
export function HostScreen(props: { id: string; notFound: ReactNode }) {
  return (
    <Suspense fallback={<Spinner />}>
      <HostPage {...props} />
    </Suspense>
  )
}

/** SPEC §6: a guest on a members' page is offered sign-up (screens/GuestRefusedScreen.tsx). */
export function GuestRefusedScreen() {
  return (
    <Suspense fallback={<Spinner />}>
      <GuestRefused />
    </Suspense>
  )
}
