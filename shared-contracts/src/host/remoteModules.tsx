import { lazy, type ComponentType } from 'react'
import type { RemoteName } from '../remotes'
import type { RouteIdOf } from '../routes/table'
import type { DialogComponentProps, DialogKind } from './dialogs'
import type { Locale } from '../i18n/locales'

/** What a remote's `./routes` module exports: a screen component per route id it owns. */
export interface RemoteRoutesModule {
  routes: Record<string, ComponentType>
}

/** What a remote's `./dialogs` module exports: a component per dialog kind it owns. */
export interface RemoteDialogsModule {
  dialogs: { [K in DialogKind]?: ComponentType<DialogComponentProps<K>> }
  /**
   * What the dialogs suspend on when they first render, fetched ahead (their messages in
   * `locale`): the host calls it when it preloads them (`preloadDialogs`), so a tap paints at once.
   */
  prepare?(locale: Locale): Promise<unknown>
}

type Loader = () => Promise<{ default: ComponentType }>

/**
 * A remote's screens: each is its own chunk (loaded when its route is visited) and renders
 * inside the remote's IntlProvider. `loaders` has exactly the route ids `owner` owns in the
 * route table: a missing screen or an id the table does not give this remote is a type error.
 */
export function remoteScreens<O extends RemoteName>(
  owner: O,
  Intl: ComponentType<{ children: React.ReactNode }>,
  loaders: { readonly [I in RouteIdOf<O>]: Loader },
): { readonly [I in RouteIdOf<O>]: ComponentType } {
  const screens: Record<string, ComponentType> = {}
  for (const [id, load] of Object.entries<Loader>(loaders)) {
    const Screen = lazy(load)
    const WithIntl = () => (
      <Intl>
        <Screen />
      </Intl>
    )
    WithIntl.displayName = `Screen(${id})`
    screens[id] = WithIntl
  }
  // One screen per loader: exactly the ids `loaders` has.
  return screens as { readonly [I in RouteIdOf<O>]: ComponentType }
}
