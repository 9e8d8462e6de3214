import { ownedCache } from '@koma/contracts'

/** The host's cache keys: the remotes' dialog modules. */
export const { useResource, invalidate } = ownedCache('host')
