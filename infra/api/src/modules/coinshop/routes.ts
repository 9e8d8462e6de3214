import {
  endpoints,
  isCarrier,
  isGlobalMethod,
  isPurchaseReturnPath,
  paymentMethodsFor,
  prefixForLocale,
  splitLocalePrefix,
  withLocalePrefix,
  text,
  type Locale,
  type PaymentMethod,
  type SavedCard,
} from '@koma/contracts/server'
import { creditPurchaseSchema } from '@koma/contracts/validation'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { type HttpError } from '../../http/errors'
import { apiError } from '../../http/errorCatalogue'
import { route } from '../../http/route'
import { checked } from '../../http/checked'
import { requireFullMember } from '../member/guest'
import { paymentProviders, sandboxAllowed } from './providers'
import * as queries from './queries'
import { registerPaymentSandboxRoutes } from './sandboxRoutes'
import { cancelOrder, finishOrder, memberOrder, reserveOrder, setProviderOrder } from './service'

const field = (name: string): HttpError => apiError('invalidParameter', { field: name })

function productSeqOf(value: unknown): number {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) throw field('productSeq')
  return Number(value)
}

/** Only the methods of the reader's language (SPEC §3 payment method options). */
function allowedMethod(method: string, locale: Locale): PaymentMethod {
  const methods = paymentMethodsFor(locale) as readonly string[]
  if (!methods.includes(method)) throw apiError('paymentMethodUnavailable')
  return method as PaymentMethod
}

/** Where a redirect provider sends the reader back: our result routes under the reader's locale prefix. */
function returnUrls(nextUrl: unknown, locale: Locale, serviceOrderId: string, method: string) {
  // The return page keeps the language the reader paid in: nextUrl's prefix when it is one of ours.
  const prefix = typeof nextUrl === 'string' && isPurchaseReturnPath(nextUrl) ? splitLocalePrefix(nextUrl).prefix : prefixForLocale(locale)
  const query = `serviceOrderId=${encodeURIComponent(serviceOrderId)}&method=${encodeURIComponent(method)}`
  return {
    returnUrl: `${withLocalePrefix('/coinpurchase/result', prefix)}?${query}`,
    cancelUrl: `${withLocalePrefix('/coinpurchase/result/cancel', prefix)}?${query}`,
  }
}

async function savedCards(deps: AppDeps, memberId: number): Promise<SavedCard[]> {
  const rows = await queries.savedCardsOf(deps.db, memberId)
  return rows.map((row) => ({ cardId: Number(row.id), brand: row.brand, last4: row.last4, expiry: row.expiry, holderName: row.holder_name }))
}

const hasEmail = (deps: AppDeps, memberId: number): Promise<boolean> => queries.memberHasEmail(deps.db, memberId)

/** Coin shop: orders and the payment methods of SPEC §7 (issue 6b). */
export function registerCoinShopRoutes(app: FastifyInstance, deps: AppDeps): void {
  const sandboxOn = sandboxAllowed(deps)
  /** The providers, refusing a sandbox one where sandboxes are off (production). */
  const providers = () => {
    const all = paymentProviders(deps)
    const usable = <P extends { name: string }>(provider: P): P => {
      if (provider.name === 'sandbox' && !sandboxOn) throw apiError('paymentMethodUnavailable')
      return provider
    }
    return {
      get paypal() {
        return usable(all.paypal)
      },
      get card() {
        return usable(all.card)
      },
      get redirect() {
        return usable(all.redirect)
      },
    }
  }
  if (sandboxOn) registerPaymentSandboxRoutes(app, deps)

  /** A provider that cannot start the payment: the order fails (never left reserved) with a clear message. */
  async function providerCall<T>(serviceOrderId: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      app.log.warn({ err: error, serviceOrderId }, 'payment provider could not start the payment')
      await queries.failReservedOrder(deps.db, serviceOrderId, 'PROVIDER_UNAVAILABLE', deps.clock.now())
      throw apiError('paymentProviderFailed')
    }
  }

  route(app, deps, endpoints.paypalClientConfig, async ({ params, req, reply }) => {
    await requireFullMember(deps, req)
    if (!isGlobalMethod(params.method)) throw apiError('notFound')
    reply.header('cache-control', 'no-store')
    return providers().paypal.clientConfig()
  })

  // PayPal buttons and PayPal card fields: the SDK's createOrder.
  route(app, deps, endpoints.paymentReserve, async ({ params, body, req, locale }) => {
    const member = await requireFullMember(deps, req)
    const method = allowedMethod(params.method, locale)
    const productSeq = productSeqOf(body.productSeq)
    if (!isGlobalMethod(method)) throw apiError('paymentMethodUnavailable')
    const paypal = providers().paypal
    const order = await reserveOrder(deps, member.memberId, method, productSeq, paypal.name)
    const { orderId } = await providerCall(order.service_order_id, () =>
      paypal.createOrder({
        reference: order.service_order_id,
        amountCents: order.price,
        description: text('coinPackDescription', locale, { count: order.purchased_amount }),
      }),
    )
    await setProviderOrder(deps, order.service_order_id, orderId)
    return { serviceOrderId: order.service_order_id, orderId, redirectUrl: null }
  })

  // The SDK's onApprove: capture at PayPal, then finish.
  route(app, deps, endpoints.paymentExecute, async ({ body, req }) => {
    const member = await requireFullMember(deps, req)
    const order = await memberOrder(deps, member.memberId, body.serviceOrderId)
    const orderId = typeof body.orderId === 'string' && body.orderId ? body.orderId : body.token
    if (!isGlobalMethod(order.method) || !orderId || orderId !== order.provider_order_id) throw field('orderId')
    return finishOrder(deps, order, () => providers().paypal.captureOrder(orderId, order.service_order_id))
  })

  // The return page of any method: finish with what the provider says (reloads credit nothing more).
  route(app, deps, endpoints.paymentResultFinish, async ({ body, req }) => {
    const member = await requireFullMember(deps, req)
    const order = await memberOrder(deps, member.memberId, body.serviceOrderId)
    return finishOrder(deps, order, async () => {
      if (!order.provider_order_id) return { status: 'PENDING' as const }
      if (isGlobalMethod(order.method)) return providers().paypal.captureOrder(order.provider_order_id, order.service_order_id)
      if (order.method === 'credit') return { status: 'PENDING' as const }
      return providers().redirect.status(order.provider_order_id)
    })
  })

  route(app, deps, endpoints.paymentResultCancel, async ({ body, req }) => {
    const member = await requireFullMember(deps, req)
    const order = await memberOrder(deps, member.memberId, body.serviceOrderId)
    const state = await cancelOrder(deps, order)
    if (state === 'reserved') throw apiError('purchaseInProgress')
    return { serviceOrderId: order.service_order_id, state }
  })

  // Japanese credit card: token service, saved cards, reserve + execute.
  route(app, deps, endpoints.cardTokenApiKey, async ({ req, reply }) => {
    await requireFullMember(deps, req)
    reply.header('cache-control', 'no-store')
    return providers().card.tokenApi()
  })

  route(app, deps, endpoints.cardInfo, async ({ req, reply }) => {
    const member = await requireFullMember(deps, req)
    reply.header('cache-control', 'no-store')
    return { cardInfo: await savedCards(deps, member.memberId), emailOnFile: await hasEmail(deps, member.memberId) }
  })

  route(app, deps, endpoints.cardRegister, async ({ body, req }) => {
    const member = await requireFullMember(deps, req)
    if (typeof body.mdkToken !== 'string' || !body.mdkToken || body.mdkToken.length > 200) throw field('mdkToken')
    if (typeof body.securityCode !== 'string' || !/^[0-9]{3}$/.test(body.securityCode)) throw field('securityCode')
    const card = await providers().card.registerCard(body.mdkToken, body.securityCode)
    if (!card) throw apiError('invalidCardDetails')
    await queries.saveCard(deps.db, member.memberId, providers().card.name, card, deps.clock.now())
    return { cardInfo: await savedCards(deps, member.memberId) }
  })

  route(app, deps, endpoints.cardDelete, async ({ body, req }) => {
    const member = await requireFullMember(deps, req)
    if (typeof body.cardId !== 'string' || !/^[1-9][0-9]{0,15}$/.test(body.cardId)) throw field('cardId')
    const deleted = await queries.deleteSavedCard(deps.db, member.memberId, Number(body.cardId), deps.clock.now())
    if (!deleted) throw apiError('cardNotFound')
    await providers().card.deleteCard(deleted.provider_card_id)
    return { cardInfo: await savedCards(deps, member.memberId) }
  })

  route(app, deps, endpoints.creditReserve, async ({ body, req, locale }) => {
    const member = await requireFullMember(deps, req)
    allowedMethod('credit', locale)
    const input = checked(creditPurchaseSchema, body, locale, { needsEmail: !(await hasEmail(deps, member.memberId)) }) as { productSeq: number }
    const order = await reserveOrder(deps, member.memberId, 'credit', input.productSeq, providers().card.name)
    return { serviceOrderId: order.service_order_id, transactionToken: order.service_order_id }
  })

  route(app, deps, endpoints.creditExecute, async ({ body, req, locale }) => {
    const member = await requireFullMember(deps, req)
    const order = await memberOrder(deps, member.memberId, body.transactionToken)
    if (order.method !== 'credit') throw field('transactionToken')
    const input = checked(creditPurchaseSchema, { ...body, transactionToken: undefined }, locale, { needsEmail: false }) as {
      productSeq: number
      mdkToken?: string
      cardId?: number
      save: boolean
    }
    if (input.productSeq !== Number(order.product_seq)) throw field('productSeq')
    if (order.state !== 'reserved') return finishOrder(deps, order, async () => ({ status: 'PENDING' as const }))
    const card = providers().card
    let providerCardId: string | undefined
    if (input.cardId !== undefined) {
      const saved = await queries.savedCardOf(deps.db, member.memberId, input.cardId)
      if (!saved) throw apiError('cardNotFound')
      providerCardId = saved.provider_card_id
    } else if (input.save && input.mdkToken) {
      const securityCode = typeof body.securityCode === 'string' ? body.securityCode : ''
      const registered = await card.registerCard(input.mdkToken, securityCode)
      if (!registered) throw apiError('invalidCardDetails')
      await queries.saveCard(deps.db, member.memberId, card.name, registered, deps.clock.now())
      providerCardId = registered.cardId
    }
    return finishOrder(deps, order, async () => {
      const outcome = await card.charge({
        reference: order.service_order_id,
        amountYen: order.price,
        token: providerCardId ? undefined : input.mdkToken,
        cardId: providerCardId,
      })
      if (outcome.status === 'COMPLETED') await setProviderOrder(deps, order.service_order_id, outcome.captureId)
      return outcome
    })
  })

  // Carrier billing and PayPay: reserve → provider page → result redirects.
  route(app, deps, endpoints.carrierReserve, async ({ params, body, req, locale }) => {
    const member = await requireFullMember(deps, req)
    if (!isCarrier(params.carrier)) throw apiError('notFound')
    const method = allowedMethod(params.carrier, locale)
    return startRedirect(deps, member.memberId, method as typeof params.carrier, productSeqOf(body.productSeq), body.nextUrl, locale)
  })

  route(app, deps, endpoints.carrierResult, async ({ params, body, req }) => {
    const member = await requireFullMember(deps, req)
    if (!isCarrier(params.carrier)) throw apiError('notFound')
    const order = await memberOrder(deps, member.memberId, body.serviceOrderId)
    if (order.method !== params.carrier) throw field('serviceOrderId')
    return finishOrder(deps, order, async () =>
      order.provider_order_id ? providers().redirect.status(order.provider_order_id) : { status: 'PENDING' as const },
    )
  })

  route(app, deps, endpoints.paypayReserve, async ({ body, req, locale }) => {
    const member = await requireFullMember(deps, req)
    allowedMethod('paypay', locale)
    return startRedirect(deps, member.memberId, 'paypay', productSeqOf(body.productSeq), body.nextUrl, locale)
  })

  async function startRedirect(
    deps: AppDeps,
    memberId: number,
    method: 'softbank' | 'au' | 'docomo' | 'paypay',
    productSeq: number,
    nextUrl: unknown,
    locale: Locale,
  ) {
    const redirect = providers().redirect
    const order = await reserveOrder(deps, memberId, method, productSeq, redirect.name)
    const urls = returnUrls(nextUrl, locale, order.service_order_id, method)
    const started = await providerCall(order.service_order_id, () =>
      redirect.start({ reference: order.service_order_id, method, amountYen: order.price, ...urls }),
    )
    await setProviderOrder(deps, order.service_order_id, started.orderId)
    return { serviceOrderId: order.service_order_id, orderId: started.orderId, redirectUrl: started.redirectUrl }
  }
}
