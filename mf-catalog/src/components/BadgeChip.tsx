import { useT, type Badge } from '@koma/contracts'
import { commonMessages } from '../i18n/messages'

const COLORS: Record<Badge, string> = {
  FIN: '#4b4b4b',
  EVENT: '#e53935',
  NEW: '#ff5b4a',
  UP: '#1e88e5',
  HIATUS: '#8d6e63',
  HIGHLIGHT: '#f9a825',
  HOT: '#d81b60',
  EXCLUSIVE: '#6a1b9a',
  MATURE: '#b71c1c',
  RENTAL_ONLY: '#00897b',
}

/** SPEC §3 badges and labels. */
export function BadgeChip({ badge }: { badge: Badge }) {
  const t = useT()
  const key = `badge${badge}` as keyof typeof commonMessages
  return (
    <span
      data-badge={badge}
      css={{ display: 'inline-block', padding: '1px 6px', borderRadius: 4, background: COLORS[badge], color: '#fff', fontSize: 10, fontWeight: 800, letterSpacing: 0.4, lineHeight: '16px' }}
    >
      {t(commonMessages[key])}
    </span>
  )
}
