/**
 * A redirect target from a query string is only ever a path on this site: never another origin
 * ("//evil.example", "https://…", "/\\evil"), never a script URL.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || typeof value !== 'string') return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  if (/[\u0000-\u001f]/.test(value)) return fallback
  return value
}

/** /login?redirect=<path>, in the reader's locale prefix. */
export function loginPath(redirect: string, prefixPath: (path: string) => string): string {
  return `${prefixPath('/login')}?redirect=${encodeURIComponent(redirect)}`
}
