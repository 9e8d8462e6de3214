import { ownedCache } from '@koma/contracts'

/** The community area's cache keys: comment lists, mutes, the report configuration. */
export const { useResource, invalidate } = ownedCache('mf_community')
