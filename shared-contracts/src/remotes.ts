/** The six independently deployed product areas (mf_ops: the operator console), by federation container name. */
export const REMOTES = ['mf_catalog', 'mf_viewer', 'mf_account', 'mf_payments', 'mf_community', 'mf_ops'] as const
export type RemoteName = (typeof REMOTES)[number]

/** Who renders a screen: one of the remotes, or the host shell itself. */
export type ScreenOwner = RemoteName | 'host'

/** Folder (package) name of a remote, as the edge and the deploy command use it. */
export const remoteFolder = (name: RemoteName): string => name.replace('_', '-')
