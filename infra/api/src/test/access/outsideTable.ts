import { anyone, type Case } from './rules'

/**
 * Routes the API serves outside the endpoint table, each with what every caller gets. The
 * sandboxes stand in for outside services (identity provider, adult verification, PayPal, a card
 * token service, carrier billing): they are called by a browser page or by the API itself, know
 * no Koma session, and answer everyone alike. Production registers them only when opted into
 * (config.sandboxes). A route registered neither in the table nor here fails the matrix.
 */
const json = { 'content-type': 'application/json' }
const form = { 'content-type': 'application/x-www-form-urlencoded' }

export const OUTSIDE_TABLE: Record<string, Case> = {
  'GET /api/health': { name: 'health', request: () => ({ url: '/api/health' }), expect: anyone() },

  // A mailed one-click unsubscribe link (RFC 8058): its signed token is the only key, so a session changes nothing.
  'GET /api/notify/unsubscribe/:token': {
    name: 'an unsubscribe link with a forged token',
    request: () => ({ url: `/api/notify/unsubscribe/1.news.${'A'.repeat(27)}` }),
    expect: anyone(404),
  },
  'POST /api/notify/unsubscribe/:token': {
    name: 'one-click unsubscribe with a forged token',
    request: () => ({ url: `/api/notify/unsubscribe/1.news.${'A'.repeat(27)}`, raw: Buffer.from('List-Unsubscribe=One-Click'), headers: form }),
    expect: anyone(404),
  },

  'GET /api/sandbox/idp/:provider/authorize': {
    name: 'sandbox consent page without a client',
    request: () => ({ url: '/api/sandbox/idp/google/authorize' }),
    expect: anyone(400),
  },
  'POST /api/sandbox/idp/:provider/consent': {
    name: 'sandbox consent without a client',
    request: () => ({ url: '/api/sandbox/idp/google/consent', body: {} }),
    expect: anyone(400),
  },
  'POST /api/sandbox/idp/:provider/token': {
    name: 'sandbox token without a grant',
    request: () => ({ url: '/api/sandbox/idp/google/token', body: {} }),
    expect: anyone(400),
  },
  'GET /api/sandbox/idp/:provider/userinfo': {
    name: 'sandbox user info without a bearer token',
    request: () => ({ url: '/api/sandbox/idp/google/userinfo' }),
    expect: anyone(401),
  },
  'GET /api/sandbox/certification/:tradeId': {
    name: 'an unknown verification',
    request: () => ({ url: '/api/sandbox/certification/nothing-here' }),
    expect: anyone(404),
  },
  'POST /api/sandbox/certification/:tradeId': {
    name: 'answer an unknown verification',
    request: () => ({ url: '/api/sandbox/certification/nothing-here', body: { decision: 'verify' } }),
    expect: anyone(404),
  },

  'GET /api/sandbox/payments/paypal/sdk/js': {
    name: 'the stand-in SDK for another client',
    request: () => ({ url: '/api/sandbox/payments/paypal/sdk/js?client-id=someone-else' }),
    expect: anyone(400),
  },
  'GET /api/sandbox/payments/paypal/v2/checkout/orders/:id': {
    name: 'an unknown PayPal order',
    request: () => ({ url: '/api/sandbox/payments/paypal/v2/checkout/orders/NOPE' }),
    expect: anyone(404),
  },
  'POST /api/sandbox/payments/paypal/v2/checkout/orders/:id/approve': {
    name: 'approve an unknown PayPal order',
    request: () => ({ url: '/api/sandbox/payments/paypal/v2/checkout/orders/NOPE/approve', raw: Buffer.from('{}'), headers: json }),
    expect: anyone(404),
  },
  'POST /api/sandbox/payments/paypal/v2/checkout/orders/:id/confirm-payment-source': {
    name: 'attach a card that is not one',
    request: () => ({
      url: '/api/sandbox/payments/paypal/v2/checkout/orders/NOPE/confirm-payment-source',
      raw: Buffer.from('{"payment_source":{"card":{}}}'),
      headers: json,
    }),
    expect: anyone(422),
  },
  'POST /api/sandbox/payments/card/v1/tokens': {
    name: 'tokenise a card without the key',
    request: () => ({ url: '/api/sandbox/payments/card/v1/tokens', raw: Buffer.from('{}'), headers: json }),
    expect: anyone(401),
  },
  'GET /api/sandbox/payments/pay/:id': {
    name: 'an unknown carrier payment page',
    request: () => ({ url: '/api/sandbox/payments/pay/NOPE' }),
    expect: anyone(404),
  },
  'POST /api/sandbox/payments/pay/:id/approve': {
    name: 'approve an unknown carrier payment',
    request: () => ({ url: '/api/sandbox/payments/pay/NOPE/approve', raw: Buffer.from(''), headers: form }),
    expect: anyone(404),
  },
  'POST /api/sandbox/payments/pay/:id/cancel': {
    name: 'cancel an unknown carrier payment',
    request: () => ({ url: '/api/sandbox/payments/pay/NOPE/cancel', raw: Buffer.from(''), headers: form }),
    expect: anyone(404),
  },
}
