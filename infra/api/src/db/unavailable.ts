/**
 * Whether a failure means the database could not be reached or dropped the connection (a restart,
 * a failover, an administrator ending sessions, a full connection table), as opposed to a bug or
 * a refused statement. The API answers those with SPEC §8's "data could not be obtained" and a
 * Retry-After (app.ts), never a hang: the pool gives up connecting after CONNECT_TIMEOUT_MS, and a
 * transaction cut in the middle was rolled back by PostgreSQL (nothing half written).
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])

/** SQLSTATE classes and codes: 08 connection exception, 57P01-57P03 shutdown / cannot connect now, 53300 too many connections. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])

const MESSAGES = [
  /connection terminated/i,
  /not currently accepting connections/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /connection is closed/i,
]

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08/.test(code))) return true
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true
  const cause = (error as { cause?: unknown }).cause
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause)
}

/** How long a new connection may take before the call fails (instead of waiting for a database that is down). */
export const CONNECT_TIMEOUT_MS = 5_000

/** Seconds a reader is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5
