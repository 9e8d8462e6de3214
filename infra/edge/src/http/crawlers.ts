import { API_PREFIX, endpoints, LOCALES, PREFIXED_LOCALES, prefixForLocale, withLocalePrefix, type Locale, type SitemapTitle } from '@koma/contracts/server'
import { apiCall, type ApiTarget } from './apiFetch'
import { PAGE_TEXTS } from './pageTexts'
import { escapeMarkup } from './responses'

/** Paths no crawler needs: the API, readers' own pages, forms and the viewer (paid pages). */
const PRIVATE_PATHS = [
  `${API_PREFIX}/`,
  '/account/',
  '/library/',
  '/inbox/',
  '/coinpurchase',
  '/login',
  '/signup',
  '/password',
  '/member/',
  '/search',
  '/preview/',
  '/comment/user/',
  '/*/chapter/',
]

export function robotsTxt(origin: string): string {
  const lines = ['User-agent: *', 'Allow: /']
  for (const path of PRIVATE_PATHS) {
    lines.push(`Disallow: ${path}`)
    for (const prefix of PREFIXED_LOCALES) lines.push(`Disallow: /${prefix}${path}`)
  }
  lines.push('', `Sitemap: ${origin}/sitemap.xml`, '')
  return lines.join('\n')
}

/** Public pages that are not titles. */
const STATIC_PAGES = [
  '/',
  '/menu/all_comic/ranking',
  '/menu/all_comic/new',
  '/menu/all_comic/free',
  '/menu/all_comic/event',
  '/document/notice',
  '/document/faq',
]

/**
 * The sitemap: every public page at its three prefixed URLs (/ja, /en, /fr), each naming the others
 * (hreflang) and the unprefixed page as x-default.
 */
export function sitemapXml(origin: string, titles: SitemapTitle[]): string {
  const entries: { path: string; lastmod?: string }[] = [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...titles.map((title) => ({
      path: title.page === 'comingSoon' ? `/${title.type}/coming_soon/${title.id}` : `/${title.type}/${title.id}`,
      lastmod: title.updatedAt,
    })),
  ]
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ]
  const url = (path: string, locale: Locale) => escapeMarkup(`${origin}${withLocalePrefix(path, prefixForLocale(locale))}`)
  for (const entry of entries) {
    const alternates =
      LOCALES.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${url(entry.path, locale)}"/>`).join('') +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeMarkup(`${origin}${entry.path}`)}"/>`
    for (const locale of LOCALES) {
      out.push(`<url><loc>${url(entry.path, locale)}</loc>${entry.lastmod ? `<lastmod>${escapeMarkup(entry.lastmod)}</lastmod>` : ''}${alternates}</url>`)
    }
  }
  out.push('</urlset>', '')
  return out.join('\n')
}

/** The API's list of public titles, kept ten minutes (the API's own max-age). */
export class SitemapSource {
  private kept: { until: number; titles: SitemapTitle[] } | null = null
  private pending: Promise<SitemapTitle[] | null> | null = null

  constructor(
    private readonly apiUrl: ApiTarget,
    private readonly now: () => number = Date.now,
  ) {}

  async titles(clientIp: string): Promise<SitemapTitle[] | null> {
    if (this.kept && this.kept.until > this.now()) return this.kept.titles
    this.pending ??= apiCall(this.apiUrl, endpoints.sitemapTitles, {}, { locale: 'en', clientIp, now: this.now() })
      .then((answer) => {
        if (!answer.result) return this.kept?.titles ?? null
        this.kept = { until: this.now() + 600_000, titles: answer.result.titles }
        return answer.result.titles
      })
      .finally(() => {
        this.pending = null
      })
    return this.pending
  }
}

/**
 * SPEC §1: Internet Explorer and iOS before 14 cannot run the app's bundle. This page is plain
 * HTML with no script, readable in those browsers, in the reader's language.
 */
export function browserGuideHtml(locale: Locale): string {
  const t = PAGE_TEXTS[locale]
  const links = [
    ['Google Chrome', 'https://www.google.com/chrome/'],
    ['Microsoft Edge', 'https://www.microsoft.com/edge'],
    ['Mozilla Firefox', 'https://www.mozilla.org/firefox/'],
  ]
  const others = LOCALES.filter((other) => other !== locale)
    .map(
      (other) =>
        `<a href="${withLocalePrefix('/browserguide', prefixForLocale(other))}" hreflang="${other}" lang="${other}">${{ ja: '日本語', en: 'English', fr: 'Français' }[other]}</a>`,
    )
    .join(' · ')
  return `<!DOCTYPE html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${t.browserGuideTitle} | Koma</title>
<style>body{margin:0;font-family:-apple-system,"Segoe UI","Hiragino Sans",Meiryo,sans-serif;color:#222;background:#fff;line-height:1.6}
.box{max-width:560px;margin:0 auto;padding:32px 20px}h1{font-size:22px;margin:0 0 16px}p{font-size:16px;margin:0 0 16px}
ul{padding:0;list-style:none}li{margin:0 0 8px}a{color:#c2261a}.brand{font-weight:bold;color:#c2261a;font-size:20px}</style></head>
<body><div class="box"><p class="brand">Koma</p><h1>${t.browserGuideTitle}</h1><p>${t.browserGuideDescription}</p><p>${t.browserGuideUpdate}</p>
<h2 style="font-size:18px">${t.browserGuideGet}</h2><ul>${links.map(([name, href]) => `<li><a href="${href}" rel="noopener">${name}</a></li>`).join('')}</ul>
<p>${others}</p></div></body></html>
`
}
