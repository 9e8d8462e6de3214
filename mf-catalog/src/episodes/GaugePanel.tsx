import { COLORS, openDialog, useT, type ContentDetail } from '@koma/contracts'
import { gaugePercent } from '@koma/contracts/domain'
import { episodeMessages } from '../i18n/messages'
import { clock, useCountdown } from '../data/countdown'

/** Hours over which the gauge refills (the title's recover interval, in seconds). */
export const gaugeHours = (content: Pick<ContentDetail, 'rentalConfig'>): number => Math.round(content.rentalConfig.recoverInterval / 3600)

/** Opens SPEC §2's gauge guide: how the gauge empties and refills. */
export function GaugeGuideButton({ hours, compact = false }: { hours: number; compact?: boolean }) {
  const t = useT()
  return (
    <button
      type="button"
      data-testid="gauge-guide"
      aria-label={compact ? t(episodeMessages.gaugeGuide) : undefined}
      onClick={() => void openDialog('gaugeGuide', { hours })}
      css={{
        background: 'none',
        border: 0,
        padding: compact ? 2 : '2px 0',
        margin: 0,
        color: COLORS.textMuted,
        fontSize: 12,
        fontWeight: 700,
        cursor: 'pointer',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 4,
        textDecoration: compact ? 'none' : 'underline',
      }}
    >
      <span
        aria-hidden
        css={{
          width: 16,
          height: 16,
          borderRadius: '50%',
          border: `1.5px solid ${COLORS.textMuted}`,
          display: 'inline-grid',
          placeItems: 'center',
          fontSize: 10,
          textDecoration: 'none',
        }}
      >
        ?
      </span>
      {compact ? null : t(episodeMessages.gaugeGuide)}
    </button>
  )
}

/** SPEC §4 free-read gauge: full = one free episode; otherwise it refills over the displayed time. */
export function GaugePanel({ content }: { content: ContentDetail }) {
  const t = useT()
  const inventory = content.inventory
  const remaining = useCountdown(inventory?.readForFree.recoverRemained ?? 0)
  if (!content.rentalConfig.gaugeUsable) return null
  const hours = gaugeHours(content)
  const title = (
    <span css={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <strong css={{ fontSize: 14 }}>{t(episodeMessages.gaugeTitle, { hours })}</strong>
      <GaugeGuideButton hours={hours} compact />
    </span>
  )
  if (!inventory) {
    return (
      <div data-testid="gauge" data-percent="" css={panel}>
        {title}
        <span css={{ fontSize: 13, color: COLORS.textMuted }}>{t(episodeMessages.gaugeSignIn)}</span>
      </div>
    )
  }
  const live = { ...inventory, readForFree: { ...inventory.readForFree, recoverRemained: remaining } }
  const full = inventory.readForFree.amount > 0 || remaining === 0
  const percent = full ? 100 : gaugePercent(live, content.rentalConfig.recoverInterval)
  return (
    <div data-testid="gauge" data-percent={Math.floor(percent)} css={panel}>
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 8 }}>
        {title}
        <span css={{ fontSize: 13, fontWeight: 700, color: full ? COLORS.free : COLORS.brand }}>
          {full ? t(episodeMessages.gaugeFull) : t(episodeMessages.gaugeRefill, { time: clock(remaining) })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t(episodeMessages.gaugeLabel)}
        aria-valuetext={full ? t(episodeMessages.gaugeFull) : t(episodeMessages.gaugeRefill, { time: clock(remaining) })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.floor(percent)}
        css={{ height: 8, borderRadius: 4, background: COLORS.line, overflow: 'hidden', marginTop: 8 }}
      >
        <div
          css={{
            width: `${percent}%`,
            height: '100%',
            background: full ? COLORS.free : `linear-gradient(90deg, ${COLORS.brand}, #ff9d5c)`,
            transition: 'width 1s linear',
          }}
        />
      </div>
    </div>
  )
}

const panel = { margin: '0 16px 12px', padding: '12px 14px', borderRadius: 12, background: COLORS.surfaceAlt, display: 'grid', gap: 2 } as const
