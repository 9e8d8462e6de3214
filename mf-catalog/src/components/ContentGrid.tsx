import { COLORS, useLocale, useLocalePath, useT, type ListContent } from '@koma/contracts'
import { abbreviateCount, contentBadges, orderedAuthors } from '@koma/contracts/domain'
import { Link } from 'react-router-dom'
import { commonMessages, episodeMessages } from '../i18n/messages'
import { ApiImage } from './ApiImage'
import { BadgeChip } from './BadgeChip'
import { cardOf, ContentCard, contentHref } from './ContentCard'

/** Titles as a responsive grid: 3 across on phones, up to 6 on desktop. */
export function ContentGrid({ contents, eagerCount = 6 }: { contents: ListContent[]; eagerCount?: number }) {
  return (
    <ul
      data-testid="content-grid"
      css={{
        listStyle: 'none',
        margin: 0,
        padding: '0 16px',
        display: 'grid',
        gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
        gap: '20px 12px',
        '@media (min-width: 768px)': { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: '28px 16px' },
        '@media (min-width: 1024px)': { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' },
      }}
    >
      {contents.map((content, index) => (
        <li key={content.id}>
          <ContentCard card={cardOf(content)} cssWidth={192} eager={index < eagerCount} rank={content.rank} />
        </li>
      ))}
    </ul>
  )
}

const STATUS = {
  ongoing: episodeMessages.statusOngoing,
  completed: episodeMessages.statusCompleted,
  hiatus: episodeMessages.statusHiatus,
  coming_soon: episodeMessages.statusComingSoon,
} as const

/** Titles as a ranked list: big rank numbers, cover, name, authors, genres and views. */
export function RankList({ contents }: { contents: ListContent[] }) {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  return (
    <ol
      data-testid="rank-list"
      css={{
        listStyle: 'none',
        margin: 0,
        padding: '0 16px',
        display: 'grid',
        gap: 4,
        gridTemplateColumns: 'minmax(0, 1fr)',
        '@media (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', columnGap: 32 },
      }}
    >
      {contents.map((content, index) => (
        <li key={content.id}>
          <Link
            to={path(contentHref(content))}
            data-testid="content-card"
            css={{
              display: 'flex',
              alignItems: 'center',
              gap: 14,
              padding: '10px 0',
              borderBottom: `1px solid ${COLORS.line}`,
              color: COLORS.text,
              textDecoration: 'none',
            }}
          >
            <span
              data-testid="rank"
              css={{
                width: 36,
                flex: '0 0 36px',
                textAlign: 'center',
                fontSize: (content.rank ?? 99) < 100 ? 24 : 18,
                fontWeight: 800,
                fontStyle: 'italic',
                color: (content.rank ?? 99) <= 3 ? COLORS.brand : COLORS.text,
              }}
            >
              {content.rank}
            </span>
            <div css={{ width: 72, flex: '0 0 72px', borderRadius: 6, overflow: 'hidden' }}>
              {cardOf(content).imageUrl ? (
                <ApiImage url={cardOf(content).imageUrl} width={cardOf(content).width} height={cardOf(content).height} cssWidth={72} alt="" eager={index < 8} />
              ) : null}
            </div>
            <div css={{ minWidth: 0, flex: 1 }}>
              <div css={{ display: 'flex', gap: 4, marginBottom: 4 }}>
                {contentBadges(content, 2).map((badge) => (
                  <BadgeChip key={badge} badge={badge} />
                ))}
              </div>
              <p css={{ margin: 0, fontSize: 15, fontWeight: 700, lineHeight: 1.35, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {content.name}
              </p>
              <p css={{ margin: '2px 0 0', fontSize: 12, color: COLORS.textMuted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {orderedAuthors(content.authors)
                  .map((author) => author.name)
                  .slice(0, 2)
                  .join(' / ')}
              </p>
              {/* Status and genres give way (ellipsis) so the view count always shows whole. */}
              <p css={{ margin: '2px 0 0', fontSize: 12, color: COLORS.textMuted, display: 'flex', whiteSpace: 'nowrap' }}>
                <span css={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
                  {[
                    t(STATUS[content.status]),
                    content.genres
                      .map((genre) => genre.name)
                      .slice(0, 2)
                      .join(', '),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <span css={{ flex: 'none' }}>&nbsp;· {t(commonMessages.views, { count: abbreviateCount(content.totalViews, locale) })}</span>
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ol>
  )
}
