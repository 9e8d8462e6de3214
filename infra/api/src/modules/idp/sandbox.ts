import { isSocialProvider, readerDay, type SocialProvider } from '@koma/contracts/server'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import type { AppDeps } from '../../deps'
import { requestLocale } from '../../http/locale'
import { sendPage } from '../../http/pages'
import { randomToken, sha256 } from '../../http/tokens'
import { adultByBirthday } from '../account/profile'
import { callbackUri, providerConfig, SANDBOX_PATH } from './providers'

/**
 * The local sandbox identity provider (default for every social provider) and the sandbox adult
 * verification service: real OAuth 2 endpoints (authorize with a consent page, token with PKCE,
 * userinfo) served by this API, so sign-in and linking run end to end with no outside service.
 */
const NAMES: Record<SocialProvider, { label: string; color: string }> = {
  payco: { label: 'PAYCO', color: '#e3262f' },
  apple: { label: 'Apple', color: '#000000' },
  google: { label: 'Google', color: '#4285f4' },
  facebook: { label: 'Facebook', color: '#1877f2' },
  twitter: { label: 'X', color: '#111111' },
  kakao: { label: 'Kakao', color: '#fee500' },
  naver: { label: 'NAVER', color: '#03c75a' },
}

const PAGE_TEXTS = {
  en: {
    title: 'Sign in with {p}',
    lead: 'Sandbox identity provider. Choose who you are for this test sign-in.',
    email: 'Email',
    name: 'Display name',
    allow: 'Allow and continue',
    deny: 'Cancel',
    consent: 'Koma will receive your name and email address.',
    invalid: 'This sign-in request is not valid',
    invalidLead:
      'The request does not come from Koma, or its return address (redirect_uri) is not registered for Koma. Go back to Koma and start the sign-in again.',
  },
  ja: {
    title: '{p}でログイン',
    lead: 'サンドボックスのIDプロバイダーです。テスト用にログインするユーザーを入力してください。',
    email: 'メールアドレス',
    name: '表示名',
    allow: '許可して続ける',
    deny: 'キャンセル',
    consent: 'Komaはあなたの名前とメールアドレスを受け取ります。',
    invalid: 'このログインリクエストは無効です',
    invalidLead: 'Komaからのリクエストではないか、戻り先のアドレス（redirect_uri）がKomaに登録されていません。Komaに戻って、もう一度ログインしてください。',
  },
  fr: {
    title: 'Se connecter avec {p}',
    lead: 'Fournisseur d’identité de test. Indiquez qui vous êtes pour cette connexion de test.',
    email: 'E-mail',
    name: 'Nom affiché',
    allow: 'Autoriser et continuer',
    deny: 'Annuler',
    consent: 'Koma recevra votre nom et votre adresse e-mail.',
    invalid: 'Cette demande de connexion n’est pas valide',
    invalidLead:
      'La demande ne vient pas de Koma, ou son adresse de retour (redirect_uri) n’est pas enregistrée pour Koma. Revenez sur Koma et recommencez la connexion.',
  },
} as const

const CERT_TEXTS = {
  en: {
    title: 'Adult verification',
    lead: 'Sandbox verification service. Enter your date of birth to verify that you are 18 or older.',
    birthday: 'Date of birth',
    verify: 'Verify',
    cancel: 'Cancel',
  },
  ja: {
    title: '年齢認証',
    lead: 'サンドボックスの年齢認証サービスです。18歳以上であることを確認するため、生年月日を入力してください。',
    birthday: '生年月日',
    verify: '認証する',
    cancel: 'キャンセル',
  },
  fr: {
    title: 'Vérification de l’âge',
    lead: 'Service de vérification de test. Saisissez votre date de naissance pour confirmer que vous avez 18 ans ou plus.',
    birthday: 'Date de naissance',
    verify: 'Vérifier',
    cancel: 'Annuler',
  },
} as const

/** A query or form as single strings: a repeated key (an array) or a JSON object counts as absent. */
const fields = (value: unknown): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(value && typeof value === 'object' ? value : {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))

const escape = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function page(reply: FastifyReply, lang: string, title: string, accent: string, body: string): FastifyReply {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","Hiragino Sans","Noto Sans JP",Roboto,sans-serif;background:#f2f3f5;color:#1a1a1a;display:grid;place-items:center;min-height:100vh;padding:16px}
main{background:#fff;border-radius:16px;box-shadow:0 10px 40px rgba(0,0,0,.08);max-width:420px;width:100%;padding:32px 28px}
.badge{display:inline-block;font-size:11px;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#6b6b6b;background:#f2f3f5;border-radius:999px;padding:4px 10px;margin-bottom:16px}
.mark{width:48px;height:48px;border-radius:12px;background:${accent};display:grid;place-items:center;color:#fff;font-weight:800;font-size:20px;margin-bottom:16px;border:1px solid rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 8px}p{color:#555;font-size:14px;line-height:1.6;margin:0 0 20px}label{display:block;font-size:13px;font-weight:700;margin:0 0 6px}
input{width:100%;font-size:16px;padding:12px 14px;border:1.5px solid #e1e1e1;border-radius:10px;margin-bottom:16px}
.row{display:flex;gap:10px;margin-top:8px}button{flex:1;font-size:15px;font-weight:700;padding:13px;border-radius:24px;border:0;cursor:pointer}
.primary{background:#1a1a1a;color:#fff}.secondary{background:#f2f3f5;color:#1a1a1a}small{display:block;color:#888;font-size:12px;margin-top:16px}
</style></head><body><main>${body}</main></body></html>`
  return sendPage(reply, html)
}

const subjectOf = (provider: string, email: string): string =>
  createHash('sha256').update(`${provider}:${email.trim().toLowerCase()}`).digest('hex').slice(0, 24)

export function registerSandboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const bare = { config: { bare: true } }

  /**
   * A request a real provider would refuse: unknown provider or client, no state, or a
   * redirect_uri other than the site's registered callback (any other would send the code, and
   * the reader, elsewhere). A 400 page in the reader's language, never a redirect, never a 500.
   */
  const validRequest = (provider: string, form: Record<string, string | undefined>): provider is SocialProvider =>
    isSocialProvider(provider) &&
    form.client_id === providerConfig(provider).clientId &&
    Boolean(form.state) &&
    form.redirect_uri === callbackUri(deps.config.publicUrl, provider)
  /** Only single text values: a repeated or nested parameter is as good as missing. */
  const fields = (raw: unknown): Record<string, string | undefined> =>
    Object.fromEntries(Object.entries(raw && typeof raw === 'object' ? raw : {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  const refusePage = (req: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(req)
    const texts = PAGE_TEXTS[locale]
    return page(
      reply.status(400),
      locale,
      texts.invalid,
      '#6b6b6b',
      `<span class="badge">Sandbox</span><h1>${escape(texts.invalid)}</h1><p data-testid="idp-invalid">${escape(texts.invalidLead)}</p>`,
    )
  }

  app.get(`${SANDBOX_PATH}/:provider/authorize`, bare, async (req, reply) => {
    const { provider } = req.params as { provider: string }
    const query = fields(req.query)
    if (!validRequest(provider, query)) return refusePage(req, reply)
    const locale = requestLocale(req)
    const texts = PAGE_TEXTS[locale]
    const brand = NAMES[provider]
    const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope', 'nonce']
      .map((name) => `<input type="hidden" name="${name}" value="${escape(query[name] ?? '')}">`)
      .join('')
    const title = texts.title.replace('{p}', () => brand.label)
    return page(
      reply,
      locale,
      title,
      brand.color,
      `<span class="badge">Sandbox</span><div class="mark">${escape(brand.label.slice(0, 1))}</div><h1>${escape(title)}</h1><p>${escape(texts.lead)}</p>
<form method="post" action="${SANDBOX_PATH}/${provider}/consent">${hidden}
<label for="email">${escape(texts.email)}</label><input id="email" name="email" type="email" required value="${escape(`reader.${provider}@sandbox.example`)}">
<label for="name">${escape(texts.name)}</label><input id="name" name="name" required maxlength="40" value="${escape(`${brand.label} Reader`)}">
<div class="row"><button class="secondary" name="decision" value="deny" data-testid="idp-deny">${escape(texts.deny)}</button><button class="primary" name="decision" value="allow" data-testid="idp-allow">${escape(texts.allow)}</button></div>
<small>${escape(texts.consent)}</small></form>`,
    )
  })

  app.post(`${SANDBOX_PATH}/:provider/consent`, bare, async (req, reply) => {
    const { provider } = req.params as { provider: string }
    const form = fields(req.body)
    if (!validRequest(provider, form) || !form.redirect_uri || !form.state) return refusePage(req, reply)
    const target = new URL(form.redirect_uri)
    target.searchParams.set('state', form.state)
    if (form.decision !== 'allow' || !form.email) {
      target.searchParams.set('error', 'access_denied')
      return reply.redirect(target.toString(), 303)
    }
    const code = randomToken(24)
    await deps.db
      .insertInto('sandbox_idp_grants')
      .values({
        code,
        provider,
        client_id: providerConfig(provider).clientId,
        redirect_uri: form.redirect_uri,
        code_challenge: form.code_challenge || null,
        subject: subjectOf(provider, form.email),
        email: form.email.trim().slice(0, 254),
        name: (form.name ?? '').trim().slice(0, 40) || 'Reader',
        expires_at: new Date(deps.clock.realNow().getTime() + 5 * 60 * 1000),
      })
      .execute()
    target.searchParams.set('code', code)
    return reply.redirect(target.toString(), 303)
  })

  app.post(`${SANDBOX_PATH}/:provider/token`, bare, async (req, reply) => {
    const { provider } = req.params as { provider: string }
    const form = fields(req.body)
    const refuse = (error: string) => reply.status(400).header('cache-control', 'no-store').send({ error })
    if (!isSocialProvider(provider) || form.grant_type !== 'authorization_code' || !form.code) return refuse('invalid_request')
    const config = providerConfig(provider)
    if (form.client_id !== config.clientId || form.client_secret !== config.clientSecret) return reply.status(401).send({ error: 'invalid_client' })
    const grant = await deps.db
      .selectFrom('sandbox_idp_grants')
      .selectAll()
      .where('code', '=', form.code)
      .where('provider', '=', provider)
      .where('access_token', 'is', null)
      .where('expires_at', '>', deps.clock.realNow())
      .executeTakeFirst()
    if (!grant || grant.redirect_uri !== form.redirect_uri) return refuse('invalid_grant')
    const challenge = form.code_verifier ? createHash('sha256').update(form.code_verifier).digest('base64url') : null
    if (grant.code_challenge && challenge !== grant.code_challenge) return refuse('invalid_grant')
    const accessToken = randomToken(32)
    await deps.db
      .updateTable('sandbox_idp_grants')
      .set({ access_token: sha256(accessToken) })
      .where('code', '=', grant.code)
      .execute()
    return reply.header('cache-control', 'no-store').send({ access_token: accessToken, token_type: 'Bearer', expires_in: 300, scope: config.scope })
  })

  app.get(`${SANDBOX_PATH}/:provider/userinfo`, bare, async (req, reply) => {
    const auth = req.headers.authorization ?? ''
    const token = /^Bearer (.+)$/i.exec(auth)?.[1]
    const grant = token
      ? await deps.db
          .selectFrom('sandbox_idp_grants')
          .selectAll()
          .where('access_token', '=', sha256(token))
          .where('expires_at', '>', deps.clock.realNow())
          .executeTakeFirst()
      : undefined
    if (!grant) return reply.status(401).header('www-authenticate', 'Bearer error="invalid_token"').send({ error: 'invalid_token' })
    return reply.send({ sub: grant.subject, email: grant.email, name: grant.name })
  })
}

/** The sandbox adult verification service (SPEC §7 certification init/complete): trusts a typed birthday. */
export function registerCertificationSandboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const bare = { config: { bare: true } }

  app.get('/api/sandbox/certification/:tradeId', bare, async (req, reply) => {
    const { tradeId } = req.params as { tradeId: string }
    const row = await deps.db
      .selectFrom('certifications')
      .select(['trade_id'])
      .where('trade_id', '=', tradeId)
      .where('result', 'is', null)
      .where('expires_at', '>', deps.clock.now())
      .executeTakeFirst()
    if (!row) return reply.status(404).send('unknown or expired verification')
    const locale = requestLocale(req)
    const texts = CERT_TEXTS[locale]
    return page(
      reply,
      locale,
      texts.title,
      '#ff5b4a',
      `<span class="badge">Sandbox</span><div class="mark">18</div><h1>${escape(texts.title)}</h1><p>${escape(texts.lead)}</p>
<form method="post" action="/api/sandbox/certification/${escape(tradeId)}"><label for="birthday">${escape(texts.birthday)}</label>
<input id="birthday" name="birthday" type="date" required>
<div class="row"><button class="secondary" name="decision" value="cancel" formnovalidate data-testid="cert-cancel">${escape(texts.cancel)}</button><button class="primary" name="decision" value="verify" data-testid="cert-verify">${escape(texts.verify)}</button></div></form>`,
    )
  })

  app.post('/api/sandbox/certification/:tradeId', bare, async (req, reply) => {
    const { tradeId } = req.params as { tradeId: string }
    const form = fields(req.body)
    const now = deps.clock.now()
    const row = await deps.db
      .selectFrom('certifications')
      .selectAll()
      .where('trade_id', '=', tradeId)
      .where('result', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    if (!row) return reply.status(404).send('unknown or expired verification')
    const back = new URL(row.redirect, 'http://site.invalid')
    if (form.decision !== 'verify') {
      await deps.db.updateTable('certifications').set({ result: 'failed', completed_at: now }).where('trade_id', '=', tradeId).execute()
      back.searchParams.set('certification', 'cancel')
      return reply.redirect(back.pathname + back.search, 303)
    }
    const code = randomToken(18)
    const adult = adultByBirthday(form.birthday ?? '', readerDay(now, 'Asia/Seoul'))
    await deps.db
      .updateTable('certifications')
      .set({ result: adult ? 'verified' : 'failed', code })
      .where('trade_id', '=', tradeId)
      .execute()
    back.searchParams.set('certification', 'complete')
    back.searchParams.set('code', code)
    return reply.redirect(back.pathname + back.search, 303)
  })
}
