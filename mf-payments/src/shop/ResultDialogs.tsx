import { FONT_SIZES, COLORS, DialogFrame, TIMINGS, useLocale, useT, type DialogComponentProps } from '@koma/contracts'
import { purchaseResultLines } from '@koma/contracts/domain'
import { useId, useState, type ReactNode } from 'react'
import { PaymentsIntl } from '../i18n/PaymentsIntl'
import { resultMessages } from '../i18n/messages'

/** The frame of the purchase dialogs: an alert (one button; an outside click is ignored, SPEC §2). */
function AlertFrame({
  level,
  testId,
  icon,
  title,
  children,
  button,
  onButton,
}: {
  level?: number
  testId: string
  icon: ReactNode
  title: string
  children: ReactNode
  button: string
  onButton: () => void
}) {
  const id = useId()
  return (
    <DialogFrame testId={testId} role="alertdialog" level={level} labelledBy={id} panel={{ borderRadius: 16, padding: '28px 22px 18px', textAlign: 'center' }}>
      <div aria-hidden="true" css={{ display: 'grid', placeItems: 'center', marginBottom: 12 }}>
        {icon}
      </div>
      <h2 id={id} css={{ fontSize: FONT_SIZES.size70, margin: '0 0 12px' }}>
        {title}
      </h2>
      {children}
      <button
        type="button"
        onClick={onButton}
        css={{
          width: '100%',
          marginTop: 20,
          padding: 13,
          border: 0,
          borderRadius: 10,
          background: COLORS.brand,
          color: COLORS.onBrand,
          fontWeight: 700,
          fontSize: 15,
          cursor: 'pointer',
        }}
      >
        {button}
      </button>
    </DialogFrame>
  )
}

const circle = (color: string, path: ReactNode) => (
  <svg width="56" height="56" viewBox="0 0 56 56">
    <circle cx="28" cy="28" r="28" fill={color} />
    {path}
  </svg>
)

function PurchaseResultBody({ purchasedAmount, freeAmount, price, unit, close, level }: DialogComponentProps<'purchaseResult'> & { level?: number }) {
  const t = useT()
  const { locale } = useLocale()
  const lines = purchaseResultLines({ purchasedAmount, freeAmount, price, unit }, locale)
  return (
    <AlertFrame
      level={level}
      testId="dialog-purchase-result"
      icon={circle(COLORS.free, <path d="M17 29l7 7 15-15" stroke={COLORS.onBrand} strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />)}
      title={t(resultMessages.successTitle)}
      button={t(resultMessages.ok)}
      onButton={() => close(undefined)}
    >
      <p data-testid="purchase-result-coins" css={{ fontSize: 22, fontWeight: 800, margin: '0 0 4px' }}>
        {t(resultMessages.coins, { amount: lines.coins })}
      </p>
      {lines.bonus !== null ? (
        <p data-testid="purchase-result-bonus" css={{ fontSize: FONT_SIZES.size50, fontWeight: 700, color: COLORS.brand, margin: '0 0 8px' }}>
          {t(resultMessages.bonus, { amount: new Intl.NumberFormat(locale).format(lines.bonus) })}
        </p>
      ) : null}
      <p data-testid="purchase-result-price" css={{ fontSize: FONT_SIZES.size50, color: COLORS.textMuted, margin: 0 }}>
        {t(resultMessages.price, { price: lines.price })}
      </p>
    </AlertFrame>
  )
}

function PurchaseFailBody({ title, message, close, level }: DialogComponentProps<'purchaseFail'> & { level?: number }) {
  const t = useT()
  return (
    <AlertFrame
      level={level}
      testId="dialog-purchase-fail"
      icon={circle(COLORS.danger, <path d="M28 15v16M28 38v3" stroke={COLORS.onBrand} strokeWidth="4" fill="none" strokeLinecap="round" />)}
      title={title ?? t(resultMessages.failTitle)}
      button={t(resultMessages.ok)}
      onButton={() => close(undefined)}
    >
      <p css={{ fontSize: FONT_SIZES.size50, lineHeight: 1.6, color: COLORS.textMuted, margin: 0 }}>{message ?? t(resultMessages.failMessage)}</p>
    </AlertFrame>
  )
}

export function PurchaseResultDialog(props: DialogComponentProps<'purchaseResult'>) {
  return (
    <PaymentsIntl>
      <PurchaseResultBody {...props} />
    </PaymentsIntl>
  )
}

export function PurchaseFailDialog(props: DialogComponentProps<'purchaseFail'>) {
  return (
    <PaymentsIntl>
      <PurchaseFailBody {...props} />
    </PaymentsIntl>
  )
}

/**
 * SPEC §2 payment method dialog: choosing a method reports its code and closes; a coupon entry
 * with code 0 is ignored; the close button and an outside click close after 300 ms.
 */
function PaymentMethodBody({ title, methods, close, level }: DialogComponentProps<'paymentMethod'> & { level?: number }) {
  const t = useT()
  const id = useId()
  const [closing, setClosing] = useState(false)
  const dismiss = () => {
    if (closing) return
    setClosing(true)
    window.setTimeout(() => close(null), TIMINGS.dialogCloseMs)
  }
  return (
    <DialogFrame
      testId="dialog-payment-method"
      level={level}
      labelledBy={id}
      onOutside={dismiss}
      closing={closing}
      panel={{ borderRadius: 16, padding: '20px 18px 14px' }}
    >
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 }}>
        <h2 id={id} css={{ fontSize: 17, margin: 0 }}>
          {title}
        </h2>
        <button
          type="button"
          aria-label={t(resultMessages.close)}
          onClick={dismiss}
          css={{ border: 0, background: 'transparent', fontSize: FONT_SIZES.size90, lineHeight: 1, cursor: 'pointer', color: COLORS.textMuted }}
        >
          ×
        </button>
      </div>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {methods.map((method) => (
          <li key={String(method.code)}>
            <button
              type="button"
              data-testid={`payment-method-${method.code}`}
              onClick={() => {
                if (method.code === 0) return
                close(method.code)
              }}
              css={{
                width: '100%',
                padding: '13px 14px',
                borderRadius: 12,
                border: `1px solid ${COLORS.line}`,
                background: COLORS.surface,
                color: COLORS.text,
                fontSize: 15,
                fontWeight: 700,
                textAlign: 'left',
                cursor: 'pointer',
              }}
            >
              {method.typeName}
            </button>
          </li>
        ))}
      </ul>
    </DialogFrame>
  )
}

export function PaymentMethodDialog(props: DialogComponentProps<'paymentMethod'>) {
  return (
    <PaymentsIntl>
      <PaymentMethodBody {...props} />
    </PaymentsIntl>
  )
}
