/** SPEC §7: the headers every API call carries. */
export const HEADERS = {
  clientOs: 'x-koma-client-os',
  store: 'x-koma-store',
  requestTime: 'x-koma-request-time',
  checksum: 'x-koma-checksum',
  timezone: 'x-koma-timezone',
  language: 'x-koma-language',
  clientUid: 'x-koma-client-uid',
  platform: 'x-koma-platform',
  acceptMature: 'x-koma-accept-mature',
} as const

/**
 * Headers the API answers with for the edge in front of it: declared here once, set by the API,
 * read by the edge.
 */
export const RESPONSE_HEADERS = {
  /**
   * On the answer to an operator's write (a change through the operator API): copies of public
   * answers kept anywhere (the edge's home and title answers) may be stale from now on.
   */
  operatorWrite: 'x-koma-operator-write',
} as const

/** How far a request time may be from the server's real clock before it is stale. */
export const REQUEST_TIME_WINDOW_MS = 5 * 60 * 1000

/** Used when the public IP lookup fails: the server then refuses the checksum and the client retries. */
export const FALLBACK_CLIENT_IP = '{ip}'

export const DEFAULT_TIMEZONE = 'Asia/Seoul'

const hex = (buffer: ArrayBuffer): string => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('')

/** What the request checksum hashes (SPEC §7): the request time and the client IP. */
export const checksumInput = (requestTime: string, clientIp: string): string => `${requestTime}|${clientIp}`

/**
 * The request checksum: SHA-256 (hex) of checksumInput, with Web Crypto (the browser, the
 * edge). The API checks it with Node's own hash of the same input, synchronously (Web Crypto's
 * asynchronous job was a quarter of the API's time per call on home: issue 13).
 */
export async function requestChecksum(requestTime: string, clientIp: string): Promise<string> {
  const data = new TextEncoder().encode(checksumInput(requestTime, clientIp))
  return hex(await globalThis.crypto.subtle.digest('SHA-256', data))
}

/** The operating system named in the client-OS header, from a user agent. */
export function clientOsFromUserAgent(userAgent: string): string {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'iOS'
  if (/Android/.test(userAgent)) return 'Android'
  if (/Windows/.test(userAgent)) return 'Windows'
  if (/Mac OS X|Macintosh/.test(userAgent)) return 'macOS'
  if (/CrOS/.test(userAgent)) return 'ChromeOS'
  if (/Linux/.test(userAgent)) return 'Linux'
  return 'Other'
}
