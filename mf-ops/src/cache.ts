import { ownedCache } from '@koma/contracts'

/** The operator console's cache keys: the operator's own status, the service states, the report queue, the audit log. */
export const { useResource, invalidate } = ownedCache('mf_ops')
