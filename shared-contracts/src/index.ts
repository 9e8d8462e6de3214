/**
 * @koma/contracts for the browser: shared once per page by every remote and the host.
 *
 * A shared module keeps every export it has (any remote may ask for any), so this barrel names
 * what the browser's packages use (issue 34: first-load bytes of every page). Where a module also
 * has what only Node code (`./server`) or the module itself uses, its values are listed and the
 * rest left out (`export type *` still gives every type); `index.test.ts` fails when one of those
 * lists leaves out a value a package imports. A package that needs a value left out adds it here.
 */
export type * from './routes/table'
export { ROUTES } from './routes/table'
export * from './routes/path'
export type * from './api/envelope'
export { STATUS } from './api/envelope'
export * from './api/failures'
export { ACCEPT_MATURE_COOKIE_DAYS, COOKIES, forgetPageCookies, readCookie, writeCookie } from './browser/cookies'
export * from './host/serverPage'
export * from './host/registry'
export type * from './remotes'
export { remoteOfFolder, REMOTES, VERSION_ID_SOURCE } from './remotes'
export type * from './routes/params'
export { CONTENT_TYPES, cutSearchKeyword, isId, SEARCH_KEYWORD_MAX } from './routes/params'
export type * from './routes/redirect'
export { loginPath, safeRedirect, safeSitePath } from './routes/redirect'
export type * from './i18n/locales'
export {
  hasLocalePrefix,
  isLocale,
  LOCALE_COOKIE_DAYS,
  LOCALE_TAGS,
  LOCALES,
  pathInLocale,
  PREFIXED_LOCALES,
  prefixForLocale,
  resolveLocale,
  splitLocalePrefix,
  switchedPrefix,
  withLocalePrefix,
} from './i18n/locales'
export type * from './api/headers'
export type * from './theme/tokens'
export { BADGE_COLORS, BREAKPOINTS, COLORS, FOCUS_RING, FONT_SIZES, FONT_STACK, media, SHARE_OVERLAY_OPACITY, TIMINGS, VISUALLY_HIDDEN } from './theme/tokens'
export type * from './host/pageData'
export { INLINE_REGISTRY_ID, readBootData } from './host/pageData'
export type * from './host/pageScripts'
export { readPageScripts } from './host/pageScripts'
// The domain rules' types only: their functions come from `@koma/contracts/domain` (domain/index.ts).
export type * from './domain'
export type * from './i18n/texts'
export { text } from './i18n/texts'
export type * from './api/endpoints'
export { endpoints } from './api/endpoints'
export type * from './api/endpoint'
export type * from './api/endpoints/viewer'
export { positionsFromCounts } from './api/endpoints/viewer'
export type * from './routes/match'
export { headerIconsWhite, paramsAreValid, resolveRoute } from './routes/match'
export { afterFirstSegment, candidates } from './routes/candidates'
export type * from './api/errors'
export { ApiError, classifyFailure, isApiError, loadFailureMessage } from './api/errors'
export type * from './api/client'
export { ApiClient, SERVER_RENDER_MISS, ServerRenderMiss } from './api/client'
export type * from './auth/store'
export type * from './events/bus'
export { events } from './events/bus'
export { safeStorage, STORAGE_KEYS } from './browser/storage'
export * from './browser/idle'
export * from './host/bridge'
export type * from './host/idlePreload'
export { afterFirstPaintIdle, useAfterFirstPaint, usePreloadDialogs } from './host/idlePreload'
export * from './host/dialogs'
export * from './host/matureDialog'
export * from './host/Slot'
export * from './host/Spinner'
export * from './host/DialogFrame'
export { useFocusTrap, useMenuKeys } from './host/focusTrap'
export * from './host/RemoteBoundary'
export * from './host/remoteModules'
export * from './host/pageRandom'
export * from './host/pageTimeZone'
export * from './host/browserValue'
export * from './i18n/LocaleContext'
export * from './i18n/RemoteIntl'
export * from './i18n/intlFor'
export * from './i18n/useT'
export * from './runtime'
export type * from './analytics/tracker'
export { analytics, AnalyticsTracker, installAnalytics } from './analytics/tracker'
export { invalidateAll, type ResourceOptions } from './data/resource'
export type * from './data/cache'
export { ownedCache } from './data/cache'
export * from './data/settled'
