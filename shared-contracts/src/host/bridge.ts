import type { RemoteName } from '../remotes'
import type { DialogKind, DialogProps, DialogResult } from './dialogs'

/**
 * The host's services to remotes. Remotes never import the host or each other; they call these
 * functions from contracts, and the host installs the implementation when it boots.
 */
export interface HostBridge {
  openDialog<K extends DialogKind>(kind: K, props: DialogProps<K>): Promise<DialogResult<K>>
  /** Load a module another remote exposes (e.g. 'mf_community', './chapterComments'). */
  loadExposed<T>(remote: RemoteName, module: string): Promise<T>
}

let installed: HostBridge | null = null

export function installHostBridge(bridge: HostBridge): void {
  installed = bridge
}

function host(): HostBridge {
  if (!installed) throw new Error('The host bridge is not installed: remotes run inside the Koma host.')
  return installed
}

/** Open a dialog, wherever it lives; resolves with its result when it closes. */
export function openDialog<K extends DialogKind>(kind: K, props: DialogProps<K>): Promise<DialogResult<K>> {
  return host().openDialog(kind, props)
}

export function loadExposed<T>(remote: RemoteName, module: string): Promise<T> {
  return host().loadExposed<T>(remote, module)
}
