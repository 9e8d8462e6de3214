import { DIALOG_OWNERS, RemoteBoundary, Spinner, useResource, type DialogKind, type RemoteDialogsModule, type RemoteName } from '@koma/contracts'
import { observer } from 'mobx-react-lite'
import { Suspense, useEffect, type ComponentType } from 'react'
import { remoteLoader } from '../federation/loader'
import { dialogStore, type OpenDialog } from './dialogStore'
import { HOST_DIALOGS } from './hostDialogs'

type AnyDialog = ComponentType<Record<string, unknown>>

function RemoteDialog({ owner, dialog, level }: { owner: RemoteName; dialog: OpenDialog; level: number }) {
  const module = useResource(`dialogs:${owner}`, () => remoteLoader.load<RemoteDialogsModule>(owner, './dialogs'))
  const Component = module.dialogs[dialog.kind] as AnyDialog | undefined
  if (!Component) throw new Error(`${owner} does not expose the ${dialog.kind} dialog`)
  return <Component {...dialog.props} level={level} close={(result: unknown) => dialogStore.close(dialog.id, result)} />
}

function OneDialog({ dialog, level }: { dialog: OpenDialog; level: number }) {
  const owner = DIALOG_OWNERS[dialog.kind as DialogKind]
  if (owner === 'host') {
    const Component = HOST_DIALOGS[dialog.kind] as AnyDialog | undefined
    if (!Component) return null
    return <Component {...dialog.props} level={level} close={(result: unknown) => dialogStore.close(dialog.id, result)} />
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
