import { FONT_SIZES, api, COLORS, DialogFrame, endpoints, useLocale, useT } from '@koma/contracts'
import { formatPrice } from '@koma/contracts/domain'
import { useResource } from '../cache'
import {
  PayPalButtons,
  PayPalCardFieldsProvider,
  PayPalCVVField,
  PayPalExpiryField,
  PayPalNameField,
  PayPalNumberField,
  PayPalScriptProvider,
  usePayPalCardFields,
  usePayPalScriptReducer,
  type ReactPayPalScriptOptions,
} from '@paypal/react-paypal-js'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { checkoutMessages } from '../i18n/messages'
import type { CheckoutProps } from './checkout'
import { failureMessage, SHOP_SUPPRESS } from './completion'

/**
 * English and French checkout: PayPal buttons and the PayPal card fields dialog (SPEC §2), with
 * @paypal/react-paypal-js. The SDK comes from where the API says (the local sandbox's stand-in
 * through `sdkBaseUrl`, or PayPal's own); orders are created and captured by our API.
 */
export default function PaypalCheckout({ product, onSuccess, onFailure }: CheckoutProps) {
  const t = useT()
  const { locale } = useLocale()
  const config = useResource('coin-paypal-config', () => api.request(endpoints.paypalClientConfig, { params: { method: 'paypal' } }))
  const options = useMemo<ReactPayPalScriptOptions>(
    () => ({
      clientId: config.clientId,
      currency: config.currency,
      intent: 'capture',
      components: 'buttons,card-fields',
      ...(config.sdkBaseUrl ? { sdkBaseUrl: config.sdkBaseUrl } : { environment: config.environment }),
    }),
    [config],
  )
  const [cardOpen, setCardOpen] = useState(false)
  const orders = useRef(new Map<string, string>())

  const createOrder = async (method: 'paypal' | 'paypal_credit') => {
    const reserved = await api.request(endpoints.paymentReserve, {
      params: { method },
      body: { productSeq: String(product.seq) },
      policy: { suppress: SHOP_SUPPRESS },
    })
    if (!reserved.orderId) throw new Error('no order id')
    orders.current.set(reserved.orderId, reserved.serviceOrderId)
    return reserved.orderId
  }
  const execute = async (orderId: string, payerId?: string | null) => {
    const serviceOrderId = orders.current.get(orderId)
    if (!serviceOrderId) throw new Error('unknown order')
    return api.request(endpoints.paymentExecute, {
      body: { serviceOrderId, token: orderId, orderId, ...(payerId ? { PayerID: payerId } : {}) },
      policy: { suppress: SHOP_SUPPRESS },
    })
  }
  const cancel = (orderId: string | undefined) => {
    const serviceOrderId = orderId ? orders.current.get(orderId) : undefined
    if (serviceOrderId) void api.request(endpoints.paymentResultCancel, { body: { serviceOrderId }, policy: { silent: true } }).catch(() => undefined)
  }

  return (
    <PayPalScriptProvider options={options}>
      <h2 css={{ fontSize: FONT_SIZES.size60, margin: '0 0 12px' }}>{t(checkoutMessages.paymentMethod)}</h2>
      <ScriptState />
      <div data-testid="paypal-buttons" css={{ maxWidth: 420 }}>
        <PayPalButtons
          fundingSource="paypal"
          forceReRender={[product.seq]}
          style={{ shape: 'pill', label: 'paypal', height: 45 }}
          createOrder={() => createOrder('paypal')}
          onApprove={async (data) => {
            try {
              onSuccess(await execute(data.orderID, data.payerID))
            } catch (error) {
              onFailure(failureMessage(error))
            }
          }}
          onCancel={(data) => cancel(typeof data.orderID === 'string' ? data.orderID : undefined)}
          onError={() => onFailure()}
        />
      </div>
      <button
        type="button"
        data-testid="paypal-card-open"
        onClick={() => setCardOpen(true)}
        css={{
          display: 'block',
          width: '100%',
          maxWidth: 420,
          marginTop: 10,
          minHeight: 45,
          border: `1.5px solid ${COLORS.text}`,
          borderRadius: 23,
          background: COLORS.surface,
          color: COLORS.text,
          fontWeight: 700,
          fontSize: 15,
          cursor: 'pointer',
        }}
      >
        {t(checkoutMessages.payByCard)}
      </button>
      {cardOpen ? (
        <CardDialog
          price={formatPrice(product.price, product.currency, locale)}
          onClose={() => setCardOpen(false)}
          createOrder={() => createOrder('paypal_credit')}
          onApprove={async (orderId) => {
            try {
              const info = await execute(orderId)
              setCardOpen(false)
              onSuccess(info)
            } catch (error) {
              setCardOpen(false)
              onFailure(failureMessage(error))
            }
          }}
          onUnavailable={() => {
            setCardOpen(false)
            onFailure()
          }}
        />
      ) : null}
    </PayPalScriptProvider>
  )
}

function ScriptState() {
  const t = useT()
  const [{ isPending, isRejected }] = usePayPalScriptReducer()
  if (isPending) return <p css={{ color: COLORS.textMuted, fontSize: FONT_SIZES.size50 }}>{t(checkoutMessages.paypalLoading)}</p>
  if (isRejected)
    return (
      <p role="alert" css={{ color: COLORS.danger, fontSize: FONT_SIZES.size50 }}>
        {t(checkoutMessages.paypalUnavailable)}
      </p>
    )
  return null
}

/**
 * SPEC §2 PayPal card dialog: the price in USD, card number, expiry MM/YY, CVV, name on card,
 * Pay. SPEC §4: SDK failure or ineligible fields report failure and close; a submit failure
 * shows the card error and stays open.
 */
function CardDialog({
  price,
  onClose,
  createOrder,
  onApprove,
  onUnavailable,
}: {
  price: string
  onClose: () => void
  createOrder: () => Promise<string>
  onApprove: (orderId: string) => Promise<void>
  onUnavailable: () => void
}) {
  const t = useT()
  const id = useId()
  const [{ isRejected }] = usePayPalScriptReducer()
  useEffect(() => {
    if (isRejected) onUnavailable()
  }, [isRejected, onUnavailable])
  const [error, setError] = useState<string | null>(null)
  return (
    <DialogFrame testId="dialog-paypal-card" labelledBy={id} onOutside={onClose} panel={{ maxWidth: 400, borderRadius: 16, padding: '22px 20px 18px' }}>
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 6 }}>
        <h2 id={id} css={{ fontSize: FONT_SIZES.size70, margin: 0 }}>
          {t(checkoutMessages.cardDialogTitle)}
        </h2>
        <button
          type="button"
          aria-label={t(checkoutMessages.close)}
          onClick={onClose}
          css={{ border: 0, background: 'transparent', fontSize: FONT_SIZES.size90, lineHeight: 1, cursor: 'pointer', color: COLORS.textMuted }}
        >
          ×
        </button>
      </div>
      <p data-testid="paypal-card-price" css={{ fontSize: FONT_SIZES.size90, fontWeight: 800, margin: '0 0 16px' }}>
        {price}
      </p>
      <PayPalCardFieldsProvider
        createOrder={createOrder}
        onApprove={(data) => onApprove(data.orderID)}
        onError={() => setError(t(checkoutMessages.cardDialogError))}
        style={{ input: { 'font-size': '16px' } }}
      >
        <PayPalNumberField placeholder={t(checkoutMessages.cardNumber)} />
        <div css={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 10 }}>
          <PayPalExpiryField placeholder={t(checkoutMessages.cardExpiry)} />
          <PayPalCVVField placeholder={t(checkoutMessages.cardCvv)} />
        </div>
        <PayPalNameField placeholder={t(checkoutMessages.cardName)} />
        {error ? (
          <p role="alert" data-testid="paypal-card-error" css={{ color: COLORS.danger, fontSize: FONT_SIZES.size40, margin: '4px 0 0' }}>
            {error}
          </p>
        ) : null}
        <SubmitCard
          label={t(checkoutMessages.cardDialogPay)}
          busyLabel={t(checkoutMessages.processing)}
          onError={() => setError(t(checkoutMessages.cardDialogError))}
          onStart={() => setError(null)}
        />
      </PayPalCardFieldsProvider>
    </DialogFrame>
  )
}

function SubmitCard({ label, busyLabel, onError, onStart }: { label: string; busyLabel: string; onError: () => void; onStart: () => void }) {
  const { cardFieldsForm } = usePayPalCardFields()
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      data-testid="paypal-card-pay"
      disabled={!cardFieldsForm || busy}
      onClick={async () => {
        if (!cardFieldsForm || busy) return
        onStart()
        setBusy(true)
        try {
          await cardFieldsForm.submit()
        } catch {
          onError()
        } finally {
          setBusy(false)
        }
      }}
      css={{
        width: '100%',
        marginTop: 14,
        padding: 13,
        border: 0,
        borderRadius: 10,
        background: COLORS.brand,
        color: COLORS.onBrand,
        fontWeight: 700,
        fontSize: 15,
        cursor: 'pointer',
        ':disabled': { opacity: 0.6, cursor: 'default' },
      }}
    >
      {busy ? busyLabel : label}
    </button>
  )
}
