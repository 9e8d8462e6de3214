import {
  LOCALES,
  LOCALE_TAGS,
  jsonForScript,
  prefixForLocale,
  splitLocalePrefix,
  withLocalePrefix,
  bootKey,
  endpoints,
  type ChapterFileSalesType,
  type ContentDetail,
  type ContentType,
  type Locale,
  type ParamsOf,
  type ResultOf,
} from '@koma/contracts/server'
import type { RouteMatch } from '@koma/contracts/match'
import { apiCall, CRAWLER_API_WAIT_MS, FIRST_PAGE_API_WAIT_MS, type AnyEndpoint, type ApiAnswer, type ApiTarget } from './apiFetch'
import { escapeMarkup } from './responses'
import { PAGE_TEXTS } from './pageTexts'

/**
 * What crawlers and link previews read in the page the edge serves (the app draws the rest):
 * its status (404 for an unknown path or id, 503 in maintenance), title, description, canonical
 * and hreflang links for ja/en/fr, Open Graph and Twitter cards, and JSON-LD for a title.
 */
export interface PageMeta {
  status: 200 | 404 | 503
  locale: Locale
  /** Elements for the head, the page's own <title> included. */
  head: string
}

/** The page as the edge resolved it (shared with PageHints). */
export interface PageContext {
  /** The decoded path, locale prefix included. */
  pathname: string
  search: string
  match: RouteMatch | null
  locale: Locale
}

/** Pages worth a search result; every other page (account, library, viewer, forms) says noindex. */
const INDEXABLE = new Set([
  'catalog.home',
  'catalog.episodes',
  'catalog.comingSoon',
  'catalog.menu',
  'catalog.menuEvent',
  'catalog.promotion',
  'catalog.contentCatalog',
  'account.faq',
  'account.faqDetail',
  'account.notice',
  'account.noticeDetail',
  'account.legal',
  'account.legalAbj',
  'account.legalSct',
  'account.legalVersion',
])

/** An endpoint and its parameters: one call, as the browser makes it too. */
type Asked = { [K in keyof typeof endpoints]: { endpoint: (typeof endpoints)[K]; params: ParamsOf<(typeof endpoints)[K]> } }[
  'promotion' | 'contentCatalog' | 'chapter']

/** The API answer whose 404 makes a promotion, a content catalogue or a chapter page a 404 (the call the browser makes too). */
function askedOf(match: RouteMatch): Asked | null {
  const { route, params } = match
  if (route.id === 'catalog.promotion') return { endpoint: endpoints.promotion, params: { id: params.id! } }
  if (route.id === 'catalog.contentCatalog') return { endpoint: endpoints.contentCatalog, params: { id: params.id! } }
  if (route.id === 'viewer.comic' || route.id === 'viewer.magazine')
    return {
      endpoint: endpoints.chapter,
      params: {
        type: route.id === 'viewer.comic' ? 'comic' : 'magazine_comic',
        id: params.contentId!,
        chapterId: params.chapterId!,
        salesType: params.chapterFileSalesType as ChapterFileSalesType,
      },
    }
  return null
}

/** Pages whose query names what they show (a notice, a FAQ entry): kept in the canonical link. */
const QUERY_PAGES = new Set(['account.faqDetail', 'account.noticeDetail'])

const DESCRIPTION_CHARS = 160

/** One line of at most 160 characters, cut at a word where there is one. */
export function shortDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= DESCRIPTION_CHARS) return line
  const cut = line.slice(0, DESCRIPTION_CHARS - 1)
  const space = cut.lastIndexOf(' ')
  return `${space > DESCRIPTION_CHARS * 0.6 ? cut.slice(0, space) : cut}…`
}

interface Described {
  status: 200 | 404 | 503
  title: string
  description: string
  index: boolean
  image?: string
  type?: 'website' | 'book'
  jsonLd?: Record<string, unknown>
}

interface CachedAnswer {
  until: number
  answer: Promise<ApiAnswer<unknown>>
}

export class PageMetadata {
  private readonly answers = new Map<string, CachedAnswer>()

  constructor(
    private readonly apiUrl: ApiTarget,
    private readonly options: { publicUrl?: string; waitMs?: number; now?: () => number } = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  /** Drop every kept answer (an operator changed the catalogue): the next page asks the API. */
  forget(): void {
    this.answers.clear()
  }

  /** The site's origin for absolute links: KOMA_PUBLIC_URL, else the origin the request named. */
  origin(requestOrigin: string): string {
    return (this.options.publicUrl ?? requestOrigin).replace(/\/$/, '')
  }

  /** `crawler`: the request came from a crawler or a link preview, which waits longer for the API. */
  async describe(page: PageContext, input: { origin: string; clientIp: string; crawler?: boolean }): Promise<PageMeta> {
    const origin = this.origin(input.origin)
    const described = await this.content(page, input.clientIp, input.crawler ? CRAWLER_API_WAIT_MS : (this.options.waitMs ?? FIRST_PAGE_API_WAIT_MS))
    const { rest } = splitLocalePrefix(page.pathname)
    const search = page.match && QUERY_PAGES.has(page.match.route.id) ? page.search : ''
    // Every language's own URL (/ja, /en, /fr); the unprefixed page is only the x-default, and its
    // canonical is the prefixed page of the language it shows (docs/architecture.md, issue 35).
    const url = (locale: Locale) => `${origin}${withLocalePrefix(rest, prefixForLocale(locale))}${search}`
    const parts = [`<title>${escapeMarkup(described.title)}</title>`, `<meta name="description" content="${escapeMarkup(described.description)}">`]
    if (described.status !== 200 || !described.index) parts.push('<meta name="robots" content="noindex">')
    if (described.status === 200) {
      parts.push(`<link rel="canonical" href="${escapeMarkup(url(page.locale))}">`)
      for (const locale of LOCALES) parts.push(`<link rel="alternate" hreflang="${locale}" href="${escapeMarkup(url(locale))}">`)
      parts.push(`<link rel="alternate" hreflang="x-default" href="${escapeMarkup(`${origin}${rest}${search}`)}">`)
      const og = (property: string, content: string) => `<meta property="${property}" content="${escapeMarkup(content)}">`
      parts.push(
        og('og:site_name', 'Koma'),
        og('og:type', described.type ?? 'website'),
        og('og:title', described.title),
        og('og:description', described.description),
        og('og:url', url(page.locale)),
      )
      parts.push(og('og:locale', LOCALE_TAGS[page.locale].replace('-', '_')))
      for (const locale of LOCALES) if (locale !== page.locale) parts.push(og('og:locale:alternate', LOCALE_TAGS[locale].replace('-', '_')))
      const image = described.image ? `${origin}${described.image}` : null
      if (image) parts.push(og('og:image', image))
      const card = (name: string, content: string) => `<meta name="${name}" content="${escapeMarkup(content)}">`
      parts.push(
        card('twitter:card', image ? 'summary_large_image' : 'summary'),
        card('twitter:title', described.title),
        card('twitter:description', described.description),
      )
      if (image) parts.push(card('twitter:image', image))
      if (described.jsonLd) {
        const data = { '@context': 'https://schema.org', ...described.jsonLd, url: url(page.locale), ...(image ? { image } : {}) }
        parts.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`)
      }
    }
    return { status: described.status, locale: page.locale, head: parts.join('') }
  }

  /**
   * The page's own texts and status. Any page of the app is a 503 while the site is in
   * maintenance (issue 35: the first load after an operator switched it on was a 200): told by
   * the API's home answer, which is public and kept for its max-age while the site is open (no
   * call per page), forgotten on every operator write that passes an edge (server.ts), and never
   * kept while it is a 503.
   */
  private async content(page: PageContext, clientIp: string, waitMs: number): Promise<Described> {
    const service = page.match ? this.answer(endpoints.home, { lang: page.locale }, page.locale, clientIp, waitMs) : null
    const described = await this.ownContent(page, clientIp, waitMs)
    if (described.status === 200 && (await service)?.status === 503) {
      const texts = PAGE_TEXTS[page.locale]
      return { status: 503, title: `${texts.maintenance} | Koma`, description: texts.siteDescription, index: false }
    }
    return described
  }

  /** The page's own texts: the title's from the API, else the screen's name. */
  private async ownContent(page: PageContext, clientIp: string, waitMs: number): Promise<Described> {
    const texts = PAGE_TEXTS[page.locale]
    const site = (title?: string, index = true): Described => ({
      status: 200,
      title: title ? `${title} | Koma` : texts.siteTitle,
      description: texts.siteDescription,
      index,
    })
    const notFound: Described = { status: 404, title: `${texts.notFound} | Koma`, description: texts.siteDescription, index: false }
    const maintenance: Described = { status: 503, title: `${texts.maintenance} | Koma`, description: texts.siteDescription, index: false }
    const match = page.match
    if (!match) return notFound
    const id = match.route.id
    const index = INDEXABLE.has(id)
    if (id === 'catalog.episodes' || id === 'catalog.comingSoon') {
      const params = { type: match.params.contentType as ContentType, id: match.params.contentId! }
      const answer = id === 'catalog.episodes' ? await this.answer(endpoints.content, params, page.locale, clientIp, waitMs) : null
      const soonAnswer = answer ? null : await this.answer(endpoints.comingSoon, params, page.locale, clientIp, waitMs)
      const status = (answer ?? soonAnswer)!.status
      if (status === 404) return notFound
      if (status === 503) return maintenance
      if (answer) return answer.result ? this.title(answer.result, page.locale) : site(undefined, false)
      const soon = soonAnswer?.result
      if (!soon) return site(undefined, false)
      const described = this.title({ ...soon.content, keyVisual: soon.content.keyVisual }, page.locale)
      return { ...described, title: `${soon.content.name} (${texts.comingSoon}) | Koma` }
    }
    // A collection or a chapter the API does not know is a 404, not a "not found" screen answered
    // 200 (a soft 404 a crawler would index; issue 35). A paid chapter answers a visitor 401: that
    // page exists, and the viewer is never indexed anyway.
    const asked = askedOf(match)
    if (asked) {
      const answer: ApiAnswer<unknown> = await this.answer<AnyEndpoint>(asked.endpoint, asked.params, page.locale, clientIp, waitMs)
      if (answer.status === 404) return notFound
      if (answer.status === 503) return maintenance
      const collection = answer.result as { title?: unknown; mature?: unknown } | null
      const title =
        id !== 'viewer.comic' && id !== 'viewer.magazine' && collection?.mature !== true && typeof collection?.title === 'string' ? collection.title : undefined
      return site(title, index && collection?.mature !== true)
    }
    const named: Record<string, string> = {
      'catalog.search': texts.search,
      'catalog.searchEmpty': texts.search,
      'catalog.menuEvent': texts.event,
      'account.notice': texts.notices,
      'account.noticeDetail': texts.notices,
      'account.faq': texts.faq,
      'account.faqDetail': texts.faq,
      'account.legal': texts.legal,
      'account.legalAbj': texts.legal,
      'account.legalSct': texts.legal,
      'account.legalVersion': texts.legal,
      'community.chapterComments': texts.comments,
    }
    return site(named[id], index)
  }

  private title(
    content: Pick<ContentDetail, 'name' | 'description' | 'mature' | 'authors' | 'genres' | 'thumbnails' | 'chapterFileFormat'> & {
      keyVisual: { url: string } | null
      publisherName?: string
    },
    locale: Locale,
  ): Described {
    const texts = PAGE_TEXTS[locale]
    // A mature title is shown to readers who accepted mature content only: nothing to preview.
    if (content.mature) return { status: 200, title: texts.siteTitle, description: texts.siteDescription, index: false }
    const description = shortDescription(content.description || texts.readOn(content.name))
    const image = content.keyVisual?.url ?? content.thumbnails[0]?.url
    return {
      status: 200,
      title: `${content.name} | Koma`,
      description,
      index: true,
      image,
      type: 'book',
      jsonLd: {
        '@type': content.chapterFileFormat === 'epub' ? 'Book' : 'ComicSeries',
        name: content.name,
        description,
        inLanguage: locale,
        author: content.authors.map((author) => ({ '@type': 'Person', name: author.name })),
        genre: content.genres.map((genre) => genre.name),
        ...(content.publisherName ? { publisher: { '@type': 'Organization', name: content.publisherName } } : {}),
      },
    }
  }

  /**
   * The API's public answer for a page, kept while the API says it may be (at most a minute); a
   * slow API does not hold the page past waitMs (FIRST_PAGE_API_WAIT_MS for readers,
   * CRAWLER_API_WAIT_MS for crawlers): the page then goes out without the title's texts, and the
   * answer is kept for the next request.
   */
  async answer<E extends AnyEndpoint>(
    endpoint: E,
    params: ParamsOf<E>,
    locale: Locale,
    clientIp: string,
    wait: number = this.options.waitMs ?? FIRST_PAGE_API_WAIT_MS,
  ): Promise<ApiAnswer<ResultOf<E>>> {
    const key = `${locale}:${bootKey(endpoint, params)}`
    const now = this.now()
    let cached = this.answers.get(key)
    if (!cached || cached.until <= now) {
      const answer: Promise<ApiAnswer<unknown>> = apiCall(this.apiUrl, endpoint, { params }, { locale, clientIp, now })
      cached = { until: now + 1000, answer }
      if (this.answers.size >= 1000) this.answers.delete(this.answers.keys().next().value as string)
      this.answers.set(key, cached)
      const entry = cached
      void answer.then((done) => {
        const maxAge = /\bpublic\b/.test(done.cacheControl) ? Number(/\bmax-age=(\d+)/.exec(done.cacheControl)?.[1] ?? 0) : 0
        // Kept: a public answer for its max-age (≤ 60 s), a 404 for 60 s; nothing else.
        const keepMs = done.status === 404 ? 60_000 : done.result ? Math.min(60, maxAge) * 1000 : 0
        entry.until = this.now() + keepMs
        if (keepMs === 0 && this.answers.get(key) === entry) this.answers.delete(key)
      })
    }
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<ApiAnswer<unknown>>((resolve) => {
      timer = setTimeout(() => resolve({ status: 0, cacheControl: '', result: null }), wait)
    })
    try {
      // Kept by the call's key: the answer is this endpoint's.
      return (await Promise.race([cached.answer, late])) as ApiAnswer<ResultOf<E>>
    } finally {
      clearTimeout(timer)
    }
  }
}

/**
 * The host page with this page's metadata: its language, and its own title and description in
 * place of the host's. The head holds the request's URL and the API's titles: it goes in through
 * replacer functions, whose result is taken as it is (a replacement string would read `$&`,
 * `` $` ``, `$'` in a title or a query as patterns and copy the page into its own head, issue 33).
 */
export function withPageMeta(html: string, meta: PageMeta): string {
  return html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${LOCALE_TAGS[meta.locale]}"`)
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', () => `${meta.head}</head>`)
}
