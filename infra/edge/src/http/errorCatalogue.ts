import {
  fillText,
  isLocale,
  HEADERS,
  NETWORK_FAILURE_CODE,
  OPERATOR_STEP_UP_CODE,
  TEXTS,
  type Locale,
  type Localized,
  type FailureName,
  type TextKey,
} from '@koma/contracts/server'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** The statuses the edge answers by itself (everything else it passes on from the API). */
export type EdgeErrorStatus = 400 | 403 | 404 | 409 | 500 | 502 | 503 | 504

interface EdgeErrorEntry {
  status: EdgeErrorStatus
  /** The body's `name`: the failure as the browser decides on it (api/failures.ts), as the API's bodies carry theirs. */
  failure: FailureName
  /** The message: a shared text (the API says it too), or the edge's own in ja, en and fr. */
  text: TextKey | Localized
  /** The body's `code` when it is not the status (a client tells these failures apart by it). */
  code?: number
  /** A plain-text body (a crawler's file) instead of SPEC §8's JSON `{ code, message }`. */
  plain?: true
}

const declare = <T extends Record<string, EdgeErrorEntry>>(entries: T): T => entries

/**
 * Every failure the edge answers itself, declared once (as the API's infra/api/src/http/errorCatalogue.ts):
 * its status, its text and its code. Call sites send by name (`sendEdgeError(reply, 'notFound', locale)`).
 * Failures the API answered are passed on as they came, never rewritten here.
 */
export const EDGE_ERRORS = declare({
  /** A call to no route the edge or the API has (a page GET is a page: the app draws its own 404). */
  notFound: { status: 404, failure: 'notFound', text: 'notFound' },
  /** A release naming a package or an action that does not exist. */
  releaseNotFound: { status: 404, failure: 'notFound', text: 'notFound' },
  /** An operator whose session has not confirmed the second factor: the console asks for the code. */
  operatorStepUp: { status: 403, failure: 'operatorStepUp', text: 'operatorStepUp', code: OPERATOR_STEP_UP_CODE },
  /** The API could not say who the caller is (down, or too slow): nothing is released. */
  releaseCannotCheck: { status: 503, failure: 'dataNotObtained', text: 'releaseCannotCheck' },
  /** No canary to promote, no earlier version to roll back to. */
  releaseNothingToDo: { status: 409, failure: 'invalidParameter', text: 'releaseNothingToDo' },
  /** SPEC §8's network failure (code 9999): no API process could be reached. */
  apiUnreachable: { status: 502, failure: 'networkFailure', text: 'connectionLost', code: NETWORK_FAILURE_CODE },
  /** The same, an API process that did not answer in time. */
  apiTimedOut: { status: 504, failure: 'networkFailure', text: 'connectionLost', code: NETWORK_FAILURE_CODE },
  /** A health beacon that is not one (host/src/platform/failureBeacons.ts sends them). */
  beaconMalformed: {
    status: 400,
    failure: 'invalidParameter',
    text: {
      en: 'A beacon is JSON: { failures: [{ remote, version, kind }] }',
      ja: 'ビーコンは JSON です: { failures: [{ remote, version, kind }] }',
      fr: 'Une balise est du JSON : { failures: [{ remote, version, kind }] }',
    },
  },
  beaconTooLong: {
    status: 400,
    failure: 'invalidParameter',
    text: {
      en: 'A beacon is JSON: { failures: [{ remote, version, kind }] }, at most {max}',
      ja: 'ビーコンは JSON です: { failures: [{ remote, version, kind }] }（最大 {max} 件）',
      fr: 'Une balise est du JSON : { failures: [{ remote, version, kind }] }, {max} au plus',
    },
  },
  /** A Web Vitals beacon that is not one (host/src/platform/webVitals.ts sends them): shape or bounds. */
  vitalsMalformed: {
    status: 400,
    failure: 'invalidParameter',
    text: {
      en: 'A vitals beacon is JSON: { route, host, remote, version, vitals: { LCP, INP, CLS, TTFB } } ({problem})',
      ja: 'バイタルのビーコンは JSON です: { route, host, remote, version, vitals: { LCP, INP, CLS, TTFB } }（{problem}）',
      fr: 'Une balise de signaux vitaux est du JSON : { route, host, remote, version, vitals: { LCP, INP, CLS, TTFB } } ({problem})',
    },
  },
  /** A Web Vitals beacon naming a route, a remote or a version the live registry does not have. */
  vitalsUnknownLabel: {
    status: 400,
    failure: 'invalidParameter',
    text: {
      en: 'This beacon names a route or a version that is not live',
      ja: 'このビーコンは公開中ではないルートまたはバージョンを指定しています',
      fr: "Cette balise nomme une route ou une version qui n'est pas en ligne",
    },
  },
  /** The sitemap's titles could not be had from the API (crawlers come back: retry-after). */
  sitemapUnavailable: {
    status: 503,
    failure: 'dataNotObtained',
    plain: true,
    text: {
      en: 'The sitemap is not available right now.',
      ja: '現在、サイトマップを表示できません。',
      fr: "Le plan du site n'est pas disponible pour le moment.",
    },
  },
  /** Anything the edge did not expect (logged). */
  edgeFailure: {
    status: 500,
    failure: 'undefinedError',
    text: { en: 'Internal server error', ja: 'サーバー内部でエラーが発生しました', fr: 'Erreur interne du serveur' },
  },
})

export type EdgeErrorName = keyof typeof EDGE_ERRORS

/** The failure `name` as a status and a body, in `locale`, with its text's values. */
export function edgeError(
  name: EdgeErrorName,
  locale: Locale,
  values: Record<string, string | number> = {},
): { status: number; name: FailureName; code: number; message: string; plain: boolean } {
  const entry: EdgeErrorEntry = EDGE_ERRORS[name]
  const localized: Localized = typeof entry.text === 'string' ? TEXTS[entry.text] : entry.text
  return {
    status: entry.status,
    name: entry.failure,
    code: entry.code ?? entry.status,
    message: fillText(localized[locale], values),
    plain: entry.plain === true,
  }
}

/** Send the failure `name`: SPEC §8's `{ code, message }` with the failure's name (or its plain text), never kept by a cache. */
export function sendEdgeError(reply: FastifyReply, name: EdgeErrorName, locale: Locale, values: Record<string, string | number> = {}): FastifyReply {
  const { status, name: failure, code, message, plain } = edgeError(name, locale, values)
  reply.code(status).header('cache-control', 'no-store')
  if (plain) return reply.header('content-type', 'text/plain; charset=utf-8').send(`${message}\n`)
  return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ name: failure, code, message }))
}

/** The caller's language as its SPEC §7 header says, else `fallback`. */
export function callerLocale(req: Pick<FastifyRequest, 'headers'>, fallback: Locale): Locale {
  const value = req.headers[HEADERS.language]
  return isLocale(value) ? value : fallback
}
