import { cutSearchKeyword, isId } from './params'
import { headerIconsWhite, resolveRoute } from './match'
import { safeRedirect } from './redirect'
import { ROUTES } from './table'

describe('route parameter rules (SPEC §5)', () => {
  it.each([
    ['0', true],
    ['7', true],
    ['1234567890', true],
    ['007', false],
    ['-1', false],
    ['1.5', false],
    ['1e3', false],
    ['abc', false],
    ['', false],
    ['99999999999999999999', false],
  ])('id %p → %p', (value, valid) => {
    expect(isId(value)).toBe(valid)
  })

  it('accepts comic and magazine_comic episode lists in every locale prefix', () => {
    for (const prefix of ['', '/en', '/fr']) {
      expect(resolveRoute(`${prefix}/comic/12`)?.route.id).toBe('catalog.episodes')
      expect(resolveRoute(`${prefix}/magazine_comic/3`)?.route.id).toBe('catalog.episodes')
    }
    expect(resolveRoute('/en/comic/12')?.prefix).toBe('en')
    expect(resolveRoute('/comic/12')?.prefix).toBeNull()
  })

  it.each(['/novel/12', '/comic/012', '/comic/abc', '/comic/-3', '/en/comic/1.0', '/ja/comic/1'])('%s is a 404', (path) => {
    expect(resolveRoute(path)).toBeNull()
  })

  it('checks viewer chapterFileSalesType and ids', () => {
    expect(resolveRoute('/comic/1/chapter/2/product')?.route.id).toBe('viewer.comic')
    expect(resolveRoute('/magazine_comic/1/chapter/2/trial')?.route.id).toBe('viewer.magazine')
    expect(resolveRoute('/comic/1/chapter/2/free')).toBeNull()
    expect(resolveRoute('/comic/1/chapter/02/product')).toBeNull()
  })

  it('needs the preview query values', () => {
    const path = '/preview/comic/4/chapter/epub'
    expect(resolveRoute(path, '?chapterId=9&chapterFileSalesType=trial')?.route.id).toBe('viewer.epubPreview')
    expect(resolveRoute(path, '?chapterId=9')).toBeNull()
    expect(resolveRoute(path, '?chapterId=x&chapterFileSalesType=trial')).toBeNull()
    expect(resolveRoute(path, '?chapterId=9&chapterFileSalesType=full')).toBeNull()
  })

  it('leaves /menu/all_comic/{id} unchecked but still knows adult and event', () => {
    expect(resolveRoute('/menu/all_comic/ranking')?.route.id).toBe('catalog.menu')
    expect(resolveRoute('/menu/all_comic/adult')?.route.id).toBe('catalog.menuAdult')
    expect(resolveRoute('/menu/all_comic/event')?.route.id).toBe('catalog.menuEvent')
  })

  it('registers every SPEC §2 route, login requirements included', () => {
    const paths = ROUTES.map((route) => route.path)
    for (const path of [
      '/', '/legal/abj', '/via', '/login', '/signup', '/inquiry', '/password', '/password/find', '/password/result',
      '/account/coupon', '/account/delete', '/search/:keyword', '/browserguide', '/coinpurchase/error', '/coinpurchase/result',
      '/coinpurchase/result/cancel', '/document/faq', '/document/faq/detail', '/document/notice', '/document/notice/detail',
      '/legal/:type', '/legal/:type/:version', '/legal/special_commercial_transaction', '/menu/promotion/:id',
      '/menu/all_comic/event', '/menu/all_comic/:id', '/menu/content_catalog/:id', '/comment/user/:authorUserId',
      '/comment/:contentType/:contentId/:chapterId', '/member/profile/password/reset', '/member/external-idp/web/:loginType/callback',
      '/inbox/gift', '/inbox/message', '/account/setting', '/account/userinfo', '/account/userinfo/nickname', '/account/userinfo/password',
      '/account/userinfo/changeemail', '/account/userinfo/registemail', '/account/comment/history', '/account/coin/history/:dep1Param',
      '/coinpurchase', '/library/:dep1Param', '/menu/all_comic/adult', '/:contentType/:contentId', '/:contentType/coming_soon/:contentId',
      '/comic/:contentId/chapter/:chapterId/:chapterFileSalesType', '/magazine_comic/:contentId/chapter/:chapterId/:chapterFileSalesType',
      '/preview/:contentType/:contentId/chapter/epub',
    ]) {
      expect(paths).toContain(path)
    }
    const loginOnly = ROUTES.filter((route) => route.access === 'login').map((route) => route.path)
    expect(loginOnly).toEqual(
      expect.arrayContaining(['/inbox/gift', '/coinpurchase', '/library/:dep1Param', '/menu/all_comic/adult', '/account/coin/history/:dep1Param']),
    )
    expect(loginOnly).not.toContain('/account/coupon')
  })

  it('registers the legacy short paths as redirects', () => {
    for (const path of ['/inbox', '/userinfo', '/userinfo/nickname', '/commenthistory', '/useCoupon', '/setting', '/signup/certificateEmail', '/challenge', '/event/contest']) {
      expect(resolveRoute(path)?.route.redirectTo).toMatch(/^\//)
    }
  })

  it('cuts search keywords to 50 characters, counting emoji and kanji as one', () => {
    expect(cutSearchKeyword('a'.repeat(60))).toHaveLength(50)
    expect(Array.from(cutSearchKeyword('漫'.repeat(49) + '😀😀'))).toHaveLength(50)
    expect(cutSearchKeyword('😀'.repeat(60))).toBe('😀'.repeat(50))
    expect(cutSearchKeyword('a'.repeat(49) + '😀'.repeat(1024 * 1024))).toBe('a'.repeat(49) + '😀')
  })
})

describe('header icon colour (SPEC §2)', () => {
  it('is white on narrow screens at scroll top on home and on content routes without a chapter', () => {
    expect(headerIconsWhite({ pathname: '/', narrow: true, scrollTop: 0 })).toBe(true)
    expect(headerIconsWhite({ pathname: '/fr', narrow: true, scrollTop: 0 })).toBe(true)
    expect(headerIconsWhite({ pathname: '/comic/4', narrow: true, scrollTop: 0 })).toBe(true)
    expect(headerIconsWhite({ pathname: '/comment/comic/4/5', narrow: true, scrollTop: 0 })).toBe(false)
    expect(headerIconsWhite({ pathname: '/', narrow: true, scrollTop: 10 })).toBe(false)
    expect(headerIconsWhite({ pathname: '/', narrow: false, scrollTop: 0 })).toBe(false)
    expect(headerIconsWhite({ pathname: '/login', narrow: true, scrollTop: 0 })).toBe(false)
  })
})

describe('safeRedirect', () => {
  it.each([
    ['/comic/1', '/comic/1'],
    ['/en/coinpurchase?x=1', '/en/coinpurchase?x=1'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    [null, '/'],
  ])('%p → %p', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected)
  })
})
