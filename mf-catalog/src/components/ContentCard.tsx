import { COLORS, useLocale, useLocalePath, useT, type Badge, type ContentSummary } from '@koma/contracts'
import { abbreviateCount, contentBadges, orderedAuthors } from '@koma/contracts/domain'
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
  badges: Badge[]
  totalViews: number
}

/** Where a title's page is: its episode list, or its coming-soon page. */
export const contentHref = (content: Pick<ContentSummary, 'type' | 'id' | 'status'>): string =>
  content.status === 'coming_soon' ? `/${content.type}/coming_soon/${content.id}` : `/${content.type}/${content.id}`

/** A list title as a card: cover, badges, name, authors, views. */
export function cardOf(content: ContentSummary): CardData {
  const cover = content.thumbnails.find((thumbnail) => thumbnail.type === 'cover') ?? content.thumbnails[0]
  return {
    href: contentHref(content),
    title: content.name,
    subtitle:
      orderedAuthors(content.authors)
        .slice(0, 2)
        .map((author) => author.name)
        .join(' / ') || content.genres.map((genre) => genre.name).join(', '),
    imageUrl: cover?.url ?? '',
    width: cover?.width ?? 192,
    height: cover?.height ?? 272,
    badges: contentBadges(content, 2),
    totalViews: content.totalViews,
  }
}

/** A title in a list: cover, badges, name, subtitle and abbreviated view count. */
export function ContentCard({ card, cssWidth, eager = false, rank }: { card: CardData; cssWidth: number; eager?: boolean; rank?: number }) {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  return (
    <Link
      to={path(card.href)}
      data-testid="content-card"
      css={{ display: 'block', textDecoration: 'none', color: COLORS.text, '&:hover img': { transform: 'scale(1.03)' } }}
    >
      <div css={{ position: 'relative', borderRadius: 8, overflow: 'hidden', boxShadow: '0 1px 3px rgba(0,0,0,.12)' }}>
        {card.imageUrl ? (
          <ApiImage
            url={card.imageUrl}
            width={card.width}
            height={card.height}
            cssWidth={cssWidth}
            alt={card.title}
            eager={eager}
            style={{ display: 'block', transition: 'transform .25s ease' }}
          />
        ) : (
          <div css={{ aspectRatio: `${card.width} / ${card.height}`, background: COLORS.surfaceAlt }} />
        )}
        {rank ? (
          <span
            data-testid="rank"
            css={{
              position: 'absolute',
              left: 0,
              bottom: 0,
              minWidth: 30,
              padding: '2px 8px',
              background: rank <= 3 ? COLORS.brand : 'rgba(0,0,0,.72)',
              color: '#fff',
              fontWeight: 800,
              fontSize: 18,
              textAlign: 'center',
              borderTopRightRadius: 8,
            }}
          >
            {rank}
          </span>
        ) : null}
        {card.badges.length ? (
          <span css={{ position: 'absolute', left: 6, top: 6, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
            {card.badges.map((badge) => (
              <BadgeChip key={badge} badge={badge} />
            ))}
          </span>
        ) : null}
      </div>
      <p
        css={{
          margin: '8px 0 2px',
          fontSize: 14,
          fontWeight: 700,
          lineHeight: 1.35,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {card.title}
      </p>
      {card.subtitle ? (
        <p css={{ margin: 0, fontSize: 12, color: COLORS.textMuted, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{card.subtitle}</p>
      ) : null}
      {card.totalViews > 0 ? (
        <p css={{ margin: '2px 0 0', fontSize: 11, color: COLORS.textMuted }}>{t(commonMessages.views, { count: abbreviateCount(card.totalViews, locale) })}</p>
      ) : null}
    </Link>
  )
}
