import { remoteScreens } from '@koma/contracts'
import { CommunityIntl } from './i18n/CommunityIntl'

export const routes = remoteScreens('mf_community', CommunityIntl, {
  'community.chapterComments': () => import('./comments/ChapterCommentsPage'),
  'community.userComments': () => import('./comments/UserCommentsPage'),
  'community.history': () => import('./comments/CommentHistoryPage'),
})
