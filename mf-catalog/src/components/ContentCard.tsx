import { abbreviateCount, COLORS, useLocale, useLocalePath, useT, type Badge } from '@koma/contracts'
import { Link } from 'react-router-dom'
import { commonMessages } from '../i18n/messages'
import { ApiImage } from './ApiImage'
import { BadgeChip } from './BadgeChip'

export interface CardData {
  href: string
  title: string
  subtitle: string
  imageUrl: string
  width: number
  height: number
  badge: Badge | null
  totalViews: number
  mature?: boolean
}

/** A title in a list: cover, badge, name, subtitle and abbreviated view count. */
export function ContentCard({ card, cssWidth, eager = false, rank }: { card: CardData; cssWidth: number; eager?: boolean; rank?: number }) {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  return (
    <Link to={path(card.href)} data-testid="content-card" css={{ display: 'block', textDecoration: 'none', color: COLORS.text }}>
      <div css={{ position: 'relative', borderRadius: 8, overflow: 'hidden' }}>
        <ApiImage url={card.imageUrl} width={card.width} height={card.height} cssWidth={cssWidth} alt={card.title} eager={eager} />
        {rank ? (
          <span css={{ position: 'absolute', left: 0, bottom: 0, padding: '2px 8px', background: 'rgba(0,0,0,.72)', color: '#fff', fontWeight: 800, fontSize: 18, borderTopRightRadius: 8 }}>
            {rank}
          </span>
        ) : null}
        <span css={{ position: 'absolute', left: 6, top: 6, display: 'flex', gap: 4 }}>
          {card.badge ? <BadgeChip badge={card.badge} /> : null}
          {card.mature ? <BadgeChip badge="MATURE" /> : null}
        </span>
      </div>
      <p css={{ margin: '8px 0 2px', fontSize: 14, fontWeight: 700, lineHeight: 1.35, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
        {card.title}
      </p>
      <p css={{ margin: 0, fontSize: 12, color: COLORS.textMuted, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{card.subtitle}</p>
      {card.totalViews > 0 ? (
        <p css={{ margin: '2px 0 0', fontSize: 11, color: COLORS.textMuted }}>{t(commonMessages.views, { count: abbreviateCount(card.totalViews, locale) })}</p>
      ) : null}
    </Link>
  )
}
