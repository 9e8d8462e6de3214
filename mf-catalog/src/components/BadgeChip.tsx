import { BADGE_COLORS, useT, type Badge } from '@koma/contracts'
import { commonMessages } from '../i18n/messages'

/** SPEC §3 badges and labels. */
export function BadgeChip({ badge }: { badge: Badge }) {
  const t = useT()
  const key = `badge${badge}` as keyof typeof commonMessages
  return (
    <span
      data-badge={badge}
      css={{
        display: 'inline-block',
        padding: '1px 6px',
        borderRadius: 4,
        background: BADGE_COLORS[badge].background,
        color: BADGE_COLORS[badge].text,
        fontSize: 10,
        fontWeight: 800,
        letterSpacing: 0.4,
        lineHeight: '16px',
      }}
    >
      {t(commonMessages[key])}
    </span>
  )
}
