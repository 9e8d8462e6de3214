/**
 * The site's public origin (the edge the browser talks to): the only origin of links we mail and
 * of OAuth redirect URIs. Never taken from a request's Origin, Referer or Host, which a caller
 * chooses. KOMA_PUBLIC_URL when set; else the local edge, `http://127.0.0.1:<PORT or 8080>`
 * (the production profile refuses to start without KOMA_PUBLIC_URL).
 */
export function publicUrlOf(env: NodeJS.ProcessEnv): string {
  const configured = env.KOMA_PUBLIC_URL?.trim()
  if (!configured) return `http://127.0.0.1:${Number(env.PORT) || 8080}`
  let url: URL
  try {
    url = new URL(configured)
  } catch {
    throw new Error(`KOMA_PUBLIC_URL is not a URL: ${configured}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`KOMA_PUBLIC_URL must be an http(s) origin: ${configured}`)
  return url.origin
}
