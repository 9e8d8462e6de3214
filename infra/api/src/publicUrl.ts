import { pathInLocale } from '@koma/contracts/server'
import type { AppDeps } from './deps'

/**
 * The site's public origin for links in e-mails and OAuth redirect URIs: the configured one only
 * (KOMA_PUBLIC_URL, `config.publicUrl`), never the request's Origin, Referer or Host.
 */
export const publicOrigin = (deps: AppDeps): string => deps.config.publicUrl

/** A site path that always shows the reader's language ('/password/find' → '/fr/password/find', '/ja/password/find'). */
export const localePath = pathInLocale
