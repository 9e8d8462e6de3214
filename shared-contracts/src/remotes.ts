import { containerName, folderName, REMOTE_CONTAINERS, type RemoteFolder } from '../federation/remotes'

/**
 * The six independently deployed product areas (mf_ops: the operator console), by federation
 * container name: derived from the one list of remotes (federation/remotes.js).
 */
export const REMOTES = REMOTE_CONTAINERS
export type RemoteName = (typeof REMOTES)[number]
export type { RemoteFolder } from '../federation/remotes'

/** Who renders a screen: one of the remotes, or the host shell itself. */
export type ScreenOwner = RemoteName | 'host'

/** Folder (package) name of a remote, as the edge and the deploy command use it. */
export const remoteFolder = (name: RemoteName): RemoteFolder => folderName(name)

/** The remote a folder name (`/remotes/mf-catalog/…`) names, or null for any other folder. */
export function remoteOfFolder(folder: string): RemoteName | null {
  const name = containerName(folder)
  return (REMOTES as readonly string[]).includes(name) ? (name as RemoteName) : null
}

/** A published version's id (`<UTC yyyymmddHHMMss>-<8 hex>`): the pattern, and its source for longer patterns. */
export { VERSION_ID_PATTERN, VERSION_ID_SOURCE } from '../federation/remotes'
