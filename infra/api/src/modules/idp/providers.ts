import { SOCIAL_PROVIDERS, type SocialProvider } from '@koma/contracts/server'

/** What the adapter needs to know of one provider: endpoints, client and how to read a profile. */
export interface ProviderConfig {
  provider: SocialProvider
  /** 'sandbox': our own identity provider under /api/sandbox/idp (the default); 'live': the real one. */
  mode: 'sandbox' | 'live'
  issuer: string
  authorizationEndpoint: string
  tokenEndpoint: string
  userinfoEndpoint: string | null
  jwksUri: string | null
  clientId: string
  clientSecret: string | null
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'post' | 'basic' | 'none'
  scope: string
  /** OpenID Connect providers send an ID token (checked by the library against jwks_uri). */
  oidc: boolean
  /** The subject, e-mail and display name from the userinfo answer (or the ID token's claims). */
  profile: (data: Record<string, unknown>) => { subject: string; email: string | null; name: string | null }
}

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null)
const at = (data: Record<string, unknown>, ...path: string[]): unknown =>
  path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data)

const oidcProfile = (data: Record<string, unknown>) => ({ subject: String(data.sub ?? ''), email: str(data.email), name: str(data.name) ?? str(data.nickname) })

/** The real providers' endpoints, used when KOMA_IDP_<PROVIDER>_CLIENT_ID and _SECRET are set. */
const LIVE: Record<SocialProvider, Omit<ProviderConfig, 'provider' | 'mode' | 'clientId' | 'clientSecret'>> = {
  google: {
    issuer: 'https://accounts.google.com',
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    userinfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
    clientAuth: 'post',
    scope: 'openid email profile',
    oidc: true,
    profile: oidcProfile,
  },
  apple: {
    issuer: 'https://appleid.apple.com',
    authorizationEndpoint: 'https://appleid.apple.com/auth/authorize',
    tokenEndpoint: 'https://appleid.apple.com/auth/token',
    userinfoEndpoint: null,
    jwksUri: 'https://appleid.apple.com/auth/keys',
    clientAuth: 'post',
    scope: 'openid',
    oidc: true,
    profile: oidcProfile,
  },
  kakao: {
    issuer: 'https://kauth.kakao.com',
    authorizationEndpoint: 'https://kauth.kakao.com/oauth/authorize',
    tokenEndpoint: 'https://kauth.kakao.com/oauth/token',
    userinfoEndpoint: 'https://kapi.kakao.com/v2/user/me',
    jwksUri: 'https://kauth.kakao.com/.well-known/jwks.json',
    clientAuth: 'post',
    scope: 'openid account_email profile_nickname',
    oidc: true,
    profile: (data) => ({
      subject: String(data.id ?? data.sub ?? ''),
      email: str(at(data, 'kakao_account', 'email')),
      name: str(at(data, 'properties', 'nickname')),
    }),
  },
  facebook: {
    issuer: 'https://www.facebook.com',
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoEndpoint: 'https://graph.facebook.com/me?fields=id,name,email',
    jwksUri: null,
    clientAuth: 'post',
    scope: 'email public_profile',
    oidc: false,
    profile: (data) => ({ subject: String(data.id ?? ''), email: str(data.email), name: str(data.name) }),
  },
  twitter: {
    issuer: 'https://twitter.com',
    authorizationEndpoint: 'https://twitter.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.twitter.com/2/oauth2/token',
    userinfoEndpoint: 'https://api.twitter.com/2/users/me',
    jwksUri: null,
    clientAuth: 'basic',
    scope: 'users.read tweet.read',
    oidc: false,
    profile: (data) => ({ subject: String(at(data, 'data', 'id') ?? ''), email: null, name: str(at(data, 'data', 'name')) }),
  },
  naver: {
    issuer: 'https://nid.naver.com',
    authorizationEndpoint: 'https://nid.naver.com/oauth2.0/authorize',
    tokenEndpoint: 'https://nid.naver.com/oauth2.0/token',
    userinfoEndpoint: 'https://openapi.naver.com/v1/nid/me',
    jwksUri: null,
    clientAuth: 'post',
    scope: 'name email',
    oidc: false,
    profile: (data) => ({
      subject: String(at(data, 'response', 'id') ?? ''),
      email: str(at(data, 'response', 'email')),
      name: str(at(data, 'response', 'nickname')),
    }),
  },
  payco: {
    issuer: 'https://id.payco.com',
    authorizationEndpoint: 'https://id.payco.com/oauth2.0/authorize',
    tokenEndpoint: 'https://id.payco.com/oauth2.0/token',
    userinfoEndpoint: 'https://apis-payco.krp.toastoven.net/payco/friends/find_member_v2.json',
    jwksUri: null,
    clientAuth: 'post',
    scope: 'profile',
    oidc: false,
    profile: (data) => ({
      subject: String(at(data, 'data', 'member', 'idNo') ?? ''),
      email: str(at(data, 'data', 'member', 'email')),
      name: str(at(data, 'data', 'member', 'name')),
    }),
  },
}

/** The sandbox's own origin inside the API: never fetched over the network (see adapter.ts). */
export const SANDBOX_ORIGIN = 'http://sandbox-idp.koma.internal'
export const SANDBOX_PATH = '/api/sandbox/idp'

function sandbox(provider: SocialProvider): ProviderConfig {
  const base = `${SANDBOX_ORIGIN}${SANDBOX_PATH}/${provider}`
  return {
    provider,
    mode: 'sandbox',
    issuer: base,
    authorizationEndpoint: `${base}/authorize`,
    tokenEndpoint: `${base}/token`,
    userinfoEndpoint: `${base}/userinfo`,
    jwksUri: null,
    clientId: `koma-web-${provider}`,
    clientSecret: `koma-sandbox-secret-${provider}`,
    clientAuth: 'post',
    scope: 'profile email',
    oidc: false,
    profile: (data) => ({ subject: String(data.sub ?? ''), email: str(data.email), name: str(data.name) }),
  }
}

/** One provider's configuration from the environment: live when a client is configured, else the sandbox. */
export function providerConfig(provider: SocialProvider, env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const key = provider.toUpperCase()
  const clientId = env[`KOMA_IDP_${key}_CLIENT_ID`]
  if (!clientId) return sandbox(provider)
  return { provider, mode: 'live', ...LIVE[provider], clientId, clientSecret: env[`KOMA_IDP_${key}_CLIENT_SECRET`] ?? null }
}

/**
 * The providers a reader may sign in with here: every one configured live, and the others only
 * where the sandbox is allowed (the demo; production with KOMA_SANDBOX_IDP=1).
 */
export const availableProviders = (sandboxAllowed: boolean, env: NodeJS.ProcessEnv = process.env): SocialProvider[] =>
  SOCIAL_PROVIDERS.filter((provider) => sandboxAllowed || providerConfig(provider, env).mode === 'live')

/** A provider's configuration when it is available here, else null. */
export function usableProvider(provider: SocialProvider, sandboxAllowed: boolean, env: NodeJS.ProcessEnv = process.env): ProviderConfig | null {
  const config = providerConfig(provider, env)
  return config.mode === 'live' || sandboxAllowed ? config : null
}

/**
 * The one redirect URI of a provider: the site's callback page on its configured public origin
 * (never the origin a request claims). The sandbox accepts no other.
 */
export const callbackUri = (publicUrl: string, provider: SocialProvider): string => `${publicUrl}/member/external-idp/web/${provider}/callback`
