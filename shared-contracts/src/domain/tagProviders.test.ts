import { campaignUrl, hasTags, providerEvent, tagConfigFrom, tagCspSources, tagScriptUrls, validTagConfig } from './tagProviders'

describe('third-party analytics providers (issue 15)', () => {
  it('are none unless configured', () => {
    const { config, problems } = tagConfigFrom({})
    expect([config, problems, hasTags(config), tagScriptUrls(config)]).toEqual([{}, [], false, []])
    expect(tagCspSources(config)).toEqual({ 'script-src': [], 'img-src': [], 'connect-src': [] })
    expect(tagConfigFrom({ KOMA_TAG_MANAGER_ID: '  ', KOMA_META_PIXEL_ID: '' }).config).toEqual({})
  })

  it('take only ids of the strict patterns: nothing a config could inject', () => {
    expect(tagConfigFrom({ KOMA_TAG_MANAGER_ID: 'GTM-AB12CD3', KOMA_META_PIXEL_ID: '123456789012345' })).toEqual({
      config: { gtm: 'GTM-AB12CD3', pixel: '123456789012345' },
      problems: [],
    })
    for (const bad of [
      'gtm-ab12cd',
      'GTM-',
      'GTM-ABC',
      'GTM-AB12"><script>alert(1)</script>',
      'GTM-AB12CD&l=x',
      'GTM-AB\n12CD',
      'G-AB12CD34',
      'GTM-ABCDEFGHIJKLM',
      "GTM-AB12'",
    ]) {
      const { config, problems } = tagConfigFrom({ KOMA_TAG_MANAGER_ID: bad })
      expect([bad, config, problems.length]).toEqual([bad, {}, 1])
    }
    for (const bad of ['12345', '12345678901x', 'https://evil.example/1234567890', '1234567890 https:']) {
      expect([bad, tagConfigFrom({ KOMA_META_PIXEL_ID: bad }).problems]).toEqual([bad, ['KOMA_META_PIXEL_ID must match /^[0-9]{10,20}$/']])
    }
    // The page checks what it received again.
    expect(validTagConfig({ gtm: 'GTM-AB12"><x', pixel: 42 })).toEqual({})
    expect(validTagConfig('GTM-AB12CD')).toEqual({})
    expect(validTagConfig({ gtm: 'GTM-AB12CD', extra: 'x' })).toEqual({ gtm: 'GTM-AB12CD' })
  })

  it('load each provider’s own script and open the policy to its hosts only', () => {
    expect(tagScriptUrls({ gtm: 'GTM-AB12CD' })).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD'])
    expect(tagScriptUrls({ pixel: '1234567890' })).toEqual(['https://connect.facebook.net/en_US/fbevents.js'])
    expect(tagCspSources({ gtm: 'GTM-AB12CD' })['script-src']).toEqual(['https://www.googletagmanager.com'])
    expect(tagCspSources({ pixel: '1234567890' })['script-src']).toEqual(['https://connect.facebook.net'])
    expect(JSON.stringify(tagCspSources({ pixel: '1234567890' }))).not.toContain('google')
  })

  it('receive the same event names and the page path, minus anything personal', () => {
    expect(providerEvent({ name: 'page_view', path: '/comic/3', at: 1 })).toEqual({ name: 'page_view', params: { page_path: '/comic/3' } })
    expect(
      providerEvent({ name: 'purchase', path: '/coinpurchase/result', at: 1, props: { coins: 100, price: 120, unit: 'USD', email: 'a@b.example', who: 'x' } }),
    ).toEqual({
      name: 'purchase',
      params: { page_path: '/coinpurchase/result', coins: 100, price: 120, unit: 'USD' },
    })
    expect(providerEvent({ name: 'login', path: '/', at: 1, props: { method: 'someone@mail.example' } }).params).toEqual({ page_path: '/' })
    // A referral's keyword keeps only the campaign: a query may carry a reset token or an address.
    expect(
      providerEvent({
        name: 'referral',
        path: '/comic/1',
        at: 1,
        props: { keyword: 'https://koma.example/fr/comic/1?utm_source=news&token=secret&utm_medium=mail', referrer_host: 'news.example' },
      }).params,
    ).toEqual({
      page_path: '/comic/1',
      keyword: 'https://koma.example/fr/comic/1?utm_source=news&utm_medium=mail',
      referrer_host: 'news.example',
    })
    expect(campaignUrl('https://koma.example/member/profile/password/reset?token=abc')).toBe('https://koma.example/member/profile/password/reset')
    expect(campaignUrl('not a url')).toBeNull()
  })
})
