import { api, COLORS, endpoints, formatPrice, useLocale, useResource, useT } from '@koma/contracts'
import { useEffect } from 'react'
import { shopMessages } from '../i18n/messages'

/** /coinpurchase: the coin packs on sale in the reader's currency (yen in Japanese, US dollars otherwise). */
export default function CoinShopPage() {
  const t = useT()
  const { locale } = useLocale()
  const { products } = useResource(`coin-products:${locale}`, () => api.request(endpoints.coinSalesConfig))
  useEffect(() => {
    document.title = `${t(shopMessages.title)} | Koma`
  }, [t])
  return (
    <section data-testid="coin-shop" css={{ maxWidth: 640, margin: '0 auto', padding: '32px 16px' }}>
      <h1 css={{ fontSize: 24, margin: '0 0 8px' }}>{t(shopMessages.title)}</h1>
      <p css={{ margin: '0 0 24px', color: COLORS.textMuted, fontSize: 14 }}>{t(shopMessages.lead)}</p>
      <h2 css={{ fontSize: 16, margin: '0 0 12px' }}>{t(shopMessages.products)}</h2>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
        {products.map((product) => (
          <li
            key={product.seq}
            data-testid="coin-product"
            css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, padding: '16px 18px', border: `1.5px solid ${COLORS.line}`, borderRadius: 12 }}
          >
            <div>
              <strong css={{ fontSize: 17 }}>{t(shopMessages.coins, { amount: product.purchasedAmount })}</strong>
              {product.freeAmount > 0 ? <span css={{ marginLeft: 8, color: COLORS.brand, fontSize: 13, fontWeight: 700 }}>{t(shopMessages.bonus, { amount: product.freeAmount })}</span> : null}
            </div>
            <span data-testid="coin-price" css={{ fontWeight: 700, fontSize: 16 }}>
              {formatPrice(product.price, product.currency, locale)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
