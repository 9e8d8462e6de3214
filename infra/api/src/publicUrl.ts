import { pathInLocale } from '@koma/contracts/server'
import type { AppDeps } from './deps'

/**
 * The site's public origin (the edge the browser talks to): the only origin of links we mail and
 * of OAuth redirect URIs. Never taken from a request's Origin, Referer or Host, which a caller
 * chooses. KOMA_PUBLIC_URL when it is an http(s) URL (its origin); else the local edge,
 * `http://127.0.0.1:<PORT or 8080>`. The production profile refuses to start without a valid
 * https KOMA_PUBLIC_URL (safety.ts), so the fallback only ever serves the demo.
 */
export function publicUrlOf(env: NodeJS.ProcessEnv): string {
  const fallback = `http://127.0.0.1:${Number(env.PORT) || 8080}`
  const configured = env.KOMA_PUBLIC_URL?.trim()
  if (!configured) return fallback
  try {
    const url = new URL(configured)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : fallback
  } catch {
    return fallback
  }
}

/**
 * The site's public origin for links in e-mails and OAuth redirect URIs: the configured one only
 * (KOMA_PUBLIC_URL, `config.publicUrl`), never the request's Origin, Referer or Host.
 */
export const publicOrigin = (deps: AppDeps): string => deps.config.publicUrl

/** A site path that always shows the reader's language ('/password/find' → '/fr/password/find', '/ja/password/find'). */
export const localePath = pathInLocale
