import type { FastifyInstance, FastifyReply } from 'fastify'
import fs from 'node:fs'
import path from 'node:path'
import type { AppDeps } from '../../deps'
import { requestLocale } from '../../http/locale'
import { sendPage } from '../../http/pages'
import { issueSandboxToken, SANDBOX_BASE, SANDBOX_PAYPAL_CLIENT_ID, SANDBOX_TOKEN_API_KEY, sandboxCardProblem, cardDeclines } from './providers/sandbox'

/**
 * The local payment sandboxes' own HTTP side (what PayPal, the card token service and the
 * carrier / PayPay pages would serve): the stand-in PayPal JS SDK and Orders API calls the
 * browser makes, the card token service, and the redirect payment page with approve / cancel.
 * Plain browser requests: no SPEC §7 headers (bare routes).
 */
const bare = { config: { bare: true } }
let sdkSource: string | null = null
const standinSdk = (): string => (sdkSource ??= fs.readFileSync(path.join(__dirname, 'standin-paypal-sdk.js'), 'utf8'))

const escape = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const METHOD_LABELS: Record<string, string> = { softbank: 'SoftBank まとめて支払い', au: 'auかんたん決済', docomo: 'd払い', paypay: 'PayPay' }
const METHOD_COLORS: Record<string, string> = { softbank: '#111111', au: '#eb5505', docomo: '#cc0033', paypay: '#ff0033' }
const PAGE_TEXTS = {
  ja: {
    lead: 'サンドボックスの決済ページです。お支払いを承認するか、キャンセルしてください。',
    amount: 'お支払い金額',
    approve: '支払う',
    cancel: 'キャンセル',
    done: 'このお支払いはすでに処理されました。',
  },
  en: {
    lead: 'Sandbox payment page. Approve or cancel this payment.',
    amount: 'Amount',
    approve: 'Pay',
    cancel: 'Cancel',
    done: 'This payment has already been processed.',
  },
  fr: {
    lead: 'Page de paiement de test. Approuvez ou annulez ce paiement.',
    amount: 'Montant',
    approve: 'Payer',
    cancel: 'Annuler',
    done: 'Ce paiement a déjà été traité.',
  },
} as const

const TOKEN_MESSAGES = {
  ja: {
    number: 'カード番号が正しくありません。',
    expiry: '有効期限が正しくありません。',
    securityCode: 'セキュリティコードが正しくありません。',
    name: 'カード名義人が正しくありません。',
    key: 'APIキーが正しくありません。',
  },
  en: {
    number: 'The card number is invalid.',
    expiry: 'The expiry date is invalid.',
    securityCode: 'The security code is invalid.',
    name: 'The cardholder name is invalid.',
    key: 'The API key is invalid.',
  },
} as const

function page(reply: FastifyReply, lang: string, title: string, accent: string, body: string): FastifyReply {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","Hiragino Sans","Noto Sans JP",Roboto,sans-serif;background:#f2f3f5;color:#1a1a1a;display:grid;place-items:center;min-height:100vh;padding:16px}
main{background:#fff;border-radius:16px;box-shadow:0 10px 40px rgba(0,0,0,.08);max-width:420px;width:100%;padding:32px 28px}
.badge{display:inline-block;font-size:11px;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#6b6b6b;background:#f2f3f5;border-radius:999px;padding:4px 10px;margin-bottom:16px}
.mark{min-width:48px;height:48px;border-radius:12px;background:${accent};display:inline-grid;place-items:center;color:#fff;font-weight:800;font-size:15px;padding:0 12px;margin-bottom:16px}
h1{font-size:22px;margin:0 0 8px}p{color:#555;font-size:14px;line-height:1.6;margin:0 0 20px}.amount{font-size:28px;font-weight:800;color:#1a1a1a;margin:0 0 24px}
.row{display:flex;gap:10px}form{flex:1;margin:0}button{width:100%;font-size:15px;font-weight:700;padding:13px;border-radius:24px;border:0;cursor:pointer}
.primary{background:${accent};color:#fff}.secondary{background:#f2f3f5;color:#1a1a1a}
</style></head><body><main>${body}</main></body></html>`
  return sendPage(reply, html)
}

function paypalError(reply: FastifyReply, status: number, issue: string): FastifyReply {
  return reply.status(status).send({ name: status === 404 ? 'RESOURCE_NOT_FOUND' : 'UNPROCESSABLE_ENTITY', details: [{ issue }] })
}

export function registerPaymentSandboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The stand-in PayPal JS SDK (loaded through the script options' sdkBaseUrl).
  app.get(`${SANDBOX_BASE}/paypal/sdk/js`, bare, async (req, reply) => {
    const query = req.query as Record<string, string | undefined>
    if (query['client-id'] !== SANDBOX_PAYPAL_CLIENT_ID) {
      return reply.status(400).header('content-type', 'application/javascript; charset=utf-8').send('throw new Error("invalid client-id")')
    }
    return reply.header('content-type', 'application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(standinSdk())
  })

  app.get(`${SANDBOX_BASE}/paypal/v2/checkout/orders/:id`, bare, async (req, reply) => {
    const { id } = req.params as { id: string }
    const order = await deps.db.selectFrom('sandbox_payment_orders').selectAll().where('id', '=', id).where('kind', '=', 'paypal').executeTakeFirst()
    if (!order) return paypalError(reply, 404, 'INVALID_RESOURCE_ID')
    return {
      id: order.id,
      status: order.status,
      purchase_units: [{ reference_id: order.reference, amount: { currency_code: order.currency, value: (order.amount / 100).toFixed(2) } }],
    }
  })

  // The buyer approved in the sandbox sheet (PayPal's checkout window).
  app.post(`${SANDBOX_BASE}/paypal/v2/checkout/orders/:id/approve`, bare, async (req, reply) => {
    const { id } = req.params as { id: string }
    const payerId = `SBPAYER${id.slice(0, 6)}`
    const now = deps.clock.realNow()
    await deps.db
      .updateTable('sandbox_payment_orders')
      .set({ status: 'APPROVED', payer_id: payerId, updated_at: now })
      .where('id', '=', id)
      .where('kind', '=', 'paypal')
      .where('status', '=', 'CREATED')
      .execute()
    const order = await deps.db
      .selectFrom('sandbox_payment_orders')
      .select(['id', 'status', 'payer_id'])
      .where('id', '=', id)
      .where('kind', '=', 'paypal')
      .executeTakeFirst()
    if (!order) return paypalError(reply, 404, 'INVALID_RESOURCE_ID')
    if (order.status !== 'APPROVED' && order.status !== 'COMPLETED') return paypalError(reply, 422, 'ORDER_NOT_APPROVED')
    return { id: order.id, status: order.status, payer: { payer_id: order.payer_id } }
  })

  // Card fields: attach the card to the order (declines happen at capture, like PayPal's sandbox).
  app.post(`${SANDBOX_BASE}/paypal/v2/checkout/orders/:id/confirm-payment-source`, bare, async (req, reply) => {
    const { id } = req.params as { id: string }
    const card = ((req.body as { payment_source?: { card?: Record<string, unknown> } } | undefined)?.payment_source?.card ?? {}) as Record<string, unknown>
    const str = (value: unknown) => (typeof value === 'string' ? value : '')
    const expiry = /^20([0-9]{2})-([0-9]{2})$/.exec(str(card.expiry))
    const input = {
      number: str(card.number),
      expiry: expiry ? `${expiry[2]}/${expiry[1]}` : '',
      securityCode: str(card.security_code),
      holderName: str(card.name) || 'Card holder',
    }
    const problem = sandboxCardProblem(input, deps.clock.realNow())
    if (problem)
      return paypalError(
        reply,
        422,
        { number: 'CARD_NUMBER_INVALID', expiry: 'CARD_EXPIRED', securityCode: 'INVALID_SECURITY_CODE', name: 'INVALID_PARAMETER_VALUE' }[problem],
      )
    const updated = await deps.db
      .updateTable('sandbox_payment_orders')
      .set({ status: 'APPROVED', card_last4: input.number.slice(-4), card_declines: cardDeclines(input), updated_at: deps.clock.realNow() })
      .where('id', '=', id)
      .where('kind', '=', 'paypal')
      .where('status', '=', 'CREATED')
      .returning(['id', 'status'])
      .executeTakeFirst()
    if (!updated) return paypalError(reply, 422, 'ORDER_ALREADY_APPROVED_OR_MISSING')
    return { id: updated.id, status: updated.status, payment_source: { card: { last_digits: input.number.slice(-4) } } }
  })

  // The card token service: the browser posts the card here and gets a one-time token.
  app.post(`${SANDBOX_BASE}/card/v1/tokens`, bare, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
    const messages = TOKEN_MESSAGES[str(body.lang) === 'ja' ? 'ja' : 'en']
    if (str(body.token_api_key) !== SANDBOX_TOKEN_API_KEY) return reply.status(401).send({ status: 'failure', code: 'invalid_api_key', message: messages.key })
    const input = { number: str(body.card_number), expiry: str(body.card_expire), securityCode: str(body.security_code), holderName: str(body.cardholder_name) }
    const problem = sandboxCardProblem(input, deps.clock.realNow())
    if (problem) return reply.status(400).send({ status: 'failure', code: `invalid_${problem}`, message: messages[problem] })
    const { token } = await issueSandboxToken(deps, input)
    return {
      status: 'success',
      code: 'success',
      token,
      req_card_number: `${'*'.repeat(input.number.length - 4)}${input.number.slice(-4)}`,
      token_expire_date: '',
    }
  })

  // Carrier billing and PayPay: the provider's page.
  app.get(`${SANDBOX_BASE}/pay/:id`, bare, async (req, reply) => {
    const { id } = req.params as { id: string }
    const order = await deps.db.selectFrom('sandbox_payment_orders').selectAll().where('id', '=', id).where('kind', '=', 'redirect').executeTakeFirst()
    if (!order) return reply.status(404).header('content-type', 'text/plain; charset=utf-8').send('not found')
    const locale = requestLocale(req)
    const texts = PAGE_TEXTS[locale]
    const label = METHOD_LABELS[order.method] ?? order.method
    const accent = METHOD_COLORS[order.method] ?? '#1a1a1a'
    const amount = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }).format(order.amount)
    const body =
      order.status === 'CREATED'
        ? `<div class="row"><form method="post" action="${SANDBOX_BASE}/pay/${escape(id)}/cancel"><button class="secondary" type="submit">${escape(texts.cancel)}</button></form>
<form method="post" action="${SANDBOX_BASE}/pay/${escape(id)}/approve"><button class="primary" type="submit">${escape(texts.approve)}</button></form></div>`
        : `<p>${escape(texts.done)}</p>`
    return page(
      reply,
      locale,
      label,
      accent,
      `<span class="badge">Sandbox</span><br><div class="mark">${escape(label)}</div><h1>${escape(label)}</h1><p>${escape(texts.lead)}</p>
<p>${escape(texts.amount)}</p><p class="amount" data-testid="sandbox-amount">${escape(amount)}</p>${body}`,
    )
  })

  for (const action of ['approve', 'cancel'] as const) {
    app.post(`${SANDBOX_BASE}/pay/:id/${action}`, bare, async (req, reply) => {
      const { id } = req.params as { id: string }
      await deps.db
        .updateTable('sandbox_payment_orders')
        .set({ status: action === 'approve' ? 'COMPLETED' : 'VOIDED', updated_at: deps.clock.realNow() })
        .where('id', '=', id)
        .where('kind', '=', 'redirect')
        .where('status', '=', 'CREATED')
        .execute()
      const order = await deps.db
        .selectFrom('sandbox_payment_orders')
        .select(['status', 'return_url', 'cancel_url'])
        .where('id', '=', id)
        .where('kind', '=', 'redirect')
        .executeTakeFirst()
      if (!order) return reply.status(404).header('content-type', 'text/plain; charset=utf-8').send('not found')
      return reply.redirect((order.status === 'VOIDED' ? order.cancel_url : order.return_url) ?? '/', 303)
    })
  }
}
