import type { CaptureOutcome, PaypalProvider } from './types'

/**
 * PayPal's own Orders API v2 (https://api-m.sandbox.paypal.com or https://api-m.paypal.com),
 * used when KOMA_PAYPAL_CLIENT_ID and KOMA_PAYPAL_CLIENT_SECRET are set. The browser loads
 * PayPal's JS SDK from PayPal with the same client id.
 */
export function livePaypal(options: {
  clientId: string
  clientSecret: string
  environment: 'sandbox' | 'production'
  fetchImpl?: typeof fetch
}): PaypalProvider {
  const base = options.environment === 'production' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com'
  const doFetch = options.fetchImpl ?? fetch
  let cached: { token: string; until: number } | null = null

  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token
    const response = await doFetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    if (!response.ok) throw new Error(`PayPal OAuth failed: ${response.status}`)
    const data = (await response.json()) as { access_token: string; expires_in: number }
    cached = { token: data.access_token, until: Date.now() + Math.max(60, data.expires_in - 60) * 1000 }
    return data.access_token
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    requestId: string | null,
    body?: unknown,
  ): Promise<{ status: number; data: Record<string, unknown> }> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    }
    if (requestId) headers['paypal-request-id'] = requestId
    const response = await doFetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>
    return { status: response.status, data }
  }

  const captureStatus = (data: Record<string, unknown>): CaptureOutcome => {
    const units = (data.purchase_units ?? []) as { payments?: { captures?: { id: string; status: string }[] } }[]
    const capture = units[0]?.payments?.captures?.[0]
    if (data.status === 'COMPLETED' && capture?.status === 'COMPLETED') return { status: 'COMPLETED', captureId: capture.id }
    if (capture && (capture.status === 'DECLINED' || capture.status === 'FAILED')) return { status: 'DECLINED', reason: capture.status }
    if (capture?.status === 'PENDING') return { status: 'PENDING' }
    return data.status === 'COMPLETED' ? { status: 'COMPLETED', captureId: String(capture?.id ?? data.id) } : { status: 'PENDING' }
  }

  return {
    name: 'paypal',
    clientConfig: () => ({ clientId: options.clientId, environment: options.environment, sdkBaseUrl: null, currency: 'USD' }),
    async createOrder({ reference, amountCents, description }) {
      const { status, data } = await call('POST', '/v2/checkout/orders', `create-${reference}`, {
        intent: 'CAPTURE',
        purchase_units: [
          { reference_id: reference, custom_id: reference, description, amount: { currency_code: 'USD', value: (amountCents / 100).toFixed(2) } },
        ],
      })
      if (status >= 300 || typeof data.id !== 'string') throw new Error(`PayPal create order failed: ${status}`)
      return { orderId: data.id }
    },
    async captureOrder(orderId, reference) {
      const captured = await call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, `capture-${reference}`, {})
      if (captured.status < 300) return captureStatus(captured.data)
      const details = (captured.data.details ?? []) as { issue?: string }[]
      const issue = details[0]?.issue ?? String(captured.data.name ?? captured.status)
      if (issue === 'ORDER_ALREADY_CAPTURED') return captureStatus((await call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`, null)).data)
      if (issue === 'ORDER_NOT_APPROVED') return { status: 'PENDING' }
      return { status: 'DECLINED', reason: issue }
    },
  }
}
