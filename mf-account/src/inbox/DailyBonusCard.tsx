import { api, COLORS, endpoints, FONT_SIZES, useT } from '@koma/contracts'
import { invalidate, useResource, reportRewardReceived } from '../cache'
import { GiftIcon } from '../components/icons'
import { useState, type ReactNode } from 'react'
import { refusal, useRewardText } from '../components/lib'
import { Button } from '../components/ui'
import { inboxMessages } from '../i18n/messages'

/**
 * The card's box. The card suspends while its status first loads, and the placeholder below keeps
 * this box in place meanwhile, so what is under the card (the notice, the gift tabs) does not jump
 * up and back under the reader's finger. After a claim the card stays, busy, until its new status
 * is in (the resource cache reloads behind what it shows).
 */
function DailyFrame({ testId, busy, children }: { testId: string; busy?: boolean; children: ReactNode }) {
  return (
    <div
      data-testid={testId}
      aria-busy={busy || undefined}
      css={{
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        padding: '18px 18px',
        borderRadius: 14,
        marginBottom: 20,
        background: 'linear-gradient(120deg, #fff3e6 0%, #ffe3df 100%)',
        border: '1px solid #ffd9cf',
      }}
    >
      <div
        aria-hidden
        css={{
          width: 52,
          height: 52,
          borderRadius: 26,
          background: COLORS.surface,
          display: 'grid',
          placeItems: 'center',
          fontSize: 26,
          flex: 'none',
          boxShadow: '0 2px 8px rgba(255,91,74,.2)',
        }}
      >
        <GiftIcon size={26} />
      </div>
      {children}
    </div>
  )
}

const titleCss = { fontWeight: 700, fontSize: FONT_SIZES.size60 }
const leadCss = { fontSize: FONT_SIZES.size40, color: COLORS.textMuted, marginTop: 2 }

/** The card while its status loads: its box and title, the line under it left blank. */
export function DailyBonusPlaceholder() {
  const t = useT()
  return (
    <DailyFrame testId="daily-bonus-loading" busy>
      <div css={{ flex: 1, minWidth: 0 }}>
        <div css={titleCss}>{t(inboxMessages.dailyTitle)}</div>
        <div css={leadCss}>{'\u00a0'}</div>
      </div>
    </DailyFrame>
  )
}

/** SPEC: the daily bonus, one claim per day in the reader's day. */
export function DailyBonusCard({ onResult }: { onResult: (notice: string | null, problem: string | null) => void }) {
  const t = useT()
  const reward = useRewardText()
  const status = useResource('account:daily', () => api.request(endpoints.dailyBonus))
  // The status a claim was made from: busy until a new one replaces it (one tap, one claim).
  const [claimedFrom, setClaimedFrom] = useState<object | null>(null)
  const busy = claimedFrom === status
  return (
    <DailyFrame testId="daily-bonus" busy={busy}>
      <div css={{ flex: 1, minWidth: 0 }}>
        <div css={titleCss}>{t(inboxMessages.dailyTitle)}</div>
        <div css={leadCss}>
          {status.claimedToday ? t(inboxMessages.dailyDone) : t(inboxMessages.dailyLead, { reward: reward(status.reward) })}
          {status.streak > 0 ? (
            <span css={{ marginLeft: 6, color: COLORS.brandDark, fontWeight: 700 }}>· {t(inboxMessages.streak, { days: status.streak })}</span>
          ) : null}
        </div>
      </div>
      {!status.claimedToday ? (
        <div css={{ flex: 'none' }}>
          <Button
            variant="small"
            disabled={busy}
            data-testid="daily-claim"
            tone="brand"
            onClick={async () => {
              setClaimedFrom(status)
              try {
                const { grant } = await api.request(endpoints.dailyBonusClaim, { policy: { suppress: ['dailyBonusClaimed'] } })
                onResult(t(inboxMessages.received, { reward: reward(grant) }), null)
                reportRewardReceived()
              } catch (error) {
                onResult(null, refusal(error))
              } finally {
                invalidate('account:daily')
              }
            }}
          >
            {t(inboxMessages.dailyClaim)}
          </Button>
        </div>
      ) : null}
    </DailyFrame>
  )
}
