import { auth, openDialog, type CacheKey } from '@koma/contracts'
import { invalidate } from '../cache'

/** Every community resource key starts here, so one change refreshes every list that shows it. */
export const COMMUNITY_KEY = 'community:'

type CommunityKey = CacheKey<'mf_community'>

export const keys = {
  chapter: (type: string, contentId: string | number, chapterId: string | number, order: string, pageNo: number): CommunityKey =>
    `${COMMUNITY_KEY}chapter:${type}:${contentId}:${chapterId}:${order}:${pageNo}`,
  user: (userId: string | number, pageNo: number): CommunityKey => `${COMMUNITY_KEY}user:${userId}:${pageNo}`,
  history: (pageNo: number): CommunityKey => `${COMMUNITY_KEY}history:${pageNo}`,
  mutes: (): CommunityKey => `${COMMUNITY_KEY}mutes`,
}

export const refreshCommunity = (): void => invalidate(COMMUNITY_KEY)

/**
 * SPEC §4, §6: writing, liking and reporting need a member. A signed-out reader gets the login
 * confirm dialog (its sign-in comes back here); resolves true when the caller may go on.
 */
export async function memberOnly(redirect: string): Promise<boolean> {
  if (auth.signedIn) return true
  await openDialog('loginConfirm', { redirect })
  return false
}
