import type { Comment, Page } from '../../domain/types'
import { endpoint, type ContentParams, type None } from '../endpoint'

/** Comments, likes, reports, mutes. */
export const communityEndpoints = {
  chapterComments: endpoint<
    ContentParams & { chapterId: string },
    { pageNo?: string; order?: 'newest' | 'likes' },
    None,
    { comments: Comment[]; totalComments: number; page: Page }
  >('GET', '/comment/:type/:id/:chapterId'),
} as const
