import { endpoints } from '@koma/contracts/server'
import { PAGE_SECURITY_POLICY } from '../../http/pages'
import { cookiesOf, createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/testApp'
import { registerMember, sealed } from '../../test/account'
import { STATE_COOKIE, STATE_COOKIE_PATH } from './state'

jest.setTimeout(120_000)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const msg = (response: { json(): { message?: string } }) => response.json().message
const FAILED = 'Social sign-in failed. Please try again.'
type Jar = Record<string, string>
const form = (values: Record<string, string>) => ({
  payload: new URLSearchParams(values).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
})

/** Start a round trip as a browser: the authorization URL and the binding cookie authorize set. */
async function authorize(provider: string, purpose: 'signin' | 'link', options: { cookies?: Jar; redirect?: string; headers?: Record<string, string> } = {}) {
  const response = await t.call(endpoints.idpAuthorize, {
    params: { provider },
    cookies: options.cookies,
    headers: options.headers,
    query: { purpose, redirect: options.redirect ?? '/en/account/userinfo' },
  })
  expect(response.statusCode).toBe(200)
  const url = response.json().result.url as string
  expect(url).toMatch(new RegExp(`^/api/sandbox/idp/${provider}/authorize\\?`))
  return { url, params: new URL(url, 'http://x').searchParams, browser: cookiesOf(response), response }
}

/** Walk the sandbox identity provider like a browser: authorize → consent page → allow → callback query. */
async function sandboxLogin(
  provider: string,
  purpose: 'signin' | 'link',
  identity: { email: string; name: string },
  options: { cookies?: Jar; redirect?: string } = {},
) {
  const { url, params, browser } = await authorize(provider, purpose, options)
  expect(params.get('code_challenge_method')).toBe('S256')
  const page = await t.inject({ method: 'GET', url })
  expect(page.statusCode).toBe(200)
  expect(page.body).toContain('Sandbox')
  expect(page.headers['content-security-policy']).toBe(PAGE_SECURITY_POLICY)
  const values: Record<string, string> = { email: identity.email, name: identity.name, decision: 'allow' }
  for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope']) values[name] = params.get(name) ?? ''
  const consent = await t.inject({ method: 'POST', url: `/api/sandbox/idp/${provider}/consent`, ...form(values) })
  expect(consent.statusCode).toBe(303)
  const callback = new URL(String(consent.headers.location))
  expect(callback.origin + callback.pathname).toBe(`${TEST_PUBLIC_URL}/member/external-idp/web/${provider}/callback`)
  return { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')!, browser }
}

describe('social sign-in through the one OAuth adapter and the sandbox provider', () => {
  it('an unknown identity joins with a short form, then signs in directly', async () => {
    const first = await sandboxLogin('google', 'signin', { email: 'sora@sandbox.example', name: 'Sora' })
    const answer = (
      await t.call(endpoints.idpSignin, { params: { provider: 'google' }, cookies: first.browser, body: { code: first.code, state: first.state } })
    ).json().result
    expect(answer).toMatchObject({
      status: 'joinRequired',
      nickname: 'Sora',
      email: 'sora@sandbox.example',
      provider: 'google',
      redirect: '/en/account/userinfo',
    })
    const join = { pendingToken: answer.pendingToken, nickname: 'Sora', birthday: '2001-01-01', termsAgree: 'true', privacyAgree: 'true' }
    expect(msg(await t.call(endpoints.socialJoin, { body: { ...join, termsAgree: 'false' } }))).toBe('Please agree to the Terms of Use.')
    expect(msg(await t.call(endpoints.socialJoin, { body: { ...join, birthday: '2015-01-01' } }))).toBe('You must be 16 or older to sign up.')
    const joined = await t.call(endpoints.socialJoin, { body: join })
    expect(joined.statusCode).toBe(200)
    expect(msg(await t.call(endpoints.socialJoin, { body: join }))).toBe('Your sign-up session has expired. Please start again.')
    const cookies = cookiesOf(joined)
    const profile = (await t.call(endpoints.profile, { cookies })).json().result
    expect(profile).toMatchObject({ nickname: 'Sora', email: 'sora@sandbox.example', externalIdps: ['google'], userExtraInfo: { hasPassword: false } })
    const again = await sandboxLogin('google', 'signin', { email: 'sora@sandbox.example', name: 'Sora' })
    const signedIn = await t.call(endpoints.idpSignin, {
      params: { provider: 'google' },
      cookies: again.browser,
      body: { code: again.code, state: again.state },
    })
    expect(signedIn.json().result).toMatchObject({ status: 'signedIn', userId: profile.userId })
    expect(signedIn.cookies.find((c) => c.name === 'koma_lc')?.value).toBe('1')
    // Its only way in cannot be unlinked.
    expect(msg(await t.call(endpoints.idpUnlink, { params: { provider: 'google' }, cookies }))).toBe(
      'This is your only way to sign in. Register an email address and password first.',
    )
  })

  it('links and unlinks for a member; an identity of another member is "already registered"', async () => {
    const member = await registerMember(t)
    const link = await sandboxLogin('kakao', 'link', { email: 'mine@sandbox.example', name: 'Mine' }, { cookies: member.cookies })
    const linked = await t.call(endpoints.idpLink, {
      params: { provider: 'kakao' },
      cookies: { ...member.cookies, ...link.browser },
      body: { code: link.code, state: link.state },
    })
    expect(linked.json().result.linked).toMatchObject({ provider: 'kakao', email: 'mine@sandbox.example' })
    const accounts = (await t.call(endpoints.linkedAccounts, { cookies: member.cookies })).json().result
    expect(accounts.accounts.map((a: { provider: string }) => a.provider)).toEqual(['kakao'])
    expect(accounts.providers).toEqual(['payco', 'apple', 'google', 'facebook', 'twitter', 'kakao', 'naver'])
    const other = await registerMember(t)
    const steal = await sandboxLogin('kakao', 'link', { email: 'mine@sandbox.example', name: 'Mine' }, { cookies: other.cookies })
    const refused = await t.call(endpoints.idpLink, {
      params: { provider: 'kakao' },
      cookies: { ...other.cookies, ...steal.browser },
      body: { code: steal.code, state: steal.state },
    })
    expect([refused.statusCode, msg(refused)]).toEqual([409, 'This social account is already registered to another Koma account.'])
    // A state made for one member is worthless to another, even in the browser that started it.
    const mineAgain = await sandboxLogin('naver', 'link', { email: 'n@sandbox.example', name: 'N' }, { cookies: member.cookies })
    const swapped = await t.call(endpoints.idpLink, {
      params: { provider: 'naver' },
      cookies: { ...other.cookies, ...mineAgain.browser },
      body: { code: mineAgain.code, state: mineAgain.state },
    })
    expect([swapped.statusCode, msg(swapped)]).toEqual([400, FAILED])
    expect((await t.call(endpoints.linkedAccounts, { cookies: other.cookies })).json().result.accounts).toEqual([])
    expect((await t.call(endpoints.idpUnlink, { params: { provider: 'kakao' }, cookies: member.cookies })).json().result).toEqual({ unlinked: true })
    expect((await t.call(endpoints.idpUnlink, { params: { provider: 'kakao' }, cookies: member.cookies })).statusCode).toBe(404)
  })

  it('refuses unknown providers, forged codes and a denied consent', async () => {
    expect((await t.call('GET', '/api/member/external-idp/myspace/authorize', { query: { purpose: 'signin' } })).statusCode).toBe(404)
    const { state, browser } = await sandboxLogin('payco', 'signin', { email: 'x@sandbox.example', name: 'X' })
    expect(msg(await t.call(endpoints.idpSignin, { params: { provider: 'payco' }, cookies: browser, body: { code: 'forged-code', state } }))).toBe(FAILED)
    const token = await t.inject({
      method: 'POST',
      url: '/api/sandbox/idp/payco/token',
      ...form({ grant_type: 'authorization_code', code: 'x', client_id: 'koma-web-payco', client_secret: 'wrong' }),
    })
    expect(token.statusCode).toBe(401)
  })
})

describe('the OAuth state is bound to the browser that asked for it, and single-use (login CSRF)', () => {
  it('authorize sets a short-lived httpOnly, SameSite=Lax cookie for the social endpoints only', async () => {
    const { response } = await authorize('google', 'signin')
    const cookie = response.cookies.find((c) => c.name === STATE_COOKIE)
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: STATE_COOKIE_PATH, maxAge: 600 })
    expect(String(cookie?.value).length).toBeGreaterThanOrEqual(32)
    const row = await t.db.selectFrom('oauth_states').select(['browser_hash']).orderBy('expires_at', 'desc').limit(1).executeTakeFirstOrThrow()
    expect(row.browser_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.browser_hash).not.toContain(String(cookie?.value))
  })

  it("a valid code and state handed to a browser without the cookie, or with another browser's, sign nobody in", async () => {
    // The attacker's own round trip, stopped before the callback: the link they would send a victim.
    const attacker = await sandboxLogin('naver', 'signin', { email: 'attacker@sandbox.example', name: 'Attacker' })
    const bare = await t.call(endpoints.idpSignin, { params: { provider: 'naver' }, body: { code: attacker.code, state: attacker.state } })
    expect([bare.statusCode, msg(bare)]).toEqual([400, FAILED])
    expect(bare.cookies.some((c) => c.name === 'koma_session' && c.value)).toBe(false)
    // The state was spent by that attempt: not even the attacker's browser can use it afterwards.
    expect(
      msg(
        await t.call(endpoints.idpSignin, { params: { provider: 'naver' }, cookies: attacker.browser, body: { code: attacker.code, state: attacker.state } }),
      ),
    ).toBe(FAILED)

    const attack = await sandboxLogin('naver', 'signin', { email: 'attacker@sandbox.example', name: 'Attacker' })
    const victim = await authorize('naver', 'signin')
    const crossed = await t.call(endpoints.idpSignin, {
      params: { provider: 'naver' },
      cookies: victim.browser,
      body: { code: attack.code, state: attack.state },
    })
    expect([crossed.statusCode, msg(crossed)]).toEqual([400, FAILED])
    // The cookie is spent too (cleared whatever the outcome).
    expect(crossed.cookies.find((c) => c.name === STATE_COOKIE)).toMatchObject({ value: '', path: STATE_COOKIE_PATH })
  })

  it('the normal round trip (same browser) works once; a replay fails', async () => {
    const member = await registerMember(t)
    const link = await sandboxLogin('facebook', 'link', { email: 'fb@sandbox.example', name: 'FB' }, { cookies: member.cookies })
    const body = { code: link.code, state: link.state }
    // Linking needs the cookie as much as signing in does.
    expect(msg(await t.call(endpoints.idpLink, { params: { provider: 'facebook' }, cookies: member.cookies, body }))).toBe(FAILED)
    const again = await sandboxLogin('facebook', 'link', { email: 'fb@sandbox.example', name: 'FB' }, { cookies: member.cookies })
    const cookies = { ...member.cookies, ...again.browser }
    const linked = await t.call(endpoints.idpLink, { params: { provider: 'facebook' }, cookies, body: { code: again.code, state: again.state } })
    expect(linked.statusCode).toBe(200)
    const replay = await t.call(endpoints.idpLink, { params: { provider: 'facebook' }, cookies, body: { code: again.code, state: again.state } })
    expect([replay.statusCode, msg(replay)]).toEqual([400, FAILED])

    const signin = await sandboxLogin('apple', 'signin', { email: 'apple@sandbox.example', name: 'Apple' })
    const first = await t.call(endpoints.idpSignin, {
      params: { provider: 'apple' },
      cookies: signin.browser,
      body: { code: signin.code, state: signin.state },
    })
    expect(first.json().result.status).toBe('joinRequired')
    const second = await t.call(endpoints.idpSignin, {
      params: { provider: 'apple' },
      cookies: signin.browser,
      body: { code: signin.code, state: signin.state },
    })
    expect([second.statusCode, msg(second)]).toEqual([400, FAILED])
    expect(
      msg(
        await t.call(endpoints.idpSignin, {
          params: { provider: 'apple' },
          cookies: signin.browser,
          body: { code: signin.code, state: signin.state },
          locale: 'ja',
        }),
      ),
    ).toBe('SNSログインに失敗しました。もう一度お試しください。')
  })

  it('an expired state is refused', async () => {
    const trip = await sandboxLogin('twitter', 'signin', { email: 'late@sandbox.example', name: 'Late' })
    await t.db
      .updateTable('oauth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('state', '=', trip.state)
      .execute()
    expect(
      msg(await t.call(endpoints.idpSignin, { params: { provider: 'twitter' }, cookies: trip.browser, body: { code: trip.code, state: trip.state } })),
    ).toBe(FAILED)
  })
})

describe('redirects and redirect URIs', () => {
  it('the redirect URI is always the configured public origin, whatever the request claims', async () => {
    const { params } = await authorize('google', 'signin', {
      headers: { origin: 'https://evil.example', referer: 'https://evil.example/x', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    })
    expect(params.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/member/external-idp/web/google/callback`)
  })

  it.each([
    ['/.//evil.example', '/'],
    ['//evil.example', '/'],
    ['/%2F%2Fevil.example', '/'],
    ['/%5Cevil.example', '/'],
    ['https://evil.example/', '/'],
    ['/en/comic/1?x=1#y', '/en/comic/1?x=1#y'],
  ])('a sign-in redirect %p comes back as %p', async (redirect, expected) => {
    const trip = await sandboxLogin('kakao', 'signin', { email: 'redirect@sandbox.example', name: 'R' }, { redirect })
    const answer = (
      await t.call(endpoints.idpSignin, { params: { provider: 'kakao' }, cookies: trip.browser, body: { code: trip.code, state: trip.state } })
    ).json().result
    expect(answer.redirect).toBe(expected)
  })

  it('the adult verification sandbox never sends the reader off the site', async () => {
    const member = await registerMember(t)
    const init = (await t.call(endpoints.certificationInit, { cookies: member.cookies, query: { redirect: '/.//evil.example' } })).json().result
    const back = await t.inject({ method: 'POST', url: init.iaSystemUrl, ...form({ decision: 'verify', birthday: '1990-03-03' }) })
    expect(back.statusCode).toBe(303)
    expect(String(back.headers.location)).toMatch(/^\/account\/setting\?certification=complete&code=/)
  })

  it("the sandbox provider answers a bad redirect_uri with a 400 page in the reader's language, never a 500", async () => {
    const { params } = await authorize('google', 'signin')
    const query = Object.fromEntries(params.entries())
    const page = (overrides: Record<string, string>, locale = 'en') =>
      t.inject({
        method: 'GET',
        url: `/api/sandbox/idp/google/authorize?${new URLSearchParams({ ...query, ...overrides }).toString()}`,
        headers: { 'x-koma-language': locale },
      })
    for (const redirectUri of [
      'not a url',
      'https://evil.example/member/external-idp/web/google/callback',
      'javascript:alert(1)',
      `${TEST_PUBLIC_URL}/member/external-idp/web/kakao/callback`,
      '',
    ]) {
      const response = await page({ redirect_uri: redirectUri })
      expect([redirectUri, response.statusCode]).toEqual([redirectUri, 400])
      expect(response.body).toContain('This sign-in request is not valid')
    }
    expect((await page({ redirect_uri: 'nope' }, 'ja')).body).toContain('このログインリクエストは無効です')
    expect((await page({ client_id: 'someone-else' }, 'fr')).body).toContain('Cette demande de connexion n’est pas valide')
    // Repeated parameters are as good as missing, not a crash.
    const repeated = await t.inject({ method: 'GET', url: `/api/sandbox/idp/google/authorize?${params.toString()}&state=again` })
    expect(repeated.statusCode).toBe(400)
    const consent = await t.inject({
      method: 'POST',
      url: '/api/sandbox/idp/google/consent',
      ...form({ ...query, redirect_uri: '::not-a-url', decision: 'allow', email: 'x@sandbox.example' }),
    })
    expect(consent.statusCode).toBe(400)
    expect(consent.headers.location).toBeUndefined()
    // The page as it should be still opens.
    expect((await page({})).statusCode).toBe(200)
  })
})

describe('a member without a password (social sign-up)', () => {
  it('registers an e-mail address without a current password, choosing a password with it', async () => {
    const trip = await sandboxLogin('google', 'signin', { email: 'nopass@sandbox.example', name: 'Nopass' })
    const answer = (
      await t.call(endpoints.idpSignin, { params: { provider: 'google' }, cookies: trip.browser, body: { code: trip.code, state: trip.state } })
    ).json().result
    const joined = await t.call(endpoints.socialJoin, {
      body: { pendingToken: answer.pendingToken, nickname: 'Nopass', birthday: '2001-01-01', termsAgree: 'true', privacyAgree: 'true' },
    })
    const cookies = cookiesOf(joined)
    const next = `registered.${Date.now().toString(36)}@koma.example`
    expect((await t.call(endpoints.sendVerifyToken, { cookies, body: { email: next, purpose: 'changeEmail' } })).statusCode).toBe(200)
    const code = /(\d{6})/.exec([...t.outbox()].reverse().find((mail) => mail.to === next && mail.tag === 'code')!.subject)![1]
    expect(msg(await t.call(endpoints.changeEmail, { cookies, body: { email: next, token: code } }))).toBe('Please input Password.')
    const changed = await t.call(endpoints.changeEmail, {
      cookies,
      body: { email: next, token: code, ...(await sealed(t, { password: 'koma-social-1' })) },
    })
    expect(changed.json().result).toEqual({ email: next })
    // The old (provider's) address hears of it.
    const notice = t.outbox().find((mail) => mail.to === 'nopass@sandbox.example' && mail.tag === 'emailChanged')
    expect(notice?.subject).toBe('The email address of your Koma account was changed')
    const profile = (await t.call(endpoints.profile, { cookies })).json().result
    expect(profile.userExtraInfo.hasPassword).toBe(true)
    // And deleting it now asks for that password.
    expect(msg(await t.call(endpoints.deleteMember, { params: { userId: 'me' }, cookies, body: { reason: 'other' } }))).toBe(
      'Please input your current password.',
    )
  })

  it('deletes a social-only account without a password', async () => {
    const trip = await sandboxLogin('naver', 'signin', { email: 'leaver@sandbox.example', name: 'Leaver' })
    const answer = (
      await t.call(endpoints.idpSignin, { params: { provider: 'naver' }, cookies: trip.browser, body: { code: trip.code, state: trip.state } })
    ).json().result
    const joined = await t.call(endpoints.socialJoin, {
      body: { pendingToken: answer.pendingToken, nickname: 'Leaver', birthday: '2001-01-01', termsAgree: 'true', privacyAgree: 'true' },
    })
    const deleted = await t.call(endpoints.deleteMember, { params: { userId: 'me' }, cookies: cookiesOf(joined), body: { reason: 'other' } })
    expect(deleted.json().result).toEqual({ deleted: true })
  })
})
