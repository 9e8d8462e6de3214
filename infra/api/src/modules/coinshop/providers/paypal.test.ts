import { paymentProviders, sandboxAllowed } from '.'
import { loadConfig } from '../../../config'
import type { AppDeps } from '../../../deps'
import { livePaypal } from './paypal'

/** PayPal's Orders API as the live provider calls it, answered by a fake fetch. */
function fakePaypal() {
  const calls: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = []
  const orders = new Map<string, string>()
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>
    const body = typeof init.body === 'string' && init.body.startsWith('{') ? JSON.parse(init.body) : init.body
    calls.push({ method: init.method ?? 'GET', url, headers, body })
    const json = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/v1/oauth2/token')) return json(200, { access_token: 'A21', expires_in: 32400 })
    if (url.endsWith('/v2/checkout/orders')) {
      orders.set('5O190127TN364715T', 'CREATED')
      return json(201, { id: '5O190127TN364715T', status: 'CREATED' })
    }
    const captured = /\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(url)?.[1]
    if (captured) {
      if (orders.get(captured) === 'COMPLETED') return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] })
      orders.set(captured, 'COMPLETED')
      return json(201, {
        id: captured,
        status: 'COMPLETED',
        purchase_units: [{ payments: { captures: [{ id: '3C679366HH908993F', status: 'COMPLETED' }] } }],
      })
    }
    const read = /\/v2\/checkout\/orders\/([^/]+)$/.exec(url)?.[1]
    if (read)
      return json(200, {
        id: read,
        status: orders.get(read),
        purchase_units: [{ payments: { captures: [{ id: '3C679366HH908993F', status: 'COMPLETED' }] } }],
      })
    return json(404, {})
  }) as typeof fetch
  return { calls, fetchImpl }
}

describe('live PayPal provider', () => {
  it('creates a USD order with the amount in dollars and captures it idempotently', async () => {
    const fake = fakePaypal()
    const paypal = livePaypal({ clientId: 'cid', clientSecret: 'secret', environment: 'sandbox', fetchImpl: fake.fetchImpl })
    expect(paypal.clientConfig()).toEqual({ clientId: 'cid', environment: 'sandbox', sdkBaseUrl: null, currency: 'USD' })
    const { orderId } = await paypal.createOrder({ reference: 'KO1', amountCents: 4999, description: 'Koma 5000 coins' })
    expect(orderId).toBe('5O190127TN364715T')
    const create = fake.calls.find((call) => call.url.endsWith('/v2/checkout/orders'))!
    expect(create.url).toBe('https://api-m.sandbox.paypal.com/v2/checkout/orders')
    expect(create.headers.authorization).toBe('Bearer A21')
    expect(create.headers['paypal-request-id']).toBe('create-KO1')
    expect(create.body).toMatchObject({ intent: 'CAPTURE', purchase_units: [{ reference_id: 'KO1', amount: { currency_code: 'USD', value: '49.99' } }] })
    expect(fake.calls[0]?.headers.authorization).toBe(`Basic ${Buffer.from('cid:secret').toString('base64')}`)
    expect(await paypal.captureOrder(orderId, 'KO1')).toEqual({ status: 'COMPLETED', captureId: '3C679366HH908993F' })
    // Captured already (a reload): PayPal says so, the order is read and reported completed again.
    expect(await paypal.captureOrder(orderId, 'KO1')).toEqual({ status: 'COMPLETED', captureId: '3C679366HH908993F' })
    // One OAuth token for all calls.
    expect(fake.calls.filter((call) => call.url.endsWith('/oauth2/token'))).toHaveLength(1)
  })

  it('is chosen when a client id and secret are configured, the sandbox otherwise', () => {
    const deps = {} as AppDeps
    expect(paymentProviders(deps, {}).paypal.name).toBe('sandbox')
    const configured = paymentProviders({} as AppDeps, { KOMA_PAYPAL_CLIENT_ID: 'cid', KOMA_PAYPAL_CLIENT_SECRET: 's', KOMA_PAYPAL_ENV: 'production' })
    expect(configured.paypal.name).toBe('paypal')
    expect(configured.paypal.clientConfig().environment).toBe('production')
  })

  it('keeps the sandboxes off in production unless KOMA_SANDBOX_PAYMENTS=1', () => {
    const deps = (env: NodeJS.ProcessEnv) => ({ config: loadConfig(env) }) as AppDeps
    expect(sandboxAllowed(deps({ NODE_ENV: 'production' }))).toBe(false)
    expect(sandboxAllowed(deps({ NODE_ENV: 'production', KOMA_SANDBOX_PAYMENTS: '1' }))).toBe(true)
    expect(sandboxAllowed(deps({}))).toBe(true)
  })
})
