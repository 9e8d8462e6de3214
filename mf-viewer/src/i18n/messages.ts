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
  trialBadge: { id: 'viewer.trialBadge', defaultMessage: 'Preview' },
  readFullEpisode: { id: 'viewer.readFullEpisode', defaultMessage: 'Read the full episode' },
  nextEpisodeLabel: { id: 'viewer.nextEpisodeLabel', defaultMessage: 'Next episode' },
  previousPage: { id: 'viewer.previousPage', defaultMessage: 'Previous page' },
  pageSlider: { id: 'viewer.pageSlider', defaultMessage: 'Go to page' },
  report: { id: 'viewer.report', defaultMessage: 'Report' },
})

/** SPEC §3 status labels for the next episode (chapterSalesState). */
export const stateMessages = defineMessages({
  purchased: { id: 'viewer.state.purchased', defaultMessage: 'Unlocked' },
  free: { id: 'viewer.state.free', defaultMessage: 'Free' },
  targetFree: { id: 'viewer.state.targetFree', defaultMessage: 'Free for a limited time' },
  remained: { id: 'viewer.state.remained', defaultMessage: 'Rented' },
  readNow: { id: 'viewer.state.readNow', defaultMessage: 'Read now' },
  waitForFree: { id: 'viewer.state.waitForFree', defaultMessage: 'Wait for free' },
  price: { id: 'viewer.state.price', defaultMessage: '{price, plural, one {# coin} other {# coins}}' },
  rentalOnly: { id: 'viewer.state.rentalOnly', defaultMessage: 'Rent for {price, plural, one {# coin} other {# coins}}' },
  aborted: { id: 'viewer.state.aborted', defaultMessage: 'Sales suspended' },
})

export const guideMessages = defineMessages({
  rtl: { id: 'viewer.guide.rtl', defaultMessage: 'This title reads from right to left' },
  ltr: { id: 'viewer.guide.ltr', defaultMessage: 'This title reads from left to right' },
  ttb: { id: 'viewer.guide.ttb', defaultMessage: 'Scroll down to read' },
  tapHint: { id: 'viewer.guide.tapHint', defaultMessage: 'Tap the sides to turn pages, the middle for the menus' },
})

export const dialogMessages = defineMessages({
  abortedTitle: { id: 'viewer.dialog.abortedTitle', defaultMessage: 'Sales suspended' },
  abortedMessage: {
    id: 'viewer.dialog.abortedMessage',
    defaultMessage: 'Sales of this episode have been suspended, so it can no longer be read unless you already own or rent it.',
  },
  abortedMessageNamed: {
    id: 'viewer.dialog.abortedMessageNamed',
    defaultMessage: 'Sales of “{name}” have been suspended, so it can no longer be read unless you already own or rent it.',
  },
  ok: { id: 'viewer.dialog.ok', defaultMessage: 'OK' },
})

export const readerMessages = defineMessages({
  settings: { id: 'viewer.reader.settings', defaultMessage: 'Reading settings' },
  contents: { id: 'viewer.reader.contents', defaultMessage: 'Contents' },
  noContents: { id: 'viewer.reader.noContents', defaultMessage: 'This book has no table of contents.' },
  fontSize: { id: 'viewer.reader.fontSize', defaultMessage: 'Text size' },
  smaller: { id: 'viewer.reader.smaller', defaultMessage: 'Smaller text' },
  larger: { id: 'viewer.reader.larger', defaultMessage: 'Larger text' },
  theme: { id: 'viewer.reader.theme', defaultMessage: 'Theme' },
  light: { id: 'viewer.reader.light', defaultMessage: 'Light' },
  sepia: { id: 'viewer.reader.sepia', defaultMessage: 'Sepia' },
  dark: { id: 'viewer.reader.dark', defaultMessage: 'Dark' },
  layout: { id: 'viewer.reader.layout', defaultMessage: 'Layout' },
  paginated: { id: 'viewer.reader.paginated', defaultMessage: 'Pages' },
  scrolled: { id: 'viewer.reader.scrolled', defaultMessage: 'Scroll' },
  scrolledByBook: { id: 'viewer.reader.scrolledByBook', defaultMessage: 'This book is made to be read by scrolling.' },
  close: { id: 'viewer.reader.close', defaultMessage: 'Close' },
  progress: { id: 'viewer.reader.progress', defaultMessage: '{percent}%' },
  loading: { id: 'viewer.reader.loading', defaultMessage: 'Opening the book…' },
  failed: { id: 'viewer.reader.failed', defaultMessage: 'This book could not be opened.' },
  retry: { id: 'viewer.reader.retry', defaultMessage: 'Try again' },
  skipped: { id: 'viewer.reader.skipped', defaultMessage: 'Where you were could not be shown, so the book opens further on.' },
  openEnd: { id: 'viewer.reader.openEnd', defaultMessage: 'Next episode and comments' },
  readAgain: { id: 'viewer.reader.readAgain', defaultMessage: 'Read again from the start' },
})
