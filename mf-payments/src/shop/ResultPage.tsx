import { FONT_SIZES, api, ApiError, COLORS, endpoints, hasLocalePrefix, Spinner, useLocalePath, useT, type PurchaseInfo } from '@koma/contracts'
import { isCarrier } from '@koma/contracts/domain'
import { useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { resultMessages } from '../i18n/messages'
import { failureMessage, purchaseFailed, purchaseSucceeded, SHOP_SUPPRESS } from './completion'

type Kind = 'result' | 'cancel' | 'error'

/**
 * The routes a payment provider sends the reader back to (SPEC §2): /coinpurchase/result
 * finishes the order (idempotent: a reload shows the same result and credits nothing more),
 * /coinpurchase/result/cancel cancels it, /coinpurchase/error reports the failure.
 */
function PurchaseReturn({ kind }: { kind: Kind }) {
  const t = useT()
  const navigate = useNavigate()
  const localePath = useLocalePath()
  const [search] = useSearchParams()
  const started = useRef(false)

  useEffect(() => {
    document.title = `${t(resultMessages.pageTitle)} | Koma`
  }, [t])

  useEffect(() => {
    if (started.current) return
    started.current = true
    const go = (path: string) => navigate(hasLocalePrefix(path) ? path : localePath(path), { replace: true })
    const serviceOrderId = search.get('serviceOrderId') ?? ''
    const method = search.get('method') ?? ''
    const run = async () => {
      if (kind === 'error' || !serviceOrderId) return purchaseFailed(go)
      if (kind === 'cancel') {
        await api.request(endpoints.paymentResultCancel, { body: { serviceOrderId }, policy: { suppress: SHOP_SUPPRESS } }).catch(() => undefined)
        return purchaseFailed(go, t(resultMessages.cancelledMessage))
      }
      let info: PurchaseInfo
      try {
        info = isCarrier(method)
          ? await api.request(endpoints.carrierResult, { params: { carrier: method }, body: { serviceOrderId }, policy: { suppress: SHOP_SUPPRESS } })
          : await api.request(endpoints.paymentResultFinish, { body: { serviceOrderId }, policy: { suppress: SHOP_SUPPRESS } })
      } catch (error) {
        if (error instanceof ApiError && !SHOP_SUPPRESS.includes(error.status as (typeof SHOP_SUPPRESS)[number])) return
        return purchaseFailed(go, failureMessage(error))
      }
      return purchaseSucceeded(info, go)
    }
    void run()
  }, [kind, search, navigate, localePath, t])

  return (
    <section
      data-testid={`coin-purchase-${kind}`}
      css={{ maxWidth: 480, margin: '0 auto', padding: '64px 16px', textAlign: 'center', color: COLORS.textMuted }}
    >
      <Spinner />
      <p css={{ fontSize: FONT_SIZES.size50 }}>{t(resultMessages.checking)}</p>
    </section>
  )
}

export function ResultScreen() {
  return <PurchaseReturn kind="result" />
}
export function CancelScreen() {
  return <PurchaseReturn kind="cancel" />
}
export function ErrorScreen() {
  return <PurchaseReturn kind="error" />
}
