import type { ContentType } from '../routes/params'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Where the API's endpoints live: an endpoint's path is relative to it (`/api` + `/:lang/home`). */
export const API_PREFIX = '/api'

/**
 * One API endpoint: its method and path (relative to /api, Fastify/react-router `:param`
 * syntax). The type parameters are what the browser sends and gets; the server registers its
 * handler against the same object, so both sides agree by construction.
 */
export interface Endpoint<Params = Record<string, never>, Query = Record<string, never>, Body = Record<string, never>, Result = unknown> {
  method: Method
  path: string
  /** Reachable without the SPEC §7 headers (plain browser navigations and <img> loads). */
  bare?: boolean
  /** Type carrier only; never set at run time. */
  readonly __types?: { params: Params; query: Query; body: Body; result: Result }
}

/** `/:type/:id` with { type: 'comic', id: '3' } → `/comic/3`. Every value is URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name]
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}

/**
 * A GET's path with its query, the query's names in order (`/comic/3/chapter/epub?chapterId=7&…`):
 * where the edge writes a call's answer into the page and where the API client looks for it.
 */
export function withQuery(path: string, query?: Record<string, unknown>): string {
  const search = new URLSearchParams(
    Object.keys(query ?? {})
      .sort()
      .filter((name) => query![name] !== undefined)
      .map((name): [string, string] => [name, String(query![name])]),
  ).toString()
  return search ? `${path}?${search}` : path
}

export type ParamsOf<E> = E extends Endpoint<infer P, unknown, unknown, unknown> ? P : never
export type QueryOf<E> = E extends Endpoint<unknown, infer Q, unknown, unknown> ? Q : never
export type BodyOf<E> = E extends Endpoint<unknown, unknown, infer B, unknown> ? B : never
export type ResultOf<E> = E extends Endpoint<unknown, unknown, unknown, infer R> ? R : never

export type None = Record<string, never>

export const endpoint = <P = None, Q = None, B = None, R = unknown>(method: Method, path: string, bare = false): Endpoint<P, Q, B, R> =>
  bare ? { method, path, bare } : { method, path }

export interface ContentParams {
  type: ContentType
  id: string
}
