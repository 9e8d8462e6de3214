import { ownedCache, type CacheKey } from '@koma/contracts'

export type CatalogKey = CacheKey<'mf_catalog'>

/**
 * The catalog's cache keys. Episode lists carry the reader's access and inventory (SPEC §3), so
 * they reload when chapters were bought or rented, or the reader's coins changed elsewhere; the
 * library's tabs list what the reader unlocked and rented.
 */
export const { useResource, invalidate } = ownedCache('mf_catalog', {
  'access:changed': ['content:', 'library:'],
  'inventory:changed': ['content:'],
})
