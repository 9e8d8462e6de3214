import { isAppWebView, isCrawler, needsBrowserGuide } from './userAgent'

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  ios13: 'Mozilla/5.0 (iPhone; CPU iPhone OS 13_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.2 Mobile/15E148 Safari/604.1',
  ios14: 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 Mobile/15E148 Safari/604.1',
  ipad12: 'Mozilla/5.0 (iPad; CPU OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  twitter: 'Twitterbot/1.0',
}

describe('browser support (SPEC §1)', () => {
  it('sends Internet Explorer and iOS older than 14 to the browser guide', () => {
    expect(needsBrowserGuide(UA.ie11)).toBe(true)
    expect(needsBrowserGuide(UA.ie10)).toBe(true)
    expect(needsBrowserGuide(UA.ios13)).toBe(true)
    expect(needsBrowserGuide(UA.ipad12)).toBe(true)
    expect(needsBrowserGuide(UA.ios14)).toBe(false)
    expect(needsBrowserGuide(UA.chrome)).toBe(false)
  })

  it('detects crawlers by user agent', () => {
    expect(isCrawler(UA.googlebot)).toBe(true)
    expect(isCrawler(UA.twitter)).toBe(true)
    expect(isCrawler(UA.chrome)).toBe(false)
  })

  it('recognises the app web view', () => {
    expect(isAppWebView(`${UA.ios14} KomaApp/3.2.0`)).toBe(true)
    expect(isAppWebView(UA.ios14)).toBe(false)
  })
})
