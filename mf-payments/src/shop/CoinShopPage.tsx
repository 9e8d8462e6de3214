import { FONT_SIZES, api, COLORS, endpoints, hasLocalePrefix, media, useLocale, useLocalePath, useT, type PurchaseInfo } from '@koma/contracts'
import { formatPrice, shopCurrency } from '@koma/contracts/domain'
import { useResource } from '../cache'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { checkoutMessages, shopMessages } from '../i18n/messages'
import { purchaseFailed, purchaseSucceeded, storeRedirect } from './completion'
import { ExpiringCoinsDialog } from './ExpiringCoins'
import { JapanCheckout } from './JapanCheckout'

/** PayPal's library is loaded only when an English or French reader picks a pack. */
const PaypalCheckout = lazy(() => import(/* webpackChunkName: "paypal-checkout" */ './PaypalCheckout'))

/** /coinpurchase: the coin packs on sale in the reader's currency (yen in Japanese, US dollars otherwise). */
export default function CoinShopPage() {
  const t = useT()
  const { locale } = useLocale()
  const localePath = useLocalePath()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const { products, balance } = useResource(`coin-products:${locale}`, () => api.request(endpoints.coinSalesConfig))
  const [selected, setSelected] = useState<number | null>(null)
  const [expiringOpen, setExpiringOpen] = useState(false)
  const product = products.find((item) => item.seq === selected) ?? null
  const currency = shopCurrency(locale)

  useEffect(() => {
    document.title = `${t(shopMessages.title)} | Koma`
  }, [t])
  useEffect(() => {
    const redirect = search.get('redirect')
    if (redirect) storeRedirect(redirect)
  }, [search])

  const go = useCallback((path: string) => navigate(path.startsWith('/') ? localePathOnce(path, localePath) : path), [navigate, localePath])
  const onSuccess = useCallback((info: PurchaseInfo) => void purchaseSucceeded(info, go), [go])
  const onFailure = useCallback((message?: string) => void purchaseFailed(go, message), [go])

  return (
    <section data-testid="coin-shop" css={{ maxWidth: 640, margin: '0 auto', padding: '32px 16px 64px', [media.mobile]: { padding: '20px 16px 48px' } }}>
      <h1 css={{ fontSize: FONT_SIZES.size90, margin: '0 0 8px' }}>{t(shopMessages.title)}</h1>
      <p css={{ margin: '0 0 20px', color: COLORS.textMuted, fontSize: FONT_SIZES.size50 }}>{t(shopMessages.lead)}</p>
      {balance ? (
        <div
          data-testid="coin-balance"
          css={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 12,
            padding: '14px 18px',
            background: COLORS.surfaceAlt,
            borderRadius: 12,
            marginBottom: 24,
          }}
        >
          <div>
            <div css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted, marginBottom: 2 }}>{t(checkoutMessages.balance)}</div>
            <strong data-testid="coin-balance-total" css={{ fontSize: 22 }}>
              {new Intl.NumberFormat(locale).format(balance.total)}
            </strong>
          </div>
          <div css={{ fontSize: FONT_SIZES.size30, color: COLORS.textMuted, textAlign: 'right' }}>
            <div>
              {t(checkoutMessages.balanceDetail, {
                purchased: new Intl.NumberFormat(locale).format(balance.purchasedAmount),
                free: new Intl.NumberFormat(locale).format(balance.freeAmount),
              })}
            </div>
            <button
              type="button"
              data-testid="expiring-open"
              onClick={() => setExpiringOpen(true)}
              css={{
                marginTop: 6,
                padding: 0,
                border: 0,
                background: 'transparent',
                color: COLORS.text,
                fontSize: FONT_SIZES.size40,
                fontWeight: 700,
                textDecoration: 'underline',
                cursor: 'pointer',
              }}
            >
              {t(checkoutMessages.expiring)}
            </button>
          </div>
        </div>
      ) : null}
      <h2 css={{ fontSize: FONT_SIZES.size60, margin: '0 0 12px' }}>{t(shopMessages.products)}</h2>
      {/* A radio group of packs, not a list: a <ul> given role="radiogroup" leaves its <li> outside any list (axe: listitem). */}
      <div role="radiogroup" aria-label={t(shopMessages.products)} css={{ margin: 0, padding: 0, display: 'grid', gap: 10 }}>
        {products.map((item) => {
          const active = item.seq === selected
          return (
            <div key={item.seq} data-testid="coin-product">
              <button
                type="button"
                role="radio"
                aria-checked={active}
                onClick={() => setSelected(item.seq)}
                css={{
                  width: '100%',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 12,
                  padding: '16px 18px',
                  border: `1.5px solid ${active ? COLORS.brand : COLORS.line}`,
                  background: active ? COLORS.brandTint : COLORS.surface,
                  borderRadius: 12,
                  cursor: 'pointer',
                  font: 'inherit',
                  color: COLORS.text,
                  textAlign: 'left',
                }}
              >
                <span>
                  <strong css={{ fontSize: 17 }}>{t(shopMessages.coins, { amount: item.purchasedAmount })}</strong>
                  {item.freeAmount > 0 ? (
                    <span css={{ marginLeft: 8, color: COLORS.brand, fontSize: FONT_SIZES.size40, fontWeight: 700 }}>
                      {t(shopMessages.bonus, { amount: new Intl.NumberFormat(locale).format(item.freeAmount) })}
                    </span>
                  ) : null}
                </span>
                <span data-testid="coin-price" css={{ fontWeight: 700, fontSize: FONT_SIZES.size60, whiteSpace: 'nowrap' }}>
                  {formatPrice(item.price, item.currency, locale)}
                </span>
              </button>
            </div>
          )
        })}
      </div>
      <div data-testid="checkout" css={{ marginTop: 24 }}>
        {!product ? (
          <p css={{ color: COLORS.textMuted, fontSize: FONT_SIZES.size50, margin: 0 }}>{t(checkoutMessages.choosePack)}</p>
        ) : currency === 'USD' ? (
          <Suspense fallback={<p css={{ color: COLORS.textMuted, fontSize: FONT_SIZES.size50 }}>{t(checkoutMessages.paypalLoading)}</p>}>
            <PaypalCheckout product={product} onSuccess={onSuccess} onFailure={onFailure} />
          </Suspense>
        ) : (
          <JapanCheckout product={product} onSuccess={onSuccess} onFailure={onFailure} />
        )}
      </div>
      {expiringOpen ? <ExpiringCoinsDialog onClose={() => setExpiringOpen(false)} /> : null}
    </section>
  )
}

/** Stored redirects already carry the reader's prefix; bare paths get it. */
function localePathOnce(path: string, localePath: (path: string) => string): string {
  return hasLocalePrefix(path) ? path : localePath(path)
}
