/**
 * The shared texts in English (texts.ts says what they are). Its keys are every language's:
 * ja.ts and fr.ts must have each of them. A page downloads its own language's file only.
 */
const en = {
  pageNotFound: 'Page Not Found: {path}',
  invalidRequestHashToken: 'Invalid request hash token',
  cannotFindHost: 'cannot find host',
  connectionLost: 'connection lost',
  badServerResponse: 'The server sent a bad response.',
  undefinedError: 'An Undefined Error Has Occurred. Please Try Again Later.',
  authenticationError: 'Authentication error. Please sign in again.',
  incorrectEmailOrPassword: 'Incorrect email or password',
  guestNotAllowed: 'Guest users cannot use this function.',
  comicNotFound: 'This comic cannot be found.',
  chapterNotFound: 'This episode cannot be found.',
  chapterLocked: 'Unlock this episode to read it.',
  salesSuspended: 'Sales are suspended for this episode.',
  matureNotAccepted: 'This title is for adults. Please confirm to continue.',
  systemMaintenance: 'System maintenance',
  invalidParameter: '{field} is not valid.',
  notFound: 'Not found',
  campaignUnavailable: 'This campaign is not running now.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  tooManyRequestsMinutes: 'Too many requests. Please try again in {minutes} min.',
  requestTooLarge: 'The request is too large.',
  noMorePages: 'There are no more items to show.',
  searchQueryRequired: 'Please enter a title, an author or a keyword.',
  releaseNotificationUnavailable: 'This title has already been released.',
  internetUnstable: 'Your internet connection is unstable. Please check it and try again.',
  dataNotObtained: 'The data could not be obtained. Please try again later.',
  popupsBlocked: 'Pop-ups are blocked. Please allow pop-ups for this site and try again.',
  // Account texts the browser itself shows (sign-in, reset, invitation, updated terms).
  passwordResetFailed: 'Your password could not be reset. Please try again.',
  authenticationFailed: 'Authentication failed. Please try again, or reset your password.',
  guestAuthenticationFailed: 'Guest authentication failed. Please try again, or sign in.',
  invitationFailed: 'This invitation link could not be opened. It may be incomplete or no longer valid.',
  termsAgreementRequired:
    'Our Terms of Use have been updated. You can read them from the link at the bottom of every page. Please agree to keep using your account; otherwise you will be signed out.',
  termsUpdatedTitle: 'Terms of Use updated',
  termsAgree: 'Agree',
  termsDecline: 'Disagree and sign out',
}

export default en
