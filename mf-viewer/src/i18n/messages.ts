import { defineMessages } from 'react-intl'

export const viewerMessages = defineMessages({
  back: { id: 'viewer.back', defaultMessage: 'Back to the episode list' },
  previous: { id: 'viewer.previous', defaultMessage: 'Previous episode' },
  next: { id: 'viewer.next', defaultMessage: 'Next episode' },
  noNext: { id: 'viewer.noNext', defaultMessage: 'This is the latest episode.' },
  authorComment: { id: 'viewer.authorComment', defaultMessage: "Author's note" },
  comments: { id: 'viewer.comments', defaultMessage: 'Comments ({count})' },
  page: { id: 'viewer.page', defaultMessage: 'Page {page} of {total}' },
  /** A page image's text when it has no description (issue 37). */
  pageOf: { id: 'viewer.pageOf', defaultMessage: 'Page {page} of {name}' },
  endOfChapter: { id: 'viewer.endOfChapter', defaultMessage: 'End of {name}' },
  trialEnd: { id: 'viewer.trialEnd', defaultMessage: 'This is the end of the preview.' },
  trialBadge: { id: 'viewer.trialBadge', defaultMessage: 'Preview' },
  readFullEpisode: { id: 'viewer.readFullEpisode', defaultMessage: 'Read the full episode' },
  nextEpisodeLabel: { id: 'viewer.nextEpisodeLabel', defaultMessage: 'Next episode' },
  previousPage: { id: 'viewer.previousPage', defaultMessage: 'Previous page' },
  pageSlider: { id: 'viewer.pageSlider', defaultMessage: 'Go to page' },
  shiftSpreads: { id: 'viewer.shiftSpreads', defaultMessage: 'Shift by one page' },
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

/** Auto-scroll and the viewer's keyboard help (issue 37). */
export const autoScrollMessages = defineMessages({
  button: { id: 'viewer.autoScroll.button', defaultMessage: 'Auto-scroll' },
  shortcutHint: { id: 'viewer.autoScroll.shortcutHint', defaultMessage: 'Auto-scroll (A)' },
  speed: { id: 'viewer.autoScroll.speed', defaultMessage: 'Speed {speed} of {max}' },
  slower: { id: 'viewer.autoScroll.slower', defaultMessage: 'Slower' },
  faster: { id: 'viewer.autoScroll.faster', defaultMessage: 'Faster' },
  stop: { id: 'viewer.autoScroll.stop', defaultMessage: 'Stop auto-scroll' },
  paused: { id: 'viewer.autoScroll.paused', defaultMessage: 'Auto-scroll paused.' },
  ended: { id: 'viewer.autoScroll.ended', defaultMessage: 'Auto-scroll stopped at the end of the episode.' },
  motionTitle: { id: 'viewer.autoScroll.motionTitle', defaultMessage: 'Your device asks for less motion' },
  motionBody: { id: 'viewer.autoScroll.motionBody', defaultMessage: 'Auto-scroll moves the page by itself. Start it anyway?' },
  startAnyway: { id: 'viewer.autoScroll.startAnyway', defaultMessage: 'Start anyway' },
  cancel: { id: 'viewer.autoScroll.cancel', defaultMessage: 'Cancel' },
  helpTitle: { id: 'viewer.help.title', defaultMessage: 'Keyboard shortcuts' },
  helpTurn: { id: 'viewer.help.turn', defaultMessage: 'Turn the page (paged episodes) or scroll' },
  helpEnds: { id: 'viewer.help.ends', defaultMessage: 'First page / end of the episode' },
  helpAutoScroll: { id: 'viewer.help.autoScroll', defaultMessage: 'Start or stop auto-scroll' },
  helpHelp: { id: 'viewer.help.help', defaultMessage: 'Show these shortcuts' },
  helpClose: { id: 'viewer.help.close', defaultMessage: 'Close' },
  helpPaper: { id: 'viewer.help.paper', defaultMessage: 'Paper (e-ink) on or off' },
})

/** Paper (e-ink) from the viewer's own chrome (issue 37): the same setting as the account's. */
export const paperMessages = defineMessages({
  button: { id: 'viewer.paper.button', defaultMessage: 'Paper' },
  label: { id: 'viewer.paper.label', defaultMessage: 'Paper (e-ink)' },
  hint: { id: 'viewer.paper.hint', defaultMessage: 'Paper (e-ink): whole screens, no animation, more contrast (P)' },
  on: { id: 'viewer.paper.on', defaultMessage: 'Paper (e-ink) on.' },
  off: { id: 'viewer.paper.off', defaultMessage: 'Paper (e-ink) off.' },
})

/** Read-aloud in the novel reader (issue 37). */
export const readAloudMessages = defineMessages({
  open: { id: 'viewer.readAloud.open', defaultMessage: 'Read aloud' },
  label: { id: 'viewer.readAloud.label', defaultMessage: 'Read aloud' },
  pause: { id: 'viewer.readAloud.pause', defaultMessage: 'Pause' },
  resume: { id: 'viewer.readAloud.resume', defaultMessage: 'Resume' },
  stop: { id: 'viewer.readAloud.stop', defaultMessage: 'Stop reading aloud' },
  rate: { id: 'viewer.readAloud.rate', defaultMessage: 'Reading speed' },
  ruby: { id: 'viewer.readAloud.ruby', defaultMessage: 'Ruby' },
  rubyBase: { id: 'viewer.readAloud.rubyBase', defaultMessage: 'Read the text' },
  rubyReading: { id: 'viewer.readAloud.rubyReading', defaultMessage: 'Read the ruby' },
  noVoice: { id: 'viewer.readAloud.noVoice', defaultMessage: 'Your browser has no voice for {language}, so this book cannot be read aloud here.' },
  noSpeech: { id: 'viewer.readAloud.noSpeech', defaultMessage: 'This browser cannot read aloud.' },
  ended: { id: 'viewer.readAloud.ended', defaultMessage: 'Read-aloud reached the end of the book.' },
  failed: { id: 'viewer.readAloud.failed', defaultMessage: 'Read-aloud stopped: the browser’s voice failed.' },
  speaking: { id: 'viewer.readAloud.speaking', defaultMessage: 'Reading aloud' },
  paused: { id: 'viewer.readAloud.paused', defaultMessage: 'Paused' },
  narration: { id: 'viewer.readAloud.narration', defaultMessage: 'Playing the book’s narration' },
  narrationMissing: {
    id: 'viewer.readAloud.narrationMissing',
    defaultMessage: 'The book’s narration could not be played: the browser’s voice reads it instead.',
  },
})
