import { api, COLORS, endpoints, FONT_SIZES, useT, type Gift } from '@koma/contracts'
import { invalidate, useResource, reportRewardReceived } from '../cache'
import { CoinIcon, TicketIcon } from '../components/icons'
import { Suspense, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { formatDate, formatDateTime } from '@koma/contracts/domain'
import { refusal, useRewardText } from '../components/lib'
import { AccountPage, Banner, Button, Empty } from '../components/ui'
import { inboxMessages } from '../i18n/messages'
import { DailyBonusCard, DailyBonusPlaceholder } from './DailyBonusCard'
import { InboxTabs } from './InboxTabs'

function GiftRow({ gift, onClaim }: { gift: Gift; onClaim?: () => void }) {
  const t = useT()
  const reward = useRewardText()
  const icon = gift.kind === 'ticket' ? <TicketIcon /> : <CoinIcon />
  return (
    <li
      data-testid="gift"
      data-state={gift.state}
      data-expiring={gift.expiringSoon ? 'true' : 'false'}
      css={{ display: 'flex', gap: 14, alignItems: 'center', padding: '16px 0', borderTop: `1px solid ${COLORS.line}`, '&:first-of-type': { borderTop: 0 } }}
    >
      <div
        aria-hidden
        css={{
          width: 48,
          height: 48,
          borderRadius: 12,
          background: COLORS.surfaceAlt,
          display: 'grid',
          placeItems: 'center',
          fontSize: FONT_SIZES.size90,
          flex: 'none',
          opacity: gift.state === 'claimable' ? 1 : 0.5,
        }}
      >
        {icon}
      </div>
      <div css={{ flex: 1, minWidth: 0 }}>
        <div css={{ fontWeight: 700, fontSize: 15 }}>{gift.title}</div>
        <div css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted, margin: '2px 0' }}>{reward(gift)}</div>
        <div css={{ fontSize: FONT_SIZES.size30, color: gift.expiringSoon ? COLORS.brandDark : COLORS.textMuted, fontWeight: gift.expiringSoon ? 700 : 400 }}>
          {gift.state === 'claimed' && gift.claimedAt
            ? t(inboxMessages.claimed, { date: formatDate(gift.claimedAt) })
            : gift.state === 'expired'
              ? t(inboxMessages.expired)
              : gift.expiresAt
                ? t(inboxMessages.expires, { date: formatDateTime(gift.expiresAt) })
                : t(inboxMessages.noExpiry)}
          {gift.expiringSoon ? (
            <span data-testid="gift-expiring" css={{ marginLeft: 8, background: COLORS.brandTintStrong, padding: '2px 8px', borderRadius: 10 }}>
              {t(inboxMessages.expiringSoon)}
            </span>
          ) : null}
        </div>
      </div>
      {onClaim ? (
        <Button variant="small" onClick={onClaim} data-testid="gift-claim" tone="brand">
          {t(inboxMessages.claim)}
        </Button>
      ) : null}
    </li>
  )
}

function GiftList({ tab, onResult }: { tab: 'available' | 'history'; onResult: (notice: string | null, problem: string | null) => void }) {
  const t = useT()
  const reward = useRewardText()
  const { gifts } = useResource(`account:gifts:${tab}`, () => api.request(endpoints.gifts, { query: { tab } }))
  const claim = async (gift: Gift) => {
    try {
      const { grant } = await api.request(endpoints.giftClaim, { params: { giftId: String(gift.id) }, policy: { suppress: ['giftClaimed', 'giftExpired'] } })
      onResult(t(inboxMessages.received, { reward: reward({ ...grant, contentName: gift.contentName }) }), null)
      reportRewardReceived()
    } catch (error) {
      onResult(null, refusal(error))
    } finally {
      invalidate('account:gifts')
    }
  }
  if (!gifts.length) return <Empty>{t(tab === 'available' ? inboxMessages.noGifts : inboxMessages.noHistory)}</Empty>
  return (
    <>
      {tab === 'available' && gifts.length > 1 ? (
        <div css={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 4 }}>
          <Button
            variant="small"
            data-testid="gift-claim-all"
            onClick={async () => {
              const { grants } = await api.request(endpoints.giftClaimAll)
              invalidate('account:gifts')
              if (grants.length) reportRewardReceived()
              onResult(grants.map((grant) => reward(grant)).join(', '), null)
            }}
          >
            {t(inboxMessages.claimAll)}
          </Button>
        </div>
      ) : null}
      <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {gifts.map((gift) => (
          <GiftRow key={gift.id} gift={gift} onClaim={tab === 'available' ? () => void claim(gift) : undefined} />
        ))}
      </ul>
    </>
  )
}

/** /inbox/gift: the daily bonus, gifts to claim (24-hour flag) and the gift history. */
export default function GiftsPage() {
  const t = useT()
  const [search, setSearch] = useSearchParams()
  const tab = search.get('tab') === 'history' ? 'history' : 'available'
  const [notice, setNotice] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const onResult = (nextNotice: string | null, nextProblem: string | null) => {
    setNotice(nextNotice)
    setProblem(nextProblem)
  }
  const chip = (value: 'available' | 'history', label: string) => (
    <button
      type="button"
      aria-pressed={tab === value}
      data-testid={`gifts-${value}`}
      onClick={() => setSearch(value === 'history' ? { tab: 'history' } : {}, { replace: true })}
      css={{
        padding: '6px 14px',
        borderRadius: 16,
        fontSize: FONT_SIZES.size40,
        fontWeight: 700,
        cursor: 'pointer',
        border: `1.5px solid ${tab === value ? COLORS.text : COLORS.line}`,
        background: tab === value ? COLORS.text : COLORS.surface,
        color: tab === value ? COLORS.onBrand : COLORS.text,
      }}
    >
      {label}
    </button>
  )
  return (
    <AccountPage testId="inbox-gifts" title={t(inboxMessages.title)}>
      <InboxTabs active="gift" />
      <Suspense fallback={<DailyBonusPlaceholder />}>
        <DailyBonusCard onResult={onResult} />
      </Suspense>
      <div aria-live="polite">
        {notice ? (
          <Banner tone="success" testId="inbox-notice">
            {notice}
          </Banner>
        ) : null}
        {problem ? (
          <Banner tone="error" testId="inbox-error">
            {problem}
          </Banner>
        ) : null}
      </div>
      <div css={{ display: 'flex', gap: 8, marginBottom: 8 }}>
        {chip('available', t(inboxMessages.available))}
        {chip('history', t(inboxMessages.history))}
      </div>
      <Suspense fallback={<Empty>…</Empty>}>
        <GiftList tab={tab} onResult={onResult} />
      </Suspense>
    </AccountPage>
  )
}
