import type { ScreenOwner } from '../remotes'
import type { ParamRule } from './params'

export type Layout = 'default' | 'menu' | 'none'

/**
 * public: anyone; login: a signed-out reader goes to /login?redirect=…, a guest is offered
 * sign-up instead (SPEC §6); reader: as login, but a guest may come in too (the library, the
 * inbox with its daily bonus: SPEC §4); signedOut: a signed-in reader goes to the redirect query
 * or home (login, sign-up).
 */
export type Access = 'public' | 'login' | 'reader' | 'signedOut'

export interface RouteDef {
  /** Stable id; the owning remote's `./routes` module maps it to a screen. */
  id: string
  /** Path without locale prefix, in react-router syntax. */
  path: string
  owner: ScreenOwner
  access: Access
  layout: Layout
  /** Rules for path parameters; a violation is a 404. */
  params?: Record<string, ParamRule>
  /** Query values the route cannot work without (SPEC §5: the epub preview). */
  query?: Record<string, ParamRule>
  /** Legacy short paths: registered with no screen, they redirect here. */
  redirectTo?: string
  /**
   * The edge draws this page's first paint for visitors (issue 13): its screen reads nothing but
   * what the edge writes into the page, and draws the same on the edge and in the browser, so
   * the browser hydrates the markup it was sent. The owner's live version needs a server build.
   * 'seeded': its first render makes random choices (home's shuffled sections, usePageRandom):
   * the edge draws each load with a fresh seed, so such a page differs on every load.
   */
  drawnByEdge?: true | 'seeded'
}

const r = <const I extends string, const P extends string, const O extends ScreenOwner>(
  id: I,
  path: P,
  owner: O,
  extra: Partial<Omit<RouteDef, 'id' | 'path' | 'owner'>> = {},
): RouteDef & { id: I; path: P; owner: O } => ({ id, path, owner, access: 'public', layout: 'default', ...extra })

const login = { access: 'login' as const }
const reader = { access: 'reader' as const }
const ct = { contentType: 'contentType' as const }

/** Every route of SPEC §2. The host builds its router from this table, in three locale variants. */
export const ROUTES = [
  // mf-catalog: discovery
  r('catalog.home', '/', 'mf_catalog', { layout: 'menu', drawnByEdge: 'seeded' }),
  r('catalog.search', '/search/:keyword', 'mf_catalog', { params: { keyword: 'any' } }),
  r('catalog.searchEmpty', '/search', 'mf_catalog'),
  r('catalog.menuEvent', '/menu/all_comic/event', 'mf_catalog', { layout: 'menu' }),
  r('catalog.menuAdult', '/menu/all_comic/adult', 'mf_catalog', { layout: 'menu', ...login }),
  r('catalog.menu', '/menu/all_comic/:id', 'mf_catalog', { layout: 'menu', params: { id: 'any' } }),
  r('catalog.promotion', '/menu/promotion/:id', 'mf_catalog', { layout: 'menu', params: { id: 'id' } }),
  r('catalog.contentCatalog', '/menu/content_catalog/:id', 'mf_catalog', { layout: 'menu', params: { id: 'id' } }),
  r('catalog.library', '/library/:dep1Param', 'mf_catalog', { ...reader, params: { dep1Param: 'any' } }),
  r('catalog.episodes', '/:contentType/:contentId', 'mf_catalog', { params: { ...ct, contentId: 'id' }, drawnByEdge: true }),
  r('catalog.comingSoon', '/:contentType/coming_soon/:contentId', 'mf_catalog', { params: { ...ct, contentId: 'id' } }),

  // mf-viewer: reading
  r('viewer.comic', '/comic/:contentId/chapter/:chapterId/:chapterFileSalesType', 'mf_viewer', {
    layout: 'none',
    drawnByEdge: true,
    params: { contentId: 'id', chapterId: 'id', chapterFileSalesType: 'chapterFileSalesType' },
  }),
  r('viewer.magazine', '/magazine_comic/:contentId/chapter/:chapterId/:chapterFileSalesType', 'mf_viewer', {
    layout: 'none',
    drawnByEdge: true,
    params: { contentId: 'id', chapterId: 'id', chapterFileSalesType: 'chapterFileSalesType' },
  }),
  r('viewer.epubPreview', '/preview/:contentType/:contentId/chapter/epub', 'mf_viewer', {
    layout: 'none',
    params: { ...ct, contentId: 'id' },
    query: { chapterId: 'id', chapterFileSalesType: 'chapterFileSalesType' },
  }),

  // mf-account: identity, settings, inbox, support, documents
  r('account.login', '/login', 'mf_account', { access: 'signedOut' }),
  r('account.signup', '/signup', 'mf_account', { access: 'signedOut' }),
  r('account.signupCertificate', '/signup/certificate', 'mf_account', { access: 'signedOut' }),
  r('account.signupJoin', '/signup/join', 'mf_account', { access: 'signedOut' }),
  r('account.inquiry', '/inquiry', 'mf_account'),
  r('account.password', '/password', 'mf_account'),
  r('account.passwordFind', '/password/find', 'mf_account'),
  r('account.passwordResult', '/password/result', 'mf_account'),
  r('account.passwordReset', '/member/profile/password/reset', 'mf_account'),
  r('account.idpCallback', '/member/external-idp/web/:loginType/callback', 'mf_account', {
    layout: 'none',
    params: { loginType: 'any' },
  }),
  r('account.coupon', '/account/coupon', 'mf_account'),
  r('account.delete', '/account/delete', 'mf_account'),
  r('account.setting', '/account/setting', 'mf_account', login),
  r('account.userinfo', '/account/userinfo', 'mf_account', login),
  r('account.nickname', '/account/userinfo/nickname', 'mf_account', login),
  r('account.changePassword', '/account/userinfo/password', 'mf_account', login),
  r('account.changeEmail', '/account/userinfo/changeemail', 'mf_account', login),
  r('account.registerEmail', '/account/userinfo/registemail', 'mf_account', login),
  r('account.inboxGift', '/inbox/gift', 'mf_account', reader),
  r('account.inboxMessage', '/inbox/message', 'mf_account', reader),
  r('account.faq', '/document/faq', 'mf_account'),
  r('account.faqDetail', '/document/faq/detail', 'mf_account'),
  r('account.notice', '/document/notice', 'mf_account'),
  r('account.noticeDetail', '/document/notice/detail', 'mf_account'),
  r('account.legalAbj', '/legal/abj', 'mf_account'),
  r('account.legalSct', '/legal/special_commercial_transaction', 'mf_account'),
  r('account.legal', '/legal/:type', 'mf_account', { params: { type: 'any' } }),
  r('account.legalVersion', '/legal/:type/:version', 'mf_account', { params: { type: 'any', version: 'any' } }),

  // mf-payments: coins
  r('payments.coinPurchase', '/coinpurchase', 'mf_payments', login),
  r('payments.coinPurchaseError', '/coinpurchase/error', 'mf_payments'),
  r('payments.coinPurchaseResult', '/coinpurchase/result', 'mf_payments'),
  r('payments.coinPurchaseCancel', '/coinpurchase/result/cancel', 'mf_payments'),
  r('payments.coinHistory', '/account/coin/history/:dep1Param', 'mf_payments', { ...login, params: { dep1Param: 'any' } }),

  // mf-community: comments
  r('community.chapterComments', '/comment/:contentType/:contentId/:chapterId', 'mf_community', {
    params: { ...ct, contentId: 'id', chapterId: 'id' },
  }),
  r('community.userComments', '/comment/user/:authorUserId', 'mf_community', { params: { authorUserId: 'id' } }),
  r('community.history', '/account/comment/history', 'mf_community', login),

  // mf-ops: the operator console (operators only: the API refuses everyone else, the console says so)
  r('ops.service', '/ops', 'mf_ops', login),
  r('ops.reports', '/ops/reports', 'mf_ops', login),
  r('ops.audit', '/ops/audit', 'mf_ops', login),
  r('ops.releases', '/ops/releases', 'mf_ops', login),
  r('ops.health', '/ops/health', 'mf_ops', login),
  r('ops.titles', '/ops/titles', 'mf_ops', login),
  r('ops.title', '/ops/titles/:id', 'mf_ops', { ...login, params: { id: 'id' } }),
  r('ops.campaigns', '/ops/campaigns', 'mf_ops', login),

  // host: shell screens
  r('host.browserGuide', '/browserguide', 'host', { layout: 'none' }),
  r('host.via', '/via', 'host'),
  r('host.campaignError', '/campaign/error', 'host'),

  // Legacy short paths: no screen, a redirect.
  r('legacy.inbox', '/inbox', 'host', { redirectTo: '/inbox/gift' }),
  r('legacy.userinfo', '/userinfo', 'host', { redirectTo: '/account/userinfo' }),
  r('legacy.userinfoRegistemail', '/userinfo/registemail', 'host', { redirectTo: '/account/userinfo/registemail' }),
  r('legacy.userinfoChangeemail', '/userinfo/changeemail', 'host', { redirectTo: '/account/userinfo/changeemail' }),
  r('legacy.userinfoNickname', '/userinfo/nickname', 'host', { redirectTo: '/account/userinfo/nickname' }),
  r('legacy.userinfoPassword', '/userinfo/password', 'host', { redirectTo: '/account/userinfo/password' }),
  r('legacy.commenthistory', '/commenthistory', 'host', { redirectTo: '/account/comment/history' }),
  r('legacy.useCoupon', '/useCoupon', 'host', { redirectTo: '/account/coupon' }),
  r('legacy.setting', '/setting', 'host', { redirectTo: '/account/setting' }),
  r('legacy.signupCertificateEmail', '/signup/certificateEmail', 'host', { redirectTo: '/signup' }),
  r('legacy.challenge', '/challenge', 'host', { redirectTo: '/menu/all_comic/event' }),
  r('legacy.contest', '/event/contest', 'host', { redirectTo: '/menu/all_comic/event' }),
  r('legacy.contestYear', '/event/contest/:year', 'host', { redirectTo: '/menu/all_comic/event', params: { year: 'any' } }),
  r('legacy.contestResult', '/event/contest/:year/result', 'host', { redirectTo: '/menu/all_comic/event', params: { year: 'any' } }),
] as const satisfies readonly RouteDef[]

type AnyRoute = (typeof ROUTES)[number]

/** Every route id of the table, as a type: a typo in an id is a compile error, not a 404. */
export type RouteId = AnyRoute['id']

/** The ids one area owns (a remote's `./routes` module maps exactly these to screens). */
export type RouteIdOf<O extends ScreenOwner> = Extract<AnyRoute, { owner: O }>['id']

/** The path pattern of one route, as a type. */
export type RoutePattern<I extends RouteId> = Extract<AnyRoute, { id: I }>['path']

export const routeById = (id: RouteId): RouteDef => {
  const found = ROUTES.find((route) => route.id === id)
  if (!found) throw new Error(`Unknown route id ${id}`)
  return found
}
