import { COLORS, FONT_SIZES, LOCALES, pathInLocale, useT, type Locale } from '@koma/contracts'
import { formatDateTime } from '@koma/contracts/domain'
import type { CampaignState, RewardSetting } from '@koma/contracts/ops'
import { SelectField, TextField } from '@koma/contracts/ui'
import { useState, type ReactNode } from 'react'
import type { MessageDescriptor } from 'react-intl'
import { useAction } from '../console/form'
import { buttonStyle, Problem } from '../console/parts'
import type { useOpsForm } from '../console/form'
import { campaignMessages, languageMessages } from '../i18n/messages'

/** Pieces every campaign panel shares: list items, the state chip, the pager, the "new" button, reward fields, previews. */

export const listItem = {
  background: COLORS.surfaceAlt,
  borderRadius: 10,
  padding: '12px 14px',
  marginBottom: 10,
  overflowWrap: 'anywhere',
} as const
export const formBox = { ...listItem, background: COLORS.surface, border: `1px solid ${COLORS.line}` } as const
export const meta = { margin: '0 0 4px', fontSize: FONT_SIZES.size40, color: COLORS.textMuted } as const
export const row = { display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 } as const
export const list = { listStyle: 'none', margin: 0, padding: 0 } as const
export const grid = (min: number) => ({ display: 'grid', gap: '0 16px', gridTemplateColumns: `repeat(auto-fit, minmax(min(${min}px, 100%), 1fr))` }) as const

const STATE_LABELS = { scheduled: campaignMessages.stateScheduled, live: campaignMessages.stateLive, ended: campaignMessages.stateEnded } as const
const STATE_COLORS = { scheduled: COLORS.text, live: COLORS.free, ended: COLORS.textMuted } as const

/** Scheduled, live or ended, in words and colour. */
export function StateChip({ state }: { state: CampaignState }) {
  const t = useT()
  return (
    <span data-state={state} css={{ marginLeft: 10, color: STATE_COLORS[state], fontSize: FONT_SIZES.size40, fontWeight: 700 }}>
      {t(STATE_LABELS[state])}
    </span>
  )
}

/** "start → end" of a campaign (no start: from the beginning). */
export function usePeriod(): (window: { startsAt: string | null; endsAt: string | null }) => string {
  const t = useT()
  return ({ startsAt, endsAt }) =>
    t(campaignMessages.period, {
      start: startsAt ? formatDateTime(startsAt) : t(campaignMessages.always),
      end: endsAt ? formatDateTime(endsAt) : t(campaignMessages.noEnd),
    })
}

/** Previous and next page buttons. */
export function Pager({ pageNo, hasNext, go }: { pageNo: number; hasNext: boolean; go: (pageNo: number) => void }) {
  const t = useT()
  return (
    <div css={row}>
      {pageNo > 1 ? (
        <button type="button" css={buttonStyle('plain')} onClick={() => go(pageNo - 1)}>
          {t(campaignMessages.previous)}
        </button>
      ) : null}
      {hasNext ? (
        <button type="button" css={buttonStyle('plain')} onClick={() => go(pageNo + 1)}>
          {t(campaignMessages.next)}
        </button>
      ) : null}
    </div>
  )
}

/** A "New …" button that opens its form in place; the form closes itself with `done`. */
export function AddToggle({ label, form }: { label: string; form: (done: () => void) => ReactNode }) {
  const [adding, setAdding] = useState(false)
  return adding ? (
    <>{form(() => setAdding(false))}</>
  ) : (
    <p css={{ margin: '0 0 14px' }}>
      <button type="button" css={buttonStyle()} onClick={() => setAdding(true)}>
        {label}
      </button>
    </p>
  )
}

/** What a coupon or gift grants: coins (free or bonus) or tickets (for one title or any), valid some days. */
export function RewardFields({ form }: { form: ReturnType<typeof useOpsForm> }) {
  const t = useT()
  return (
    <>
      <SelectField label={t(campaignMessages.kind)} {...form.field('kind')}>
        <option value="coin">{t(campaignMessages.kindCoin)}</option>
        <option value="ticket">{t(campaignMessages.kindTicket)}</option>
      </SelectField>
      {form.fields.kind === 'coin' ? (
        <SelectField label={t(campaignMessages.coinType)} {...form.field('coinType')}>
          <option value="bonus">{t(campaignMessages.coinBonus)}</option>
          <option value="free">{t(campaignMessages.coinFree)}</option>
        </SelectField>
      ) : (
        <TextField label={t(campaignMessages.contentId)} inputMode="numeric" {...form.field('contentId')} />
      )}
      <TextField label={t(campaignMessages.amount)} inputMode="numeric" {...form.field('amount')} />
      <TextField label={t(campaignMessages.validDays)} inputMode="numeric" {...form.field('validDays')} />
    </>
  )
}

/** The reward fields as the API reads them: a coin type only for coins, a title only for tickets. */
export const rewardBody = (fields: Record<string, string>) => ({
  coinType: fields.kind === 'coin' ? (fields.coinType ?? '') : '',
  contentId: fields.kind === 'ticket' ? (fields.contentId ?? '').trim() : '',
  amount: (fields.amount ?? '').trim(),
  validDays: (fields.validDays ?? '').trim(),
})

export function useRewardText(): (reward: Pick<RewardSetting, 'kind' | 'coinType' | 'amount'>) => string {
  const t = useT()
  return (reward) =>
    reward.kind === 'coin'
      ? t(campaignMessages.rewardCoins, { amount: reward.amount, coinType: reward.coinType ?? 'bonus' })
      : t(campaignMessages.rewardTickets, { amount: reward.amount })
}

/** A campaign's line in a list: what it is, when, its state, its preview and end button. */
export function CampaignItem({
  testId,
  id,
  heading,
  summary,
  details,
  window,
  state,
  preview,
  end,
}: {
  testId: string
  id: number
  /** Its name, as the confirmation before ending it says it. */
  heading: string
  /** What it gives, to whom (a line of its own). */
  summary?: ReactNode
  details: ReactNode
  window: { startsAt: string | null; endsAt: string | null }
  state: CampaignState
  preview?: ReactNode
  /** End it now (and read the lists again). */
  end: () => Promise<void>
}) {
  const period = usePeriod()
  const action = useAction()
  return (
    <li data-testid={testId} data-id={id} css={listItem}>
      <p css={{ margin: '0 0 4px', fontWeight: 700 }}>
        {heading}
        <StateChip state={state} />
      </p>
      {summary ? <p css={{ margin: '0 0 4px' }}>{summary}</p> : null}
      <p css={meta}>
        {details} · {period(window)}
      </p>
      {state === 'ended' ? null : (
        <div css={{ ...row, alignItems: 'center', justifyContent: 'space-between' }}>
          {preview ?? <span />}
          <EndNow name={heading} pending={action.pending} end={() => void action.run(end)} />
        </div>
      )}
      <Problem text={action.problem} />
    </li>
  )
}

/**
 * "End now", asked first: ending is at once and for every reader, so the operator confirms, told
 * what ends (issue 35). Popups, banners, sections, gifts and coupons share it; `question` says what
 * ending means for what it ends (by default, that readers stop seeing it).
 */
export function EndNow({
  name,
  pending,
  end,
  question = campaignMessages.confirmEnd,
}: {
  /** What ends, as the question names it. */
  name: string
  pending: boolean
  end: () => void
  question?: MessageDescriptor
}) {
  const t = useT()
  const [asking, setAsking] = useState(false)
  return asking ? (
    <span css={{ ...row, alignItems: 'center' }}>
      <span role="status" css={{ fontWeight: 700 }}>
        {t(question, { name })}
      </span>
      <button
        type="button"
        disabled={pending}
        onClick={() => {
          setAsking(false)
          end()
        }}
        css={{ ...buttonStyle(), padding: '6px 14px' }}
      >
        {t(campaignMessages.endConfirmed)}
      </button>
      <button type="button" onClick={() => setAsking(false)} css={{ ...buttonStyle('plain'), padding: '6px 14px' }}>
        {t(campaignMessages.cancel)}
      </button>
    </span>
  ) : (
    <button type="button" disabled={pending} onClick={() => setAsking(true)} css={{ ...buttonStyle('plain'), padding: '6px 14px' }}>
      {t(campaignMessages.end)}
    </button>
  )
}

/** Campaigns still to come or running, then the ended ones folded away (they only grow). */
export function CampaignList<T extends { id: number; state: CampaignState }>({ items, render }: { items: readonly T[]; render: (item: T) => ReactNode }) {
  const t = useT()
  const ended = items.filter((item) => item.state === 'ended')
  return (
    <>
      <ul css={list}>{items.filter((item) => item.state !== 'ended').map(render)}</ul>
      {ended.length ? (
        <details css={{ marginTop: 4 }}>
          <summary css={{ cursor: 'pointer', fontWeight: 700, fontSize: FONT_SIZES.size50, color: COLORS.textMuted, padding: '6px 0' }}>
            {t(campaignMessages.endedCount, { count: ended.length })}
          </summary>
          <ul css={{ ...list, marginTop: 8 }}>{ended.map(render)}</ul>
        </details>
      ) : null}
    </>
  )
}

/**
 * Links to the reader's home in each language as it will be when the campaign starts (now when it
 * runs already): the API answers the preview to operators only, and the home shows the popup or
 * section named here.
 */
export function PreviewLinks({ startsAt, show, mature }: { startsAt: string | null; show: { popup?: number; section?: number }; mature: boolean }) {
  const t = useT()
  const query = new URLSearchParams()
  query.set('preview', startsAt && Date.parse(startsAt) > Date.now() ? startsAt : 'now')
  if (show.popup !== undefined) query.set('popup', String(show.popup))
  if (show.section !== undefined) query.set('section', String(show.section))
  if (mature) query.set('mature', 'true')
  // Each language's own prefix (/ja, /en, /fr); the preview also names its language (an unprefixed page follows a cookie).
  const href = (locale: Locale) => `${pathInLocale(locale, '/')}?${query.toString()}&lang=${locale}`
  return (
    <p data-testid="ops-preview" css={{ ...meta, margin: 0, display: 'flex', flexWrap: 'wrap', gap: '4px 12px', alignItems: 'baseline' }}>
      <span>{t(campaignMessages.previewAs)}</span>
      {LOCALES.map((locale) => (
        <a key={locale} href={href(locale)} target="_blank" rel="noopener" hrefLang={locale} css={{ color: COLORS.brandDark, fontWeight: 700 }}>
          {t(languageMessages[locale])}
        </a>
      ))}
    </p>
  )
}
