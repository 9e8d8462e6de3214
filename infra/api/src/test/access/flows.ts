import { endpoints } from '@koma/contracts/server'
import type { Caller, World } from '../world'
import { callAs } from '../world'
import { cookiesOf } from '../testApp'

/**
 * Multi-step flows the matrix needs a real result of: social sign-in through the sandbox identity
 * provider, adult verification through the sandbox service, orders through the payment sandboxes.
 */

export interface IdpGrant {
  code: string
  state: string
  /** Cookies the authorize call set (state bound to the browser), to send back with the code. */
  cookies: Record<string, string>
}

/** Authorize as the caller, consent in the sandbox as `email`, and return the callback's code and state. */
export async function idpGrant(w: World, caller: Caller, provider: string, purpose: 'signin' | 'link', email: string): Promise<IdpGrant> {
  const { t } = w
  const authorize = await callAs(t, caller, endpoints.idpAuthorize, { params: { provider }, query: { purpose } })
  if (authorize.statusCode !== 200) throw new Error(`authorize: ${authorize.statusCode} ${authorize.body}`)
  const page = new URL(authorize.json().result.url as string, 'http://127.0.0.1')
  const form = new URLSearchParams(page.searchParams)
  form.set('email', email)
  form.set('name', 'Sandbox Reader')
  form.set('decision', 'allow')
  const consent = await t.app.inject({
    method: 'POST',
    url: page.pathname.replace(/authorize$/, 'consent'),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  })
  if (consent.statusCode !== 303) throw new Error(`consent: ${consent.statusCode} ${consent.body}`)
  const back = new URL(String(consent.headers.location))
  return { code: String(back.searchParams.get('code')), state: String(back.searchParams.get('state')), cookies: cookiesOf(authorize) }
}

/** A one-time adult verification code for a member (the sandbox checks a typed birthday). */
export async function certificationCode(w: World, caller: Caller): Promise<string> {
  const { t } = w
  const init = await callAs(t, caller, endpoints.certificationInit)
  if (init.statusCode !== 200) throw new Error(`certification init: ${init.statusCode} ${init.body}`)
  const { iaSystemUrl } = init.json().result as { iaSystemUrl: string }
  const done = await t.app.inject({
    method: 'POST',
    url: iaSystemUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'birthday=1990-01-01&decision=verify',
  })
  const code = new URL(String(done.headers.location), 'http://127.0.0.1').searchParams.get('code')
  if (!code) throw new Error(`certification: ${done.statusCode} ${done.body}`)
  return code
}

export interface Order {
  serviceOrderId: string
  orderId: string
}

/** A PayPal order the caller reserved, approved by the buyer in the sandbox unless told otherwise. */
export async function paypalOrder(w: World, caller: Caller, approve = true): Promise<Order> {
  const { t } = w
  const reserved = await callAs(t, caller, endpoints.paymentReserve, { params: { method: 'paypal' }, body: { productSeq: String(w.products.usd) } })
  if (reserved.statusCode !== 200) throw new Error(`reserve: ${reserved.statusCode} ${reserved.body}`)
  const order = reserved.json().result as Order
  w.ownerSecrets.push(order.serviceOrderId)
  if (approve)
    await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payments/paypal/v2/checkout/orders/${order.orderId}/approve`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
  return order
}

/** A carrier billing order the caller reserved and approved on the sandbox payment page. */
export async function carrierOrder(w: World, caller: Caller): Promise<string> {
  const { t } = w
  const reserved = await callAs(t, caller, endpoints.carrierReserve, {
    params: { carrier: 'softbank' },
    locale: 'ja',
    body: { productSeq: String(w.products.jpy) },
  })
  if (reserved.statusCode !== 200) throw new Error(`carrier reserve: ${reserved.statusCode} ${reserved.body}`)
  const { serviceOrderId, redirectUrl } = reserved.json().result as { serviceOrderId: string; redirectUrl: string }
  w.ownerSecrets.push(serviceOrderId)
  await t.app.inject({ method: 'POST', url: `${new URL(redirectUrl, 'http://127.0.0.1').pathname}/approve` })
  return serviceOrderId
}

/** A card order the caller reserved (its transaction token). */
export async function creditOrder(w: World, caller: Caller): Promise<string> {
  const reserved = await callAs(w.t, caller, endpoints.creditReserve, {
    locale: 'ja',
    body: { productSeq: String(w.products.jpy), mdkToken: 'reserve-only' },
  })
  if (reserved.statusCode !== 200) throw new Error(`credit reserve: ${reserved.statusCode} ${reserved.body}`)
  const { transactionToken } = reserved.json().result as { transactionToken: string }
  w.ownerSecrets.push(transactionToken)
  return transactionToken
}
