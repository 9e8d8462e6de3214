import { defineMessages } from 'react-intl'

export const headerMessages = defineMessages({
  home: { id: 'host.header.home', defaultMessage: 'Koma home' },
  search: { id: 'host.header.search', defaultMessage: 'Search' },
  signIn: { id: 'host.header.signIn', defaultMessage: 'Sign in' },
  signOut: { id: 'host.header.signOut', defaultMessage: 'Sign out' },
  library: { id: 'host.header.library', defaultMessage: 'My library' },
  coins: { id: 'host.header.coins', defaultMessage: 'Coin shop' },
  account: { id: 'host.header.account', defaultMessage: 'Account' },
  settings: { id: 'host.header.settings', defaultMessage: 'Settings' },
  accountMenu: { id: 'host.header.accountMenu', defaultMessage: 'Account menu for {nickname}' },
  language: { id: 'host.header.language', defaultMessage: 'Language' },
  inbox: { id: 'host.header.inbox', defaultMessage: '{count, plural, =0 {Inbox} one {Inbox, # new item} other {Inbox, # new items}}' },
  guest: { id: 'host.header.guest', defaultMessage: 'Guest' },
  guestNote: { id: 'host.header.guestNote', defaultMessage: 'You are reading as a guest on this browser. Sign up to keep your coins, tickets and library.' },
  guestSignUp: { id: 'host.header.guestSignUp', defaultMessage: 'Sign up and keep them' },
})

export const menuMessages = defineMessages({
  home: { id: 'host.menu.home', defaultMessage: 'Home' },
  new: { id: 'host.menu.new', defaultMessage: 'New' },
  ranking: { id: 'host.menu.ranking', defaultMessage: 'Ranking' },
  free: { id: 'host.menu.free', defaultMessage: 'Free' },
  daily: { id: 'host.menu.daily', defaultMessage: 'Daily' },
  completed: { id: 'host.menu.completed', defaultMessage: 'Completed' },
  genre: { id: 'host.menu.genre', defaultMessage: 'Genres' },
  store: { id: 'host.menu.store', defaultMessage: 'Book fair' },
  event: { id: 'host.menu.event', defaultMessage: 'Events' },
  adult: { id: 'host.menu.adult', defaultMessage: 'Adult' },
  label: { id: 'host.menu.label', defaultMessage: 'Browse' },
})

export const screenMessages = defineMessages({
  notFoundDescription: {
    id: 'host.notFound.description',
    defaultMessage: 'The address may be mistyped, or the page may have moved or been removed.',
  },
  goHome: { id: 'host.screen.goHome', defaultMessage: 'Go to home' },
  maintenanceEnd: { id: 'host.maintenance.end', defaultMessage: 'Expected to end at {time}' },
  maintenanceDefault: {
    id: 'host.maintenance.default',
    defaultMessage: 'Koma is under maintenance. Please come back a little later.',
  },
  serverErrorTitle: { id: 'host.serverError.title', defaultMessage: 'Something went wrong on our side' },
  serverErrorDescription: {
    id: 'host.serverError.description',
    defaultMessage: 'Please try again in a moment. If it keeps happening, contact us from the inquiry page.',
  },
  reload: { id: 'host.screen.reload', defaultMessage: 'Try again' },
  browserGuideTitle: { id: 'host.browserGuide.title', defaultMessage: 'Please use a recent browser' },
  browserGuideDescription: {
    id: 'host.browserGuide.description',
    defaultMessage: 'Koma supports recent versions of Chrome, Safari and Edge. Internet Explorer and iOS older than 14 are not supported.',
  },
  viaTitle: { id: 'host.via.title', defaultMessage: 'Taking you there…' },
  viaFallback: { id: 'host.via.fallback', defaultMessage: 'If nothing happens, continue to Koma home.' },
  campaignErrorTitle: { id: 'host.campaignError.title', defaultMessage: 'This campaign is not available' },
  campaignErrorDescription: {
    id: 'host.campaignError.description',
    defaultMessage: 'The campaign may have ended, or the link is no longer valid.',
  },
})

export const dialogMessages = defineMessages({
  ok: { id: 'host.dialog.ok', defaultMessage: 'OK' },
  cancel: { id: 'host.dialog.cancel', defaultMessage: 'Cancel' },
  close: { id: 'host.dialog.close', defaultMessage: 'Close' },
  errorTitle: { id: 'host.dialog.errorTitle', defaultMessage: 'Error' },
  loginConfirmTitle: { id: 'host.dialog.loginConfirmTitle', defaultMessage: 'Sign in to continue' },
  loginConfirmMessage: {
    id: 'host.dialog.loginConfirmMessage',
    defaultMessage: 'Sign in to unlock episodes, keep your library and read on any device.',
  },
  loginConfirmSignIn: { id: 'host.dialog.loginConfirmSignIn', defaultMessage: 'Sign in' },
  loginConfirmGuest: { id: 'host.dialog.loginConfirmGuest', defaultMessage: 'Continue as a guest' },
  loginConfirmGuestNote: {
    id: 'host.dialog.loginConfirmGuestNote',
    defaultMessage: 'As a guest, the free-read gauge, tickets, the daily bonus and your library stay on this browser only.',
  },
  guestFailed: { id: 'host.dialog.guestFailed', defaultMessage: 'You could not continue as a guest just now. Please sign in or try again later.' },
  guestRefusedTitle: { id: 'host.dialog.guestRefusedTitle', defaultMessage: 'Guest users cannot use this function.' },
  guestRefusedMessage: {
    id: 'host.dialog.guestRefusedMessage',
    defaultMessage: 'Sign up to use every feature. Your coins, tickets and library come with you.',
  },
  guestRefusedSignUp: { id: 'host.dialog.guestRefusedSignUp', defaultMessage: 'Sign up' },
  errorCode: { id: 'host.dialog.errorCode', defaultMessage: 'Error code {code}' },
  gaugeGuideTitle: { id: 'host.dialog.gaugeGuideTitle', defaultMessage: 'How the free-read gauge works' },
  gaugeGuideFull: { id: 'host.dialog.gaugeGuideFull', defaultMessage: 'When the gauge is full, you can read one episode free.' },
  gaugeGuideRefill: {
    id: 'host.dialog.gaugeGuideRefill',
    defaultMessage: 'Reading it empties the gauge. It refills by itself over {hours, plural, one {# hour} other {# hours}}, and then the next episode is free.',
  },
  gaugeGuidePriority: {
    id: 'host.dialog.gaugeGuidePriority',
    defaultMessage: 'A full gauge is used before your tickets. Episodes you read free stay rented for a limited time.',
  },
  gaugeGuideOk: { id: 'host.dialog.gaugeGuideOk', defaultMessage: 'Got it' },
  adultCheckTitle: { id: 'host.dialog.adultCheckTitle', defaultMessage: 'Adults only' },
  adultCheckMessage: {
    id: 'host.dialog.adultCheckMessage',
    defaultMessage: 'This title contains content for readers aged 18 or older. Are you 18 or older?',
  },
  adultCheckYes: { id: 'host.dialog.adultCheckYes', defaultMessage: 'Yes, I am 18 or older' },
  adultCheckNo: { id: 'host.dialog.adultCheckNo', defaultMessage: 'No' },
  acceptMatureTitle: { id: 'host.dialog.acceptMatureTitle', defaultMessage: 'Show mature content?' },
  acceptMatureMessage: {
    id: 'host.dialog.acceptMatureMessage',
    defaultMessage: 'This page contains titles for adults. Turn mature content on to see them.',
  },
  acceptMatureYes: { id: 'host.dialog.acceptMatureYes', defaultMessage: 'Turn on' },
  acceptMatureVerify: { id: 'host.dialog.acceptMatureVerify', defaultMessage: 'Verify my age' },
  acceptMatureSignIn: { id: 'host.dialog.acceptMatureSignIn', defaultMessage: 'Sign in' },
  acceptMatureFailed: { id: 'host.dialog.acceptMatureFailed', defaultMessage: 'The setting could not be saved. Please try again.' },
  shareTitle: { id: 'host.dialog.shareTitle', defaultMessage: 'Share' },
  shareLink: { id: 'host.dialog.shareLink', defaultMessage: 'Link to share' },
  shareCopy: { id: 'host.dialog.shareCopy', defaultMessage: 'Copy link' },
  shareCopied: { id: 'host.dialog.shareCopied', defaultMessage: 'Copied!' },
})

export const footerMessages = defineMessages({
  notice: { id: 'host.footer.notice', defaultMessage: 'Notices' },
  faq: { id: 'host.footer.faq', defaultMessage: 'FAQ' },
  inquiry: { id: 'host.footer.inquiry', defaultMessage: 'Contact us' },
  terms: { id: 'host.footer.terms', defaultMessage: 'Terms of use' },
  privacy: { id: 'host.footer.privacy', defaultMessage: 'Privacy policy' },
  sct: { id: 'host.footer.sct', defaultMessage: 'Specified commercial transactions' },
  copyright: { id: 'host.footer.copyright', defaultMessage: '© {year} Koma. All rights reserved.' },
  doNotShare: { id: 'host.footer.doNotShare', defaultMessage: 'Do not share my personal information' },
  doNotShareChosen: { id: 'host.footer.doNotShareChosen', defaultMessage: '(chosen)' },
  doNotShareOn: {
    id: 'host.footer.doNotShareOn',
    defaultMessage:
      'Koma does not sell your personal information. With this choice, Koma also keeps no record of your visits (pages viewed, episodes opened, purchases) from this browser, and from your account when you are signed in.',
  },
  doNotShareOnOk: { id: 'host.footer.doNotShareOnOk', defaultMessage: 'Do not share' },
  doNotShareOff: {
    id: 'host.footer.doNotShareOff',
    defaultMessage:
      'You chose not to share your personal information. Allow Koma to record your visits again, to improve the service? (Your browser’s Global Privacy Control, if on, still applies.)',
  },
  doNotShareOffOk: { id: 'host.footer.doNotShareOffOk', defaultMessage: 'Allow' },
})

export const newVersionMessages = defineMessages({
  available: { id: 'host.newVersion.available', defaultMessage: 'A new version of Koma is available.' },
  required: { id: 'host.newVersion.required', defaultMessage: 'Koma has been updated. This page reloads in a few seconds.' },
  reload: { id: 'host.newVersion.reload', defaultMessage: 'Reload' },
  later: { id: 'host.newVersion.later', defaultMessage: 'Later' },
})
