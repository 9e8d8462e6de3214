import type { Carrier, PaypalClientConfig } from '@koma/contracts/server'

/**
 * The payment provider interface. Every outside payment service the coin shop uses sits behind
 * one of these; the default implementations are local sandboxes served by this API
 * (./sandbox.ts), the real ones are chosen by configuration (./index.ts).
 */

export type CaptureOutcome = { status: 'COMPLETED'; captureId: string } | { status: 'DECLINED'; reason: string } | { status: 'PENDING' }

/** PayPal (buttons and card fields): the browser's SDK and the server-side Orders API. */
export interface PaypalProvider {
  readonly name: string
  clientConfig(): PaypalClientConfig
  /** Create a USD order for `amountCents` (idempotent on `reference`, our service order id). */
  createOrder(input: { reference: string; amountCents: number; description: string }): Promise<{ orderId: string }>
  /** Capture an approved order (idempotent: an order already captured reports COMPLETED again). */
  captureOrder(orderId: string, reference: string): Promise<CaptureOutcome>
}

export interface CardDetails {
  brand: string
  last4: string
  /** MM/YY */
  expiry: string
  holderName: string
}

/** The Japanese card payment service: its token service for the browser, charges and saved cards. */
export interface CardProvider {
  readonly name: string
  tokenApi(): { tokenApiKey: string; tokenUrl: string }
  /** Charge a one-time token or a saved card (idempotent on `reference`). */
  charge(input: { reference: string; amountYen: number; token?: string; cardId?: string }): Promise<CaptureOutcome>
  /** Keep the card behind a one-time token for later charges; null when the token is unusable. */
  registerCard(token: string, securityCode: string): Promise<(CardDetails & { cardId: string }) | null>
  deleteCard(cardId: string): Promise<void>
}

/** Payments that leave our site and come back (carrier billing, PayPay). */
export interface RedirectProvider {
  readonly name: string
  start(input: {
    reference: string
    method: Carrier | 'paypay'
    amountYen: number
    returnUrl: string
    cancelUrl: string
  }): Promise<{ orderId: string; redirectUrl: string }>
  /** What the provider says about the payment once the reader is back. */
  status(orderId: string): Promise<CaptureOutcome | { status: 'CANCELLED' }>
}

export interface PaymentProviders {
  paypal: PaypalProvider
  card: CardProvider
  redirect: RedirectProvider
}
