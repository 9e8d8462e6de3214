import { randomBytes } from 'node:crypto'
import type { AppDeps } from '../../../deps'
import type { CaptureOutcome, CardDetails, CardProvider, PaypalProvider, RedirectProvider } from './types'

/**
 * The local sandboxes (the default): a stand-in for PayPal's Orders API and JS SDK, a card
 * token service with saved cards, and a redirect payment page for carrier billing and PayPay.
 * They keep their state in sandbox_* tables and approve or decline like the real sandboxes:
 * the test card 4000 0000 0000 0002 is declined when charged, and so is any card whose holder
 * name starts with CCREJECT (PayPal's sandbox convention). They stand for outside services, so
 * they keep real time (clock.realNow()): the faketime debug hook moves our API's clock, not theirs.
 */
export const SANDBOX_BASE = '/api/sandbox/payments'
export const SANDBOX_PAYPAL_CLIENT_ID = 'koma-sandbox-paypal'
export const SANDBOX_TOKEN_API_KEY = 'koma-sandbox-token-key'

const DECLINING_NUMBERS = new Set(['4000000000000002', '4000000000009995'])
const TOKEN_MINUTES = 30

export const sandboxOrderId = (): string => randomBytes(12).toString('hex').toUpperCase().slice(0, 17)

/** Luhn check digit: what a real token service refuses before anything is charged. */
export function luhnValid(number: string): boolean {
  if (!/^[0-9]{12,19}$/.test(number)) return false
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa'
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'Mastercard'
  if (/^35/.test(number)) return 'JCB'
  if (/^3[47]/.test(number)) return 'American Express'
  if (/^3(0|6|8)/.test(number)) return 'Diners Club'
  return 'Card'
}

/** Expiry MM/YY still valid at `now` (cards are good through the end of their month). */
export function expiryValid(expiry: string, now: Date): boolean {
  const match = /^(0[1-9]|1[0-2])\/([0-9]{2})$/.exec(expiry)
  if (!match) return false
  const endOfMonth = Date.UTC(2000 + Number(match[2]), Number(match[1]), 1)
  return endOfMonth > now.getTime()
}

export interface SandboxCardInput {
  number: string
  expiry: string
  securityCode: string
  holderName: string
}

/** Why a card is refused before any charge, or null when it looks like a card. */
export function sandboxCardProblem(card: SandboxCardInput, now: Date): 'number' | 'expiry' | 'securityCode' | 'name' | null {
  if (!luhnValid(card.number)) return 'number'
  if (!expiryValid(card.expiry, now)) return 'expiry'
  if (!/^[0-9]{3,4}$/.test(card.securityCode)) return 'securityCode'
  if (!card.holderName.trim() || card.holderName.length > 60) return 'name'
  return null
}

export const cardDeclines = (card: SandboxCardInput): boolean => DECLINING_NUMBERS.has(card.number) || /^CCREJECT/i.test(card.holderName.trim())

export function sandboxPaypal(deps: AppDeps): PaypalProvider {
  return {
    name: 'sandbox',
    clientConfig: () => ({ clientId: SANDBOX_PAYPAL_CLIENT_ID, environment: 'sandbox', sdkBaseUrl: `${SANDBOX_BASE}/paypal/sdk/js`, currency: 'USD' }),
    async createOrder({ reference, amountCents }) {
      const existing = await deps.db
        .selectFrom('sandbox_payment_orders')
        .select('id')
        .where('kind', '=', 'paypal')
        .where('reference', '=', reference)
        .executeTakeFirst()
      if (existing) return { orderId: existing.id }
      const now = deps.clock.realNow()
      const id = sandboxOrderId()
      await deps.db
        .insertInto('sandbox_payment_orders')
        .values({ id, kind: 'paypal', method: 'paypal', reference, amount: amountCents, currency: 'USD', status: 'CREATED', created_at: now, updated_at: now })
        .execute()
      return { orderId: id }
    },
    captureOrder: (orderId, reference) => captureSandbox(deps, orderId, reference),
  }
}

async function captureSandbox(deps: AppDeps, orderId: string, reference: string): Promise<CaptureOutcome> {
  const order = await deps.db.selectFrom('sandbox_payment_orders').selectAll().where('id', '=', orderId).executeTakeFirst()
  if (!order || order.reference !== reference) return { status: 'DECLINED', reason: 'RESOURCE_NOT_FOUND' }
  if (order.status === 'COMPLETED') return { status: 'COMPLETED', captureId: `CAP-${order.id}` }
  if (order.status === 'DECLINED') return { status: 'DECLINED', reason: 'INSTRUMENT_DECLINED' }
  if (order.status === 'VOIDED') return { status: 'DECLINED', reason: 'ORDER_VOIDED' }
  if (order.status !== 'APPROVED') return { status: 'PENDING' }
  const status = order.card_declines ? 'DECLINED' : 'COMPLETED'
  const updated = await deps.db
    .updateTable('sandbox_payment_orders')
    .set({ status, updated_at: deps.clock.realNow() })
    .where('id', '=', orderId)
    .where('status', '=', 'APPROVED')
    .returning('status')
    .executeTakeFirst()
  const final =
    updated?.status ?? (await deps.db.selectFrom('sandbox_payment_orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status
  return final === 'COMPLETED' ? { status: 'COMPLETED', captureId: `CAP-${order.id}` } : { status: 'DECLINED', reason: 'INSTRUMENT_DECLINED' }
}

/** The sandbox token service's side: keep the card's details (never the full number) behind a token. */
export async function issueSandboxToken(deps: AppDeps, card: SandboxCardInput): Promise<{ token: string; details: CardDetails }> {
  const now = deps.clock.realNow()
  const token = `tok_${randomBytes(18).toString('hex')}`
  const details: CardDetails = { brand: cardBrand(card.number), last4: card.number.slice(-4), expiry: card.expiry, holderName: card.holderName.trim() }
  await deps.db
    .insertInto('sandbox_card_tokens')
    .values({
      token,
      card_id: null,
      brand: details.brand,
      last4: details.last4,
      expiry: details.expiry,
      holder_name: details.holderName,
      declines: cardDeclines(card),
      expires_at: new Date(now.getTime() + TOKEN_MINUTES * 60_000),
      used_at: null,
      created_at: now,
    })
    .execute()
  return { token, details }
}

export function sandboxCard(deps: AppDeps): CardProvider {
  /** A one-time token, once: unknown, expired or used tokens are refused. */
  const takeToken = async (token: string) => {
    const now = deps.clock.realNow()
    const row = await deps.db
      .updateTable('sandbox_card_tokens')
      .set({ used_at: now })
      .where('token', '=', token)
      .where('used_at', 'is', null)
      .where('card_id', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst()
    return row ?? null
  }
  return {
    name: 'sandbox',
    tokenApi: () => ({ tokenApiKey: SANDBOX_TOKEN_API_KEY, tokenUrl: `${SANDBOX_BASE}/card/v1/tokens` }),
    async charge({ reference, amountYen, token, cardId }) {
      const done = await deps.db
        .selectFrom('sandbox_payment_orders')
        .select(['id', 'status'])
        .where('kind', '=', 'card')
        .where('reference', '=', reference)
        .executeTakeFirst()
      if (done) return done.status === 'COMPLETED' ? { status: 'COMPLETED', captureId: done.id } : { status: 'DECLINED', reason: 'INSTRUMENT_DECLINED' }
      let card: { declines: boolean; last4: string } | null = null
      if (token) card = await takeToken(token)
      else if (cardId)
        card = (await deps.db.selectFrom('sandbox_card_tokens').select(['declines', 'last4']).where('card_id', '=', cardId).executeTakeFirst()) ?? null
      if (!card) return { status: 'DECLINED', reason: 'INVALID_CARD' }
      const now = deps.clock.realNow()
      const id = sandboxOrderId()
      const status = card.declines ? 'DECLINED' : 'COMPLETED'
      await deps.db
        .insertInto('sandbox_payment_orders')
        .values({
          id,
          kind: 'card',
          method: 'credit',
          reference,
          amount: amountYen,
          currency: 'JPY',
          status,
          card_last4: card.last4,
          card_declines: card.declines,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .execute()
      return status === 'COMPLETED' ? { status: 'COMPLETED', captureId: id } : { status: 'DECLINED', reason: 'INSTRUMENT_DECLINED' }
    },
    async registerCard(token, securityCode) {
      if (!/^[0-9]{3,4}$/.test(securityCode)) return null
      const row = await takeToken(token)
      if (!row) return null
      const cardId = `card_${randomBytes(12).toString('hex')}`
      await deps.db.updateTable('sandbox_card_tokens').set({ card_id: cardId }).where('token', '=', token).execute()
      return { cardId, brand: row.brand, last4: row.last4, expiry: row.expiry, holderName: row.holder_name }
    },
    async deleteCard(cardId) {
      await deps.db.deleteFrom('sandbox_card_tokens').where('card_id', '=', cardId).execute()
    },
  }
}

export function sandboxRedirect(deps: AppDeps): RedirectProvider {
  return {
    name: 'sandbox',
    async start({ reference, method, amountYen, returnUrl, cancelUrl }) {
      const now = deps.clock.realNow()
      const id = sandboxOrderId()
      await deps.db
        .insertInto('sandbox_payment_orders')
        .values({
          id,
          kind: 'redirect',
          method,
          reference,
          amount: amountYen,
          currency: 'JPY',
          status: 'CREATED',
          return_url: returnUrl,
          cancel_url: cancelUrl,
          created_at: now,
          updated_at: now,
        })
        .execute()
      return { orderId: id, redirectUrl: `${SANDBOX_BASE}/pay/${id}` }
    },
    async status(orderId) {
      const row = await deps.db
        .selectFrom('sandbox_payment_orders')
        .select(['status'])
        .where('id', '=', orderId)
        .where('kind', '=', 'redirect')
        .executeTakeFirst()
      if (!row) return { status: 'DECLINED', reason: 'RESOURCE_NOT_FOUND' }
      if (row.status === 'COMPLETED') return { status: 'COMPLETED', captureId: orderId }
      if (row.status === 'VOIDED') return { status: 'CANCELLED' }
      if (row.status === 'DECLINED') return { status: 'DECLINED', reason: 'DECLINED' }
      return { status: 'PENDING' }
    },
  }
}
