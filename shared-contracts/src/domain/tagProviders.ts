import type { AnalyticsEvent } from './analytics'

/**
 * Third-party analytics providers (issue 15, SPEC §1, §7): none unless the operator configures
 * one. A Google Tag Manager container (`KOMA_TAG_MANAGER_ID`) and a Meta pixel
 * (`KOMA_META_PIXEL_ID`) receive the first-party tracker's events, never while the reader does
 * not share. The ids go into a script URL and the page's Content-Security-Policy, so each must
 * match a strict pattern: anything else is refused before it reaches a page.
 */
export interface TagConfig {
  /** Google Tag Manager container id, `GTM-` and 4 to 12 capitals or digits. */
  gtm?: string
  /** Meta (Facebook) pixel id, 10 to 20 digits. */
  pixel?: string
}

export const TAG_ID_PATTERNS = {
  gtm: /^GTM-[A-Z0-9]{4,12}$/,
  pixel: /^[0-9]{10,20}$/,
} as const

export const TAG_ENV = { gtm: 'KOMA_TAG_MANAGER_ID', pixel: 'KOMA_META_PIXEL_ID' } as const

/** The operator's settings, checked: valid ids in `config`, and a problem for each invalid one. */
export function tagConfigFrom(env: Record<string, string | undefined>): { config: TagConfig; problems: string[] } {
  const config: TagConfig = {}
  const problems: string[] = []
  for (const key of ['gtm', 'pixel'] as const) {
    const value = env[TAG_ENV[key]]?.trim()
    if (!value) continue
    if (TAG_ID_PATTERNS[key].test(value)) config[key] = value
    else problems.push(`${TAG_ENV[key]} must match ${String(TAG_ID_PATTERNS[key])}`)
  }
  return { config, problems }
}

/** What the page received (the edge's boot data), checked again: only valid ids survive. */
export function validTagConfig(value: unknown): TagConfig {
  if (!value || typeof value !== 'object') return {}
  const input = value as Record<string, unknown>
  const config: TagConfig = {}
  for (const key of ['gtm', 'pixel'] as const) {
    const id = input[key]
    if (typeof id === 'string' && TAG_ID_PATTERNS[key].test(id)) config[key] = id
  }
  return config
}

export const hasTags = (config: TagConfig): boolean => Boolean(config.gtm || config.pixel)

export const GTM_ORIGIN = 'https://www.googletagmanager.com'
export const PIXEL_SCRIPT_ORIGIN = 'https://connect.facebook.net'

/** The provider scripts the page loads (one each), by configured id. */
export function tagScriptUrls(config: TagConfig): string[] {
  const urls: string[] = []
  if (config.gtm) urls.push(`${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(config.gtm)}`)
  if (config.pixel) urls.push(`${PIXEL_SCRIPT_ORIGIN}/en_US/fbevents.js`)
  return urls
}

/**
 * What the Content-Security-Policy must add for the configured providers (nothing without one):
 * Tag Manager and the Google Analytics 4 hosts Google documents for it; the pixel's script host
 * and the host its hits go to. Tags of other vendors inside a container stay blocked.
 */
export function tagCspSources(config: TagConfig): Record<'script-src' | 'img-src' | 'connect-src', string[]> {
  const sources = { 'script-src': [] as string[], 'img-src': [] as string[], 'connect-src': [] as string[] }
  if (config.gtm) {
    sources['script-src'].push(GTM_ORIGIN)
    sources['img-src'].push(GTM_ORIGIN, 'https://*.google-analytics.com')
    sources['connect-src'].push(GTM_ORIGIN, 'https://*.google-analytics.com', 'https://*.analytics.google.com')
  }
  if (config.pixel) {
    sources['script-src'].push(PIXEL_SCRIPT_ORIGIN)
    sources['img-src'].push('https://www.facebook.com')
    sources['connect-src'].push('https://www.facebook.com')
  }
  return sources
}

/** Props a provider may receive: ids, counts, amounts and labels the tracker's callers send. */
const PROVIDER_PROPS = new Set([
  'content_id',
  'chapter_id',
  'access',
  'popup_id',
  'method',
  'coins',
  'free_coins',
  'price',
  'unit',
  'chapters',
  'action',
  'referrer_host',
  'keyword',
])

/** A referral's keyword for a provider: the page's origin and path and its `utm_` parameters only (a query may carry a token). */
export function campaignUrl(keyword: string): string | null {
  try {
    const url = new URL(keyword)
    const campaign = new URLSearchParams()
    for (const [key, value] of url.searchParams) if (key.toLowerCase().startsWith('utm_')) campaign.append(key, value)
    const query = campaign.toString()
    return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`
  } catch {
    return null
  }
}

/**
 * A first-party event as a provider receives it: the same name, the page's path (locale
 * stripped, never a query), and only the known non-personal props; no text with an `@` (an
 * e-mail address), no time (the provider has its own).
 */
export function providerEvent(event: AnalyticsEvent): { name: AnalyticsEvent['name']; params: Record<string, string | number | boolean> } {
  const params: Record<string, string | number | boolean> = { page_path: event.path }
  for (const [key, value] of Object.entries(event.props ?? {})) {
    if (!PROVIDER_PROPS.has(key)) continue
    if (typeof value === 'string' && value.includes('@')) continue
    if (key === 'keyword') {
      const url = typeof value === 'string' ? campaignUrl(value) : null
      if (url) params[key] = url
    } else params[key] = value
  }
  return { name: event.name, params }
}
