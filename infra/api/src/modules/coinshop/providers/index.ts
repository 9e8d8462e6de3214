import type { AppDeps } from '../../../deps'
import { livePaypal } from './paypal'
import { sandboxCard, sandboxPaypal, sandboxRedirect } from './sandbox'
import type { ApiMetrics, PaypalOutcome } from '../../../metrics/metrics'
import type { PaymentProviders, PaypalProvider } from './types'

export type { CaptureOutcome, CardProvider, PaymentProviders, PaypalProvider, RedirectProvider } from './types'

const cache = new WeakMap<AppDeps, PaymentProviders>()

/**
 * The local sandboxes take no money: in production (NODE_ENV=production) they are off unless
 * KOMA_SANDBOX_PAYMENTS=1 says otherwise (config.sandboxes.payments), so a live site never hands
 * out coins for a sandbox "payment".
 */
export function sandboxAllowed(deps: AppDeps): boolean {
  return deps.config.sandboxes.payments
}

/**
 * The payment providers for this API: PayPal's own when KOMA_PAYPAL_CLIENT_ID and
 * KOMA_PAYPAL_CLIENT_SECRET are set (KOMA_PAYPAL_ENV=production for live, sandbox otherwise),
 * else the local sandbox; the card service and the redirect payments are the local sandboxes.
 */
export function paymentProviders(deps: AppDeps, env: NodeJS.ProcessEnv = process.env): PaymentProviders {
  const known = cache.get(deps)
  if (known) return known
  const clientId = env.KOMA_PAYPAL_CLIENT_ID
  const clientSecret = env.KOMA_PAYPAL_CLIENT_SECRET
  const providers: PaymentProviders = {
    paypal: countedPaypal(
      clientId && clientSecret
        ? livePaypal({ clientId, clientSecret, environment: env.KOMA_PAYPAL_ENV === 'production' ? 'production' : 'sandbox' })
        : sandboxPaypal(deps),
      deps.metrics,
    ),
    card: sandboxCard(deps),
    redirect: sandboxRedirect(deps),
  }
  cache.set(deps, providers)
  return providers
}

/** PayPal's calls counted by outcome (koma_api_paypal_calls_total): created, completed, declined, pending or error. */
export function countedPaypal(provider: PaypalProvider, metrics: ApiMetrics | undefined): PaypalProvider {
  if (!metrics) return provider
  const count = async <T>(call: 'create_order' | 'capture_order', work: () => Promise<T>, outcome: (value: T) => PaypalOutcome): Promise<T> => {
    try {
      const value = await work()
      metrics.paypalCalls.inc({ call, outcome: outcome(value) })
      return value
    } catch (error) {
      metrics.paypalCalls.inc({ call, outcome: 'error' })
      throw error
    }
  }
  return {
    name: provider.name,
    clientConfig: () => provider.clientConfig(),
    createOrder: (input) =>
      count(
        'create_order',
        () => provider.createOrder(input),
        () => 'created',
      ),
    captureOrder: (orderId, reference) =>
      count(
        'capture_order',
        () => provider.captureOrder(orderId, reference),
        (outcome) => outcome.status.toLowerCase() as PaypalOutcome,
      ),
  }
}
