import { defineMessages } from 'react-intl'

export const commentMessages = defineMessages({
  title: { id: 'community.comments.title', defaultMessage: 'Comments' },
  count: { id: 'community.comments.count', defaultMessage: '{count, plural, one {# comment} other {# comments}}' },
  empty: { id: 'community.comments.empty', defaultMessage: 'No comments yet. Be the first to share your thoughts.' },
  seeAll: { id: 'community.comments.seeAll', defaultMessage: 'See all comments' },
  newest: { id: 'community.comments.newest', defaultMessage: 'Newest' },
  mostLiked: { id: 'community.comments.mostLiked', defaultMessage: 'Most liked' },
  likes: { id: 'community.comments.likes', defaultMessage: '{count} likes' },
  loadMore: { id: 'community.comments.loadMore', defaultMessage: 'Show more' },
  backToEpisode: { id: 'community.comments.backToEpisode', defaultMessage: 'Back to the episode' },
})
