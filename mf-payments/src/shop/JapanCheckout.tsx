import {
  FONT_SIZES,
  api,
  ApiError,
  COLORS,
  endpoints,
  openDialog,
  Spinner,
  useLocale,
  useLocalePath,
  useT,
  type CallFailure,
  type CardFields,
  type CardFlowEvent,
  type CardFlowState,
  type JapanMethod,
  type PurchaseInfo,
  type SavedCard,
} from '@koma/contracts'
import {
  cardExpiry,
  cardFlowBusy,
  cardPaymentTransition,
  creditPaymentBody,
  formatPrice,
  initialCardFlow,
  isCarrier,
  paymentMethodsFor,
} from '@koma/contracts/domain'
import { invalidate, useResource } from '../cache'
import { cardFormSchema, validate } from '@koma/contracts/validation'
import { Suspense, useRef, useState, type ReactNode } from 'react'
import { checkoutMessages } from '../i18n/messages'
import { NewCardFields } from './cardFields'
import type { CheckoutProps } from './checkout'
import { failureMessage, SHOP_SUPPRESS } from './completion'

const METHOD_LABELS = {
  credit: checkoutMessages.methodCredit,
  softbank: checkoutMessages.methodSoftbank,
  au: checkoutMessages.methodAu,
  docomo: checkoutMessages.methodDocomo,
  paypay: checkoutMessages.methodPaypay,
} as const

const primary = {
  width: '100%',
  padding: 14,
  border: 0,
  borderRadius: 10,
  background: COLORS.brand,
  color: COLORS.onBrand,
  fontWeight: 700,
  fontSize: FONT_SIZES.size60,
  cursor: 'pointer',
  ':disabled': { opacity: 0.6, cursor: 'default' },
} as const

/**
 * Japanese checkout (SPEC §3 methods): credit card (SPEC §5 form, tokenised by the card token
 * service so the number never reaches our API; saved cards), carrier billing and PayPay through
 * the provider's page and back to the result routes.
 */
export function JapanCheckout({ product, onSuccess, onFailure }: CheckoutProps) {
  const t = useT()
  const { locale } = useLocale()
  const [method, setMethod] = useState<JapanMethod>('credit')
  const methods = paymentMethodsFor(locale) as readonly JapanMethod[]
  return (
    <div>
      <h2 css={{ fontSize: FONT_SIZES.size60, margin: '0 0 12px' }}>{t(checkoutMessages.paymentMethod)}</h2>
      <button
        type="button"
        data-testid="payment-method"
        data-method={method}
        onClick={async () => {
          const code = await openDialog('paymentMethod', {
            title: t(checkoutMessages.paymentMethod),
            methods: methods.map((item) => ({ code: item, typeName: t(METHOD_LABELS[item]) })),
          })
          const chosen = methods.find((item) => item === code)
          if (chosen) setMethod(chosen)
        }}
        css={{
          width: '100%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
          padding: '14px 16px',
          marginBottom: 18,
          borderRadius: 12,
          border: `1.5px solid ${COLORS.line}`,
          background: COLORS.surface,
          color: COLORS.text,
          fontSize: 15,
          fontWeight: 700,
          cursor: 'pointer',
          textAlign: 'left',
        }}
      >
        <span>{t(METHOD_LABELS[method])}</span>
        <span css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted, textDecoration: 'underline' }}>{t(checkoutMessages.changeMethod)}</span>
      </button>
      {method === 'credit' ? (
        <Suspense fallback={<Spinner minHeight={160} />}>
          <CardCheckout product={product} onSuccess={onSuccess} onFailure={onFailure} />
        </Suspense>
      ) : (
        <RedirectCheckout product={product} method={method} />
      )}
    </div>
  )
}

function RedirectCheckout({ product, method }: { product: CheckoutProps['product']; method: Exclude<JapanMethod, 'credit'> }) {
  const t = useT()
  const { locale } = useLocale()
  const localePath = useLocalePath()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const go = async () => {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      const body = { productSeq: String(product.seq), nextUrl: localePath('/coinpurchase/result') }
      const reserved = isCarrier(method)
        ? await api.request(endpoints.carrierReserve, { params: { carrier: method }, body, policy: { suppress: SHOP_SUPPRESS } })
        : await api.request(endpoints.paypayReserve, { body, policy: { suppress: SHOP_SUPPRESS } })
      if (reserved.redirectUrl) window.location.assign(reserved.redirectUrl)
    } catch (thrown) {
      setError(failureMessage(thrown) ?? t(checkoutMessages.cardDialogError))
      setBusy(false)
    }
  }
  return (
    <div>
      <p css={{ fontSize: FONT_SIZES.size50, color: COLORS.textMuted, margin: '0 0 14px' }}>{t(checkoutMessages.redirectNote)}</p>
      {error ? <Alert>{error}</Alert> : null}
      <button type="button" data-testid="redirect-pay" disabled={busy} onClick={go} css={primary}>
        {busy ? t(checkoutMessages.processing) : t(checkoutMessages.goToPayment, { method: t(METHOD_LABELS[method]) })} ·{' '}
        {formatPrice(product.price, 'JPY', locale)}
      </button>
    </div>
  )
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" data-testid="card-error" css={{ color: COLORS.danger, fontSize: FONT_SIZES.size40, fontWeight: 700, margin: '0 0 12px' }}>
      {children}
    </p>
  )
}

/** Tokenise at the card token service (called directly: the card never goes to our API). */
async function tokenise(fields: CardFields, locale: string): Promise<{ token: string } | { error: string }> {
  const { tokenApiKey, tokenUrl } = await api.request(endpoints.cardTokenApiKey)
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: fields.number,
      card_expire: cardExpiry(fields.month, fields.year),
      security_code: fields.securityCode,
      cardholder_name: fields.name.trim(),
      token_api_key: tokenApiKey,
      lang: locale === 'ja' ? 'ja' : 'en',
    }),
  })
  const data = (await response.json().catch(() => ({}))) as { token?: string; message?: string }
  if (!response.ok || !data.token) return { error: data.message ?? '' }
  return { token: data.token }
}

const callFailure = (thrown: unknown): CallFailure => ({
  status: thrown instanceof ApiError ? thrown.status : null,
  message: failureMessage(thrown) ?? null,
})

/**
 * The card form, driven by the card payment state machine (`cardPaymentTransition`, in the
 * contracts' domain): this component renders the state and performs the one call each working
 * phase names, then sends back what came of it.
 */
function CardCheckout({ product, onSuccess, onFailure }: CheckoutProps) {
  const t = useT()
  const { locale } = useLocale()
  const { cardInfo: initialCards, emailOnFile } = useResource('coin-cardinfo', () => api.request(endpoints.cardInfo))
  const [state, setState] = useState(() => initialCardFlow(initialCards))
  // The latest state, read synchronously between the steps of one sequence.
  const latest = useRef(state)
  const send = (event: CardFlowEvent<SavedCard>): CardFlowState<SavedCard> => {
    const next = cardPaymentTransition(latest.current, event)
    latest.current = next
    setState(next)
    return next
  }
  const { cards, choice, fields } = state
  const busy = cardFlowBusy(state)

  const firstError = (): string | null =>
    validate(cardFormSchema, { ...latest.current.fields, email: emailOnFile ? undefined : latest.current.fields.email }, locale, {
      needsEmail: !emailOnFile,
    }).errors[0]?.message ?? null

  /** One call for the phase the machine is in; null when nothing is to be done. */
  const perform = async (current: CardFlowState<SavedCard>, paid: (info: PurchaseInfo) => void): Promise<CardFlowEvent<SavedCard> | null> => {
    const { phase } = current
    try {
      switch (phase.name) {
        case 'tokenising': {
          const tokenised = await tokenise(current.fields, locale)
          return 'error' in tokenised ? { type: 'tokenRefused', message: tokenised.error } : { type: 'tokenised', token: tokenised.token }
        }
        case 'paying': {
          const body = creditPaymentBody(product.seq, phase.payment, !emailOnFile && current.fields.email ? current.fields.email : null)
          const reserved = await api.request(endpoints.creditReserve, { body, policy: { suppress: SHOP_SUPPRESS } })
          paid(
            await api.request(endpoints.creditExecute, {
              body: { ...body, transactionToken: reserved.transactionToken },
              policy: { suppress: SHOP_SUPPRESS },
            }),
          )
          return { type: 'paid' }
        }
        case 'registering': {
          const result = await api.request(endpoints.cardRegister, {
            body: { mdkToken: phase.mdkToken, securityCode: current.fields.securityCode },
            policy: { suppress: SHOP_SUPPRESS },
          })
          return { type: 'registeredCards', cards: result.cardInfo }
        }
        default:
          return null
      }
    } catch (thrown) {
      return { type: 'callFailed', failure: callFailure(thrown) }
    }
  }

  /** Send a user event, then run the calls the machine asks for until it rests; report the outcome. */
  const drive = async (event: CardFlowEvent<SavedCard>) => {
    let current = latest.current
    let next = send(event)
    let info: PurchaseInfo | null = null
    while (next !== current) {
      current = next
      const result = await perform(current, (paid) => (info = paid))
      if (!result) break
      next = send(result)
    }
    const rest = latest.current
    if (rest.phase.name === 'paid' && info) {
      invalidate('coin-cardinfo')
      onSuccess(info)
    } else if (rest.phase.name === 'declined') onFailure(rest.phase.message ?? undefined)
    else if (event.type === 'register' && rest.registered) invalidate('coin-cardinfo')
  }

  const remove = async (card: SavedCard) => {
    const sure = await openDialog('confirm', { message: t(checkoutMessages.deleteCardConfirm, { last4: card.last4 }) })
    if (!sure) return
    const result = await api.request(endpoints.cardDelete, { body: { cardId: String(card.cardId) } })
    send({ type: 'cardsChanged', cards: result.cardInfo })
    invalidate('coin-cardinfo')
  }

  const error = state.error === 'standard' ? t(checkoutMessages.cardDialogError) : (state.error?.text ?? null)

  return (
    <form
      data-testid="card-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void drive({ type: 'submit', problem: firstError() })
      }}
    >
      {cards.length > 0 ? (
        <fieldset css={{ border: 0, padding: 0, margin: '0 0 16px' }}>
          <legend css={{ fontSize: FONT_SIZES.size50, fontWeight: 700, marginBottom: 8, padding: 0 }}>{t(checkoutMessages.savedCards)}</legend>
          {cards.map((card) => (
            <div
              key={card.cardId}
              data-testid="saved-card"
              css={{
                display: 'flex',
                alignItems: 'center',
                gap: 10,
                padding: '10px 12px',
                border: `1.5px solid ${choice === card.cardId ? COLORS.brand : COLORS.line}`,
                borderRadius: 10,
                marginBottom: 8,
              }}
            >
              <label css={{ display: 'flex', alignItems: 'center', gap: 10, flex: 1, fontSize: FONT_SIZES.size50, cursor: 'pointer' }}>
                <input type="radio" name="card" checked={choice === card.cardId} onChange={() => send({ type: 'choose', choice: card.cardId })} />
                {t(checkoutMessages.savedCardLabel, { brand: card.brand, last4: card.last4, expiry: card.expiry })}
              </label>
              <button
                type="button"
                onClick={() => void remove(card)}
                css={{
                  border: 0,
                  background: 'transparent',
                  color: COLORS.textMuted,
                  fontSize: FONT_SIZES.size40,
                  textDecoration: 'underline',
                  cursor: 'pointer',
                }}
              >
                {t(checkoutMessages.deleteCard)}
              </button>
            </div>
          ))}
          <label css={{ display: 'flex', alignItems: 'center', gap: 10, padding: '10px 12px', fontSize: FONT_SIZES.size50, cursor: 'pointer' }}>
            <input type="radio" name="card" checked={choice === 'new'} onChange={() => send({ type: 'choose', choice: 'new' })} data-testid="use-new-card" />
            {t(checkoutMessages.useNewCard)}
          </label>
        </fieldset>
      ) : null}
      {choice === 'new' ? <NewCardFields fields={fields} emailOnFile={Boolean(emailOnFile)} send={send} /> : null}
      {error ? <Alert>{error}</Alert> : null}
      {state.registered ? (
        <p role="status" css={{ color: COLORS.free, fontSize: FONT_SIZES.size40, fontWeight: 700, margin: '0 0 12px' }}>
          {t(checkoutMessages.cardRegistered)}
        </p>
      ) : null}
      <button type="submit" data-testid="card-pay" disabled={busy} css={primary}>
        {busy ? t(checkoutMessages.processing) : t(checkoutMessages.payWith, { price: formatPrice(product.price, 'JPY', locale) })}
      </button>
      {choice === 'new' ? (
        <button
          type="button"
          data-testid="card-register"
          disabled={busy}
          onClick={() => void drive({ type: 'register', problem: firstError() })}
          css={{
            display: 'block',
            margin: '12px auto 0',
            border: 0,
            background: 'transparent',
            color: COLORS.text,
            fontWeight: 700,
            fontSize: FONT_SIZES.size50,
            textDecoration: 'underline',
            cursor: 'pointer',
          }}
        >
          {t(checkoutMessages.registerCard)}
        </button>
      ) : null}
    </form>
  )
}
