import {
  FONT_SIZES,
  api,
  COLORS,
  endpoints,
  useLocale,
  useLocalePath,
  useT,
  routePath,
  type CoinHistoryEntry,
  type CoinHistoryTab,
  type CoinReason,
} from '@koma/contracts'
import { EXPIRING_LIST_LONG, formatDate, formatDateTime } from '@koma/contracts/domain'
import { useResource } from '../cache'
import { useEffect, useState } from 'react'
import type { MessageDescriptor } from 'react-intl'
import { Link, Navigate, useParams } from 'react-router-dom'
import { historyMessages as m } from './messages'

const TABS: { tab: CoinHistoryTab; label: MessageDescriptor }[] = [
  { tab: 'all', label: m.tabAll },
  { tab: 'used', label: m.tabUsed },
  { tab: 'distributed', label: m.tabDistributed },
]

/** Every ledger reason's words (a new CoinReason does not compile until it has them). */
const REASONS: Record<CoinReason, MessageDescriptor> = {
  order: m.reasonOrder,
  gift: m.reasonGift,
  coupon: m.reasonCoupon,
  daily_bonus: m.reasonDailyBonus,
  signup: m.reasonSignup,
  coin_back: m.reasonCoinBack,
  unlock: m.reasonUnlock,
  unlock_all: m.reasonUnlockAll,
  rent: m.reasonRent,
  expire: m.reasonExpire,
}

/** SPEC §3 expiring coins, with the SPEC §9 "long list" (10 or more) folded. */
function ExpiringCoins() {
  const t = useT()
  const path = useLocalePath()
  const { expireCoins, coin } = useResource('coin-expire', () => api.request(endpoints.coinExpire))
  const [all, setAll] = useState(false)
  const long = expireCoins.length >= EXPIRING_LIST_LONG
  const shown = long && !all ? expireCoins.slice(0, 3) : expireCoins
  return (
    <section
      data-testid="coin-balance"
      data-total={coin.total}
      css={{ border: `1px solid ${COLORS.line}`, borderRadius: 14, padding: '16px 16px 12px', display: 'grid', gap: 10 }}
    >
      <div css={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
        <div>
          <div css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>{t(m.balance)}</div>
          <strong data-testid="coin-total" css={{ fontSize: 28, lineHeight: 1.1 }}>
            {coin.total.toLocaleString()}
          </strong>
          <div css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted, marginTop: 2 }}>
            {t(m.free, { amount: coin.freeAmount })} · {t(m.purchased, { amount: coin.purchasedAmount })}
          </div>
        </div>
        <Link
          to={path(routePath('payments.coinPurchase'))}
          css={{
            padding: '9px 16px',
            borderRadius: 20,
            background: COLORS.brand,
            color: COLORS.onBrand,
            fontWeight: 700,
            fontSize: FONT_SIZES.size50,
            textDecoration: 'none',
          }}
        >
          {t(m.buyCoins)}
        </Link>
      </div>
      <div css={{ borderTop: `1px solid ${COLORS.line}`, paddingTop: 10 }}>
        <h2 css={{ fontSize: FONT_SIZES.size50, margin: '0 0 6px' }}>{t(m.expiringTitle)}</h2>
        {expireCoins.length === 0 ? <p css={{ margin: 0, fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>{t(m.expiringNone)}</p> : null}
        <ul data-testid="expiring-coins" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
          {shown.map((entry) => (
            <li key={entry.expireAt} css={{ fontSize: FONT_SIZES.size40, color: COLORS.brandDark, fontWeight: 700 }}>
              {t(m.expiringEntry, { amount: entry.amount, date: formatDateTime(entry.expireAt) })}
            </li>
          ))}
        </ul>
        {long && !all ? (
          <button
            type="button"
            onClick={() => setAll(true)}
            css={{
              marginTop: 6,
              background: 'none',
              border: 0,
              padding: 0,
              color: COLORS.textMuted,
              fontSize: FONT_SIZES.size40,
              textDecoration: 'underline',
              cursor: 'pointer',
            }}
          >
            {t(m.expiringMore, { count: expireCoins.length })}
          </button>
        ) : null}
        <p css={{ margin: '8px 0 0', fontSize: FONT_SIZES.size30, color: COLORS.textMuted }}>{t(m.expiringNote)}</p>
      </div>
    </section>
  )
}

function Entry({ entry }: { entry: CoinHistoryEntry }) {
  const t = useT()
  const path = useLocalePath()
  const { locale } = useLocale()
  const reason = t(REASONS[entry.reason] ?? m.reasonOther)
  const negative = entry.type === 'use' || entry.type === 'expire'
  return (
    <li
      data-testid="coin-history-entry"
      data-type={entry.type}
      css={{ display: 'flex', gap: 12, justifyContent: 'space-between', padding: '12px 4px', borderBottom: `1px solid ${COLORS.line}` }}
    >
      <div css={{ minWidth: 0, display: 'grid', gap: 2 }}>
        <span css={{ fontSize: FONT_SIZES.size30, color: COLORS.textMuted }}>{formatDateTime(entry.createdAt)}</span>
        <strong css={{ fontSize: FONT_SIZES.size50 }}>{reason}</strong>
        {entry.title ? (
          entry.contentId !== null && entry.contentType ? (
            <Link
              to={path(routePath('catalog.episodes', { contentType: entry.contentType, contentId: entry.contentId }))}
              css={{ fontSize: FONT_SIZES.size40, color: COLORS.text, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {entry.title}
            </Link>
          ) : (
            <span css={{ fontSize: FONT_SIZES.size40 }}>{entry.title}</span>
          )
        ) : null}
        {entry.description ? (
          <span css={{ fontSize: FONT_SIZES.size30, color: COLORS.textMuted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {entry.description}
          </span>
        ) : null}
        {entry.expireAt && entry.type !== 'expire' ? (
          <span css={{ fontSize: FONT_SIZES.size30, color: entry.expired ? COLORS.textMuted : COLORS.brandDark }}>
            {entry.expired ? t(m.expired) : t(m.expiresAt, { date: formatDate(entry.expireAt) })}
          </span>
        ) : null}
      </div>
      <div css={{ textAlign: 'right', flex: '0 0 auto' }}>
        <strong data-testid="coin-history-amount" css={{ fontSize: FONT_SIZES.size60, color: negative ? COLORS.text : COLORS.free }}>
          {negative ? '−' : '+'}
          {new Intl.NumberFormat(locale).format(entry.price)}
        </strong>
        <div css={{ fontSize: FONT_SIZES.size25, color: COLORS.textMuted, whiteSpace: 'nowrap' }}>
          {t(m.split, { free: entry.free, purchased: entry.purchased })}
        </div>
      </div>
    </li>
  )
}

function HistoryList({ tab }: { tab: CoinHistoryTab }) {
  const t = useT()
  const { locale } = useLocale()
  const first = useResource(`coin-history:${tab}:${locale}`, () => api.request(endpoints.coinHistory, { params: { tab } }))
  const [extra, setMore] = useState<{ base: unknown; entries: CoinHistoryEntry[]; hasNext: boolean; seqNo: number | null } | null>(null)
  const [loading, setLoading] = useState(false)
  // Pages loaded after the first belong to that first page (a reload starts over).
  const more = extra?.base === first ? extra : null
  const entries = [...first.history, ...(more?.entries ?? [])]
  const hasNext = more ? more.hasNext : first.page.hasNext
  const seqNo = more ? more.seqNo : first.page.seqNo
  const loadMore = async () => {
    if (loading || !hasNext || seqNo === null) return
    setLoading(true)
    try {
      const page = await api.request(endpoints.coinHistory, { params: { tab }, query: { lastRespondedSeqNo: String(seqNo) } })
      setMore((previous) => ({
        base: first,
        entries: [...(previous?.base === first ? previous.entries : []), ...page.history],
        hasNext: page.page.hasNext,
        seqNo: page.page.seqNo,
      }))
    } finally {
      setLoading(false)
    }
  }
  if (entries.length === 0) return <p css={{ padding: '24px 0', textAlign: 'center', color: COLORS.textMuted, fontSize: FONT_SIZES.size50 }}>{t(m.empty)}</p>
  return (
    <>
      <ul data-testid="coin-history" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {entries.map((entry) => (
          <Entry key={entry.seqNo} entry={entry} />
        ))}
      </ul>
      {hasNext ? (
        <button
          type="button"
          data-testid="coin-history-more"
          disabled={loading}
          onClick={() => void loadMore()}
          css={{
            display: 'block',
            margin: '16px auto',
            padding: '10px 22px',
            borderRadius: 20,
            border: `1px solid ${COLORS.line}`,
            background: COLORS.surface,
            fontWeight: 700,
            cursor: 'pointer',
          }}
        >
          {t(loading ? m.loading : m.more)}
        </button>
      ) : null}
    </>
  )
}

/** /account/coin/history/{dep1Param}: balance, expiring coins, and the used / received / all history. */
export default function CoinHistoryPage() {
  const t = useT()
  const path = useLocalePath()
  const { dep1Param } = useParams() as { dep1Param: string }
  useEffect(() => {
    document.title = `${t(m.title)} | Koma`
  }, [t])
  const tab = TABS.find((item) => item.tab === dep1Param)?.tab
  if (!tab) return <Navigate to={path(routePath('payments.coinHistory', { dep1Param: 'all' }))} replace />
  return (
    <section data-testid="coin-history-page" css={{ maxWidth: 720, margin: '0 auto', padding: '24px 16px 48px', display: 'grid', gap: 18 }}>
      <h1 css={{ fontSize: 22, margin: 0 }}>{t(m.title)}</h1>
      <ExpiringCoins />
      <nav aria-label={t(m.tabs)}>
        <ul css={{ display: 'flex', gap: 8, margin: 0, padding: 0, listStyle: 'none' }}>
          {TABS.map((item) => {
            const active = item.tab === tab
            return (
              <li key={item.tab}>
                <Link
                  to={path(routePath('payments.coinHistory', { dep1Param: item.tab }))}
                  replace
                  data-tab={item.tab}
                  aria-current={active ? 'page' : undefined}
                  css={{
                    display: 'block',
                    padding: '7px 16px',
                    borderRadius: 18,
                    border: `1px solid ${active ? COLORS.text : COLORS.line}`,
                    background: active ? COLORS.text : COLORS.surface,
                    color: active ? COLORS.onBrand : COLORS.text,
                    fontSize: FONT_SIZES.size40,
                    fontWeight: 700,
                    textDecoration: 'none',
                  }}
                >
                  {t(item.label)}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <HistoryList key={tab} tab={tab} />
    </section>
  )
}
