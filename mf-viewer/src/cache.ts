import { CONTENT_TYPES, ownedCache } from '@koma/contracts'

/**
 * The viewer's cache keys, one per chapter: `chapter:{type}:{contentId}:{chapterId}:{salesType}:{locale}`.
 * A chapter bought or rented elsewhere (the episode list, the end of the previous chapter) is
 * loaded again the next time it is opened: its cached answer may be the refusal from before.
 */
export const { useResource, invalidate } = ownedCache('mf_viewer', {
  'access:changed': ({ contentId, chapterIds }) =>
    chapterIds.flatMap((chapterId) => CONTENT_TYPES.map((type) => `chapter:${type}:${contentId}:${chapterId}:` as const)),
})
