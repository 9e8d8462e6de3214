import {
  currentLocale,
  DIALOG_OWNERS,
  readableWhenDone,
  RemoteBoundary,
  Spinner,
  type DialogKind,
  type RemoteDialogsModule,
  type RemoteName,
} from '@koma/contracts'
import { useResource } from '../cache'
import { observer } from 'mobx-react-lite'
import { Suspense, use, useEffect, type ComponentType } from 'react'
import { remoteLoader } from '../federation/loader'
import { dialogStore, type OpenDialog } from './dialogStore'
import type { HOST_DIALOGS } from './hostDialogs'

type HostDialogs = typeof HOST_DIALOGS

let hostDialogs: HostDialogs | undefined
let hostDialogsLoading: Promise<HostDialogs> | undefined

/**
 * The host's own dialogs (alert, confirm, error, login, mature, share…) are a chunk of their own,
 * fetched when the first one opens, so a reader's first page does not download them.
 */
export function loadHostDialogs(): Promise<HostDialogs> {
  hostDialogsLoading ??= readableWhenDone(
    import(/* webpackChunkName: "host-dialogs" */ './hostDialogs').then(
      (module) => (hostDialogs = module.HOST_DIALOGS),
      (error: unknown) => {
        hostDialogsLoading = undefined
        throw error
      },
    ),
  )
  return hostDialogsLoading
}

/**
 * Fetch what these dialogs need to open without opening them (issue 34): the host's dialog chunk,
 * or each owning remote's `./dialogs` module and what it says its dialogs suspend on (`prepare`:
 * its messages in the page's language). The dialog a tap then opens renders without suspending.
 */
export async function preloadDialogModules(kinds: readonly DialogKind[], load: RemoteLoaderLike = remoteLoader): Promise<void> {
  const owners = new Set(kinds.map((kind) => DIALOG_OWNERS[kind]))
  await Promise.all(
    [...owners].map(async (owner) => {
      if (owner === 'host') {
        await loadHostDialogs()
        return
      }
      const module = await load.load<RemoteDialogsModule>(owner, './dialogs')
      await module.prepare?.(currentLocale())
    }),
  )
}

type RemoteLoaderLike = Pick<typeof remoteLoader, 'load'>

type AnyDialog = ComponentType<Record<string, unknown>>

function RemoteDialog({ owner, dialog, level }: { owner: RemoteName; dialog: OpenDialog; level: number }) {
  const module = useResource(`dialogs:${owner}`, () => remoteLoader.load<RemoteDialogsModule>(owner, './dialogs'))
  const Component = module.dialogs[dialog.kind] as AnyDialog | undefined
  if (!Component) throw new Error(`${owner} does not expose the ${dialog.kind} dialog`)
  return <Component {...dialog.props} level={level} close={(result: unknown) => dialogStore.close(dialog.id, result)} />
}

function HostDialog({ dialog, level }: { dialog: OpenDialog; level: number }) {
  // Always through use(), never conditionally (readableWhenDone).
  const dialogs = use(loadHostDialogs())
  const Component = dialogs[dialog.kind as DialogKind] as AnyDialog | undefined
  if (!Component) return null
  return <Component {...dialog.props} level={level} close={(result: unknown) => dialogStore.close(dialog.id, result)} />
}

function OneDialog({ dialog, level }: { dialog: OpenDialog; level: number }) {
  const owner = DIALOG_OWNERS[dialog.kind as DialogKind]
  if (owner === 'host') {
    if (hostDialogs) return <HostDialog dialog={dialog} level={level} />
    return (
      <RemoteBoundary area="host/dialogs">
        <Suspense fallback={<Spinner />}>
          <HostDialog dialog={dialog} level={level} />
        </Suspense>
      </RemoteBoundary>
    )
  }
  return (
    <RemoteBoundary area={`${owner}/dialogs`} onRetry={() => void remoteLoader.reset(owner)}>
      <Suspense fallback={<Spinner />}>
        <RemoteDialog owner={owner} dialog={dialog} level={level} />
      </Suspense>
    </RemoteBoundary>
  )
}

/** Renders every open dialog, locks body scroll while any is open (SPEC §4). */
export const DialogHost = observer(function DialogHost() {
  const open = dialogStore.anyOpen
  useEffect(() => {
    if (!open) return
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [open])
  return (
    <>
      {dialogStore.stack.map((dialog, index) => (
        <OneDialog key={dialog.id} dialog={dialog} level={index} />
      ))}
    </>
  )
})
