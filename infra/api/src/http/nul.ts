/**
 * PostgreSQL text cannot hold a NUL character (0x00), so input carrying one must never reach a
 * query as an error. app.ts refuses route parameters holding one (404) before any handler runs;
 * fields are left to each handler's own checks (with their own messages), and whatever still
 * reaches the database is refused there (unstorableText) and answered 400.
 *
 * nulField looks through strings, arrays and plain objects, not uploads (Buffers), a few levels deep.
 */
export function nulField(value: unknown, field = 'request', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? field : null
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null
  for (const [key, item] of Object.entries(value)) {
    // The field is named in the message when its name is one of ours (short, plain), else "request".
    const name = depth === 0 && /^[A-Za-z][\w.-]{0,39}$/.test(key) ? key : field
    if (key.includes('\u0000')) return name
    const found = nulField(item, name, depth + 1)
    if (found) return found
  }
  return null
}

/** SQLSTATE of text the database cannot store: invalid byte sequence (22021, NUL), untranslatable character (22P05). */
const UNSTORABLE = new Set(['22021', '22P05'])

/** A database error caused by text in the request that PostgreSQL cannot store. */
export function unstorableText(error: unknown): boolean {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && UNSTORABLE.has(code)
}
