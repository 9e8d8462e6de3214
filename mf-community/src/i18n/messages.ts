import { defineMessages } from 'react-intl'

export const commentMessages = defineMessages({
  title: { id: 'community.comments.title', defaultMessage: 'Comments' },
  count: { id: 'community.comments.count', defaultMessage: '{count, plural, one {# comment} other {# comments}}' },
  empty: { id: 'community.comments.empty', defaultMessage: 'No comments yet. Be the first to share your thoughts.' },
  seeAll: { id: 'community.comments.seeAll', defaultMessage: 'See all comments' },
  newest: { id: 'community.comments.newest', defaultMessage: 'Newest' },
  mostLiked: { id: 'community.comments.mostLiked', defaultMessage: 'Most liked' },
  likeLabel: { id: 'community.comments.likeLabel', defaultMessage: '{count, plural, one {Like, # like} other {Like, # likes}}' },
  loadMore: { id: 'community.comments.loadMore', defaultMessage: 'Show more' },
  backToEpisode: { id: 'community.comments.backToEpisode', defaultMessage: 'Back to the episode' },
  more: { id: 'community.comments.more', defaultMessage: 'More actions' },
  delete: { id: 'community.comments.delete', defaultMessage: 'Delete' },
  deleteConfirm: { id: 'community.comments.deleteConfirm', defaultMessage: 'Delete this comment? This cannot be undone.' },
  report: { id: 'community.comments.report', defaultMessage: 'Report' },
  mute: { id: 'community.comments.mute', defaultMessage: 'Mute this user' },
  muteTitle: { id: 'community.comments.muteTitle', defaultMessage: 'Mute {nickname}?' },
  muteConfirm: {
    id: 'community.comments.muteConfirm',
    defaultMessage: 'You will no longer see comments by {nickname}. You can unmute them from their page or from your comment history.',
  },
  muteOk: { id: 'community.comments.muteOk', defaultMessage: 'Mute' },
  unmute: { id: 'community.comments.unmute', defaultMessage: 'Unmute' },
  yours: { id: 'community.comments.yours', defaultMessage: 'You' },
  writeComment: { id: 'community.comments.writeComment', defaultMessage: 'Write a comment' },
})

export const formMessages = defineMessages({
  label: { id: 'community.form.label', defaultMessage: 'Your comment' },
  placeholder: { id: 'community.form.placeholder', defaultMessage: 'Share your thoughts on this episode' },
  submit: { id: 'community.form.submit', defaultMessage: 'Post' },
  counter: { id: 'community.form.counter', defaultMessage: '{count}/{max}' },
  signIn: { id: 'community.form.signIn', defaultMessage: 'Sign in to comment' },
})

export const userMessages = defineMessages({
  title: { id: 'community.user.title', defaultMessage: 'Comments by {nickname}' },
  mutedNotice: { id: 'community.user.mutedNotice', defaultMessage: 'You muted this user, so their comments are hidden.' },
  empty: { id: 'community.user.empty', defaultMessage: 'No comments to show.' },
  history: { id: 'community.user.history', defaultMessage: 'My comments' },
  historyEmpty: { id: 'community.user.historyEmpty', defaultMessage: 'You have not written any comments yet.' },
  mutedUsers: { id: 'community.user.mutedUsers', defaultMessage: 'Muted users' },
  mutedUsersHint: { id: 'community.user.mutedUsersHint', defaultMessage: 'You do not see comments by these users.' },
  mutedEmpty: { id: 'community.user.mutedEmpty', defaultMessage: 'You have not muted anyone.' },
})

export const reportMessages = defineMessages({
  titleComment: { id: 'community.report.titleComment', defaultMessage: 'Report this comment' },
  titleContent: { id: 'community.report.titleContent', defaultMessage: 'Report a problem with this episode' },
  category: { id: 'community.report.category', defaultMessage: 'Reason' },
  description: { id: 'community.report.description', defaultMessage: 'Details (optional)' },
  send: { id: 'community.report.send', defaultMessage: 'Send' },
  cancel: { id: 'community.report.cancel', defaultMessage: 'Cancel' },
  selectCategory: { id: 'community.report.selectCategory', defaultMessage: 'Select a report category.' },
  doneTitle: { id: 'community.report.doneTitle', defaultMessage: 'Report sent' },
  doneComment: { id: 'community.report.doneComment', defaultMessage: 'Thank you. The comment is now hidden for you and will be reviewed.' },
  doneContent: { id: 'community.report.doneContent', defaultMessage: 'Thank you. We will look into this episode.' },
  ok: { id: 'community.report.ok', defaultMessage: 'OK' },
})
