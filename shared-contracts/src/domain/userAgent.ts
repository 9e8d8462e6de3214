/** SPEC §1: crawlers are detected by user agent. */
const CRAWLER =
  /bot|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|lighthouse|headlesschrome\/.*googlebot/i

export const isCrawler = (userAgent: string): boolean => CRAWLER.test(userAgent)

/** SPEC §1: Internet Explorer and iOS older than 14 are sent to /browserguide. */
export function needsBrowserGuide(userAgent: string): boolean {
  if (/MSIE |Trident\//.test(userAgent)) return true
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)[_.]/.exec(userAgent)
  return ios !== null && Number(ios[1]) < 14
}

/** The Japanese app's web view identifies itself in its user agent. */
export const isAppWebView = (userAgent: string): boolean => /KomaApp\//.test(userAgent)
