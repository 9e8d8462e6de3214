import type { AppDeps } from '../../../deps'
import { livePaypal } from './paypal'
import { sandboxCard, sandboxPaypal, sandboxRedirect } from './sandbox'
import type { PaymentProviders } from './types'

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
    paypal:
      clientId && clientSecret
        ? livePaypal({ clientId, clientSecret, environment: env.KOMA_PAYPAL_ENV === 'production' ? 'production' : 'sandbox' })
        : sandboxPaypal(deps),
    card: sandboxCard(deps),
    redirect: sandboxRedirect(deps),
  }
  cache.set(deps, providers)
  return providers
}
