import { defineMessages } from 'react-intl'

export const viewerMessages = defineMessages({
  back: { id: 'viewer.back', defaultMessage: 'Back to the episode list' },
  previous: { id: 'viewer.previous', defaultMessage: 'Previous episode' },
  next: { id: 'viewer.next', defaultMessage: 'Next episode' },
  noNext: { id: 'viewer.noNext', defaultMessage: 'This is the latest episode.' },
  authorComment: { id: 'viewer.authorComment', defaultMessage: "Author's note" },
  comments: { id: 'viewer.comments', defaultMessage: 'Comments ({count})' },
  page: { id: 'viewer.page', defaultMessage: 'Page {page} of {total}' },
  endOfChapter: { id: 'viewer.endOfChapter', defaultMessage: 'End of {name}' },
  trialEnd: { id: 'viewer.trialEnd', defaultMessage: 'This is the end of the preview.' },
})
