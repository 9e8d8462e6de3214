import { cutSearchKeyword, isId } from './params'
import { headerIconsWhite, resolveRoute } from './match'
import { safeRedirect, safeSitePath, SITE_PATH_MAX } from './redirect'
import { episodesPathOf, routePath, viewerPath } from './path'
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
    for (const prefix of ['', '/ja', '/en', '/fr']) {
      expect(resolveRoute(`${prefix}/comic/12`)?.route.id).toBe('catalog.episodes')
      expect(resolveRoute(`${prefix}/magazine_comic/3`)?.route.id).toBe('catalog.episodes')
    }
    expect(resolveRoute('/en/comic/12')?.prefix).toBe('en')
    expect(resolveRoute('/comic/12')?.prefix).toBeNull()
    expect(resolveRoute('/ja/comic/12')?.prefix).toBe('ja')
    expect(resolveRoute('/ja')?.route.id).toBe('catalog.home')
  })

  it.each(['/novel/12', '/comic/012', '/comic/abc', '/comic/-3', '/en/comic/1.0', '/ja/comic/012', '/ja/novel/1', '/jp/comic/1', '/ja/ja/comic/1'])(
    '%s is a 404',
    (path) => {
      expect(resolveRoute(path)).toBeNull()
    },
  )

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
      '/',
      '/legal/abj',
      '/via',
      '/login',
      '/signup',
      '/inquiry',
      '/password',
      '/password/find',
      '/password/result',
      '/account/coupon',
      '/account/delete',
      '/search/:keyword',
      '/browserguide',
      '/coinpurchase/error',
      '/coinpurchase/result',
      '/coinpurchase/result/cancel',
      '/document/faq',
      '/document/faq/detail',
      '/document/notice',
      '/document/notice/detail',
      '/legal/:type',
      '/legal/:type/:version',
      '/legal/special_commercial_transaction',
      '/menu/promotion/:id',
      '/menu/all_comic/event',
      '/menu/all_comic/:id',
      '/menu/content_catalog/:id',
      '/comment/user/:authorUserId',
      '/comment/:contentType/:contentId/:chapterId',
      '/member/profile/password/reset',
      '/member/external-idp/web/:loginType/callback',
      '/inbox/gift',
      '/inbox/message',
      '/account/setting',
      '/account/userinfo',
      '/account/userinfo/nickname',
      '/account/userinfo/password',
      '/account/userinfo/changeemail',
      '/account/userinfo/registemail',
      '/account/comment/history',
      '/account/coin/history/:dep1Param',
      '/coinpurchase',
      '/library/:dep1Param',
      '/menu/all_comic/adult',
      '/:contentType/:contentId',
      '/:contentType/coming_soon/:contentId',
      '/comic/:contentId/chapter/:chapterId/:chapterFileSalesType',
      '/magazine_comic/:contentId/chapter/:chapterId/:chapterFileSalesType',
      '/preview/:contentType/:contentId/chapter/epub',
    ]) {
      expect(paths).toContain(path)
    }
    const loginOnly = ROUTES.filter((route) => route.access === 'login').map((route) => route.path)
    expect(loginOnly).toEqual(expect.arrayContaining(['/coinpurchase', '/menu/all_comic/adult', '/account/coin/history/:dep1Param', '/account/setting']))
    expect(loginOnly).not.toContain('/account/coupon')
    // SPEC §4: a guest keeps a library and claims the daily bonus in the inbox on this browser.
    const readers = ROUTES.filter((route) => route.access === 'reader').map((route) => route.path)
    expect(readers.sort()).toEqual(['/inbox/gift', '/inbox/message', '/library/:dep1Param'])
  })

  it('registers the legacy short paths as redirects', () => {
    for (const path of [
      '/inbox',
      '/userinfo',
      '/userinfo/nickname',
      '/commenthistory',
      '/useCoupon',
      '/setting',
      '/signup/certificateEmail',
      '/challenge',
      '/event/contest',
    ]) {
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

describe('safeSitePath: redirects only to our own paths', () => {
  it.each([
    ['/', '/'],
    ['/comic/1?x=1#y', '/comic/1?x=1#y'],
    ['/fr/account/setting', '/fr/account/setting'],
    ['/en/coinpurchase?x=1', '/en/coinpurchase?x=1'],
    ['/comic/1/../2', '/comic/2'],
    ['/./fr/./login', '/fr/login'],
    ['/search/漫画', '/search/%E6%BC%AB%E7%94%BB'],
    ['/search?q=100%', '/search?q=100%'],
    ['/comic/1?next=%2F%2Fquery-values-are-data', '/comic/1?next=%2F%2Fquery-values-are-data'],
  ])('keeps %p as %p', (value, expected) => {
    expect(safeSitePath(value)).toBe(expected)
    expect(safeRedirect(value, '/home')).toBe(expected)
  })

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a path', '//evil.example/comic/1'],
    ['backslash after the slash', '/\\evil.example'],
    ['backslash later', '/comic\\..\\..\\evil.example'],
    ['dot segment hiding a double slash', '/.//evil.example'],
    ['parent segment hiding a double slash', '/comic/..//evil.example'],
    ['encoded dot segment hiding a double slash', '/%2e//evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['encoded slashes, lower case', '/%2f%2fevil.example'],
    ['encoded slash after the slash', '/%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['doubly encoded slashes', '/%252F%252Fevil.example'],
    ['encoded dot segment and slashes', '/.%2F%2Fevil.example'],
    ['encoded newline', '/comic%0a/1'],
    ['tab', '/\t/evil.example'],
    ['newline', '/comic\n/1'],
    ['carriage return', '/comic/1\r'],
    ['NUL', '/comic/\u00001'],
    ['DEL', '/comic/\u007f'],
    ['C1 control', '/comic/\u0085'],
    ['https scheme', 'https://evil.example'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['relative path', 'comic/1'],
    ['leading space', ' /comic/1'],
    ['empty', ''],
    ['over-long', `/${'a'.repeat(SITE_PATH_MAX)}`],
    ['over-long once encoded', `/${'漫'.repeat(200)}`],
  ])('refuses %s', (_name, value) => {
    expect(safeSitePath(value)).toBeNull()
    expect(safeRedirect(value, '/home')).toBe('/home')
  })

  it('refuses what is not a string', () => {
    for (const value of [null, undefined, 42, ['/'], { toString: () => '/' }]) expect(safeSitePath(value)).toBeNull()
    expect(safeRedirect(null)).toBe('/')
  })
})

describe('routePath (issue 14: links name their route)', () => {
  const sample = { id: '12', contentType: 'magazine_comic', chapterFileSalesType: 'trial', any: 'x' } as const

  it('builds every route of the table from its parameters, and the path resolves back to that route', () => {
    for (const route of ROUTES) {
      if (route.redirectTo || route.query) continue
      const params = Object.fromEntries(Object.entries(route.params ?? {}).map(([name, rule]) => [name, sample[rule]]))
      const built = routePath(route.id as never, params as never)
      expect(built).not.toContain(':')
      // Literal paths that share a pattern's place (/menu/all_comic/event beside /menu/all_comic/:id) win.
      const resolved = resolveRoute(built)?.route
      expect(resolved && (resolved.id === route.id || !route.path.includes(':'))).toBe(true)
    }
  })

  it('fills the parameters, encoded, and refuses a missing one', () => {
    expect(routePath('community.chapterComments', { contentType: 'comic', contentId: 3, chapterId: 9 })).toBe('/comment/comic/3/9')
    expect(routePath('catalog.search', { keyword: 'a/b c' })).toBe('/search/a%2Fb%20c')
    expect(routePath('payments.coinPurchase')).toBe('/coinpurchase')
    expect(() => routePath('catalog.episodes', {} as never)).toThrow('no value for :contentType')
  })

  it('is checked by the compiler: an unknown id or a missing parameter does not build', () => {
    // @ts-expect-error: no such route id
    expect(() => routePath('catalog.nope')).toThrow('Unknown route id')
    // @ts-expect-error: the viewer needs the chapter and its sales type
    expect(() => routePath('viewer.comic', { contentId: 1 })).toThrow('no value for :chapterId')
  })

  it('the viewer of a chapter: comic and magazine_comic have their own routes', () => {
    expect(viewerPath({ contentType: 'comic', contentId: 3, chapterId: 9 })).toBe('/comic/3/chapter/9/product')
    expect(viewerPath({ contentType: 'magazine_comic', contentId: 3, chapterId: 9, salesType: 'trial' })).toBe('/magazine_comic/3/chapter/9/trial')
    expect(resolveRoute(viewerPath({ contentType: 'magazine_comic', contentId: 3, chapterId: 9 }))?.route.id).toBe('viewer.magazine')
  })
})

describe('the episode list of the title a page belongs to', () => {
  it('is found from a chapter in either viewer, a preview and the comments; pages of no title have none', () => {
    const of = (path: string, search = '') => episodesPathOf(resolveRoute(path, search)!)
    expect(of('/fr/comic/7/chapter/31/product')).toBe('/comic/7')
    expect(of('/magazine_comic/3/chapter/9/product')).toBe('/magazine_comic/3')
    expect(of('/en/preview/comic/7/chapter/epub', '?chapterId=31&chapterFileSalesType=product')).toBe('/comic/7')
    expect(of('/en/comic/7')).toBeNull()
    expect(of('/en/search')).toBeNull()
  })
})
