import type { ChapterFileSalesType, ContentType } from '../routes/params'
import type { Locale } from '../i18n/locales'
import type {
  Authentication,
  Chapter,
  CoinProduct,
  Comment,
  Content,
  HomeLayout,
  Page,
  Profile,
} from '../domain/types'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

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

export type ParamsOf<E> = E extends Endpoint<infer P, unknown, unknown, unknown> ? P : never
export type QueryOf<E> = E extends Endpoint<unknown, infer Q, unknown, unknown> ? Q : never
export type BodyOf<E> = E extends Endpoint<unknown, unknown, infer B, unknown> ? B : never
export type ResultOf<E> = E extends Endpoint<unknown, unknown, unknown, infer R> ? R : never

type None = Record<string, never>
const endpoint = <P = None, Q = None, B = None, R = unknown>(method: Method, path: string, bare = false): Endpoint<P, Q, B, R> =>
  bare ? { method, path, bare } : { method, path }

export interface ContentParams {
  type: ContentType
  id: string
}

export const endpoints = {
  clientIp: endpoint<None, None, None, { ip: string; now: number }>('GET', '/ip', true),
  home: endpoint<{ lang: Locale }, None, None, HomeLayout>('GET', '/:lang/home'),
  content: endpoint<ContentParams, None, None, Content>('GET', '/:type/:id'),
  chapter: endpoint<ContentParams & { chapterId: string; salesType: ChapterFileSalesType }, None, None, Chapter>(
    'GET',
    '/:type/:id/chapter/:chapterId/:salesType',
  ),
  image: endpoint<{ imageId: string }, { w?: string; format?: string }, None, Blob>('GET', '/image/:imageId', true),

  rsaKey: endpoint<{ purpose: string }, None, None, { sessionKey: string; publicKey: string }>('GET', '/member/rsa/:purpose'),
  signin: endpoint<None, None, { email: string; sessionKey: string; rsaEncryptedString: string; stayLogged: string }, Authentication>(
    'POST',
    '/member/signin',
  ),
  profile: endpoint<None, None, None, Profile>('GET', '/member/profile'),
  signout: endpoint<None, None, None, { signedOut: true }>('POST', '/member/signout'),

  coinSalesConfig: endpoint<None, None, None, { products: CoinProduct[] }>('GET', '/coin/sales/config'),

  chapterComments: endpoint<
    ContentParams & { chapterId: string },
    { pageNo?: string; order?: 'newest' | 'likes' },
    None,
    { comments: Comment[]; totalComments: number; page: Page }
  >('GET', '/comment/:type/:id/:chapterId'),
} as const

export type Endpoints = typeof endpoints
