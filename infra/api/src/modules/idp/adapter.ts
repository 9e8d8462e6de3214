import type { FastifyInstance } from 'fastify'
import * as oidc from 'openid-client'
import { SANDBOX_ORIGIN, type ProviderConfig } from './providers'

/**
 * The one OAuth 2 / OpenID Connect adapter every social provider goes through (openid-client):
 * authorization URL with state, nonce and PKCE; the code exchange with those checks; the
 * profile from the ID token or the userinfo endpoint. Providers differ only by configuration.
 */
export interface Identity {
  subject: string
  email: string | null
  name: string | null
}

function configuration(config: ProviderConfig, app: FastifyInstance): oidc.Configuration {
  const clientAuth =
    config.clientAuth === 'none'
      ? oidc.None()
      : config.clientAuth === 'basic'
        ? oidc.ClientSecretBasic(config.clientSecret ?? '')
        : oidc.ClientSecretPost(config.clientSecret ?? '')
  const server: oidc.ServerMetadata = {
    issuer: config.issuer,
    authorization_endpoint: config.authorizationEndpoint,
    token_endpoint: config.tokenEndpoint,
    ...(config.userinfoEndpoint ? { userinfo_endpoint: config.userinfoEndpoint } : {}),
    ...(config.jwksUri ? { jwks_uri: config.jwksUri } : {}),
  }
  const configured = new oidc.Configuration(server, config.clientId, undefined, clientAuth)
  if (config.mode === 'sandbox') {
    // The sandbox lives inside this API: its token and userinfo calls are answered in-process,
    // so the whole flow runs here with no network and no knowledge of our own port.
    oidc.allowInsecureRequests(configured)
    configured[oidc.customFetch] = async (url, options) => {
      const target = new URL(url)
      if (target.origin !== SANDBOX_ORIGIN) throw new Error(`sandbox fetch outside the sandbox: ${target.origin}`)
      const headers: Record<string, string> = {}
      new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).forEach((value, name) => {
        headers[name] = value
      })
      const body = options.body === undefined || options.body === null ? undefined : String(options.body)
      const answer = await app.inject({ method: options.method as 'GET' | 'POST', url: target.pathname + target.search, headers, payload: body })
      return new Response(answer.body, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') } })
    }
  }
  return configured
}

export interface AuthorizationRequest {
  url: URL
  state: string
  nonce: string
  codeVerifier: string
}

export async function authorizationRequest(config: ProviderConfig, app: FastifyInstance, redirectUri: string): Promise<AuthorizationRequest> {
  const configured = configuration(config, app)
  const codeVerifier = oidc.randomPKCECodeVerifier()
  const state = oidc.randomState()
  const nonce = oidc.randomNonce()
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: config.scope,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }
  if (config.oidc) parameters.nonce = nonce
  return { url: oidc.buildAuthorizationUrl(configured, parameters), state, nonce, codeVerifier }
}

/** Exchange the callback's code (state, PKCE and, for OIDC, nonce and ID token checked) and read who it is. */
export async function completeAuthorization(
  config: ProviderConfig,
  app: FastifyInstance,
  input: { redirectUri: string; code: string; state: string; codeVerifier: string; nonce: string },
): Promise<Identity> {
  const configured = configuration(config, app)
  const callback = new URL(input.redirectUri)
  callback.searchParams.set('code', input.code)
  callback.searchParams.set('state', input.state)
  const tokens = await oidc.authorizationCodeGrant(configured, callback, {
    pkceCodeVerifier: input.codeVerifier,
    expectedState: input.state,
    ...(config.oidc ? { expectedNonce: input.nonce, idTokenExpected: true } : {}),
  })
  let data: Record<string, unknown> = {}
  const claims = tokens.claims()
  if (claims) data = { ...claims }
  if (config.userinfoEndpoint) {
    const response = await oidc.fetchProtectedResource(configured, tokens.access_token, new URL(config.userinfoEndpoint), 'GET')
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`)
    data = { ...data, ...((await response.json()) as Record<string, unknown>) }
  }
  const identity = config.profile(data)
  if (!identity.subject) throw new Error('the provider named no subject')
  return identity
}
