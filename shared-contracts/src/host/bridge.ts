import type { RemoteName } from '../remotes'
import type { DialogKind, DialogProps, DialogResult } from './dialogs'

/**
 * The host's services to remotes. Remotes never import the host or each other; they call these
 * functions from contracts, and the host installs the implementation when it boots.
 */
export interface HostBridge {
  openDialog<K extends DialogKind>(kind: K, props: DialogProps<K>): Promise<DialogResult<K>>
  /**
   * SPEC §4 transient notification, shown by the host above pages and dialogs: 2400 ms by
   * default (`durationMs` where SPEC says otherwise, e.g. 2000), cleared 500 ms after it hides.
   * A new one replaces the one showing.
   */
  notify(message: string, options?: NotifyOptions): void
  /** Load a module another remote exposes (e.g. 'mf_community', './chapterComments'). */
  loadExposed<T>(remote: RemoteName, module: string): Promise<T>
  /**
   * Fetch what these dialogs need to open (their owner's `./dialogs` module and its messages in
   * the page's language) without opening them: a tap that opens one then paints at once. Optional:
   * a bridge without it (tests, the edge drawing a page) preloads nothing.
   */
  preloadDialogs?(kinds: readonly DialogKind[]): Promise<void>
}

export interface NotifyOptions {
  durationMs?: number
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

/** Fetch what these dialogs need without opening them (see `HostBridge.preloadDialogs`); idle callers use `preloadDialogsWhenIdle`. */
export function preloadDialogs(kinds: readonly DialogKind[]): Promise<void> {
  return host().preloadDialogs?.(kinds) ?? Promise.resolve()
}

/** Show the shared transient notification (see `HostBridge.notify`). */
export function notify(message: string, options?: NotifyOptions): void {
  host().notify(message, options)
}
