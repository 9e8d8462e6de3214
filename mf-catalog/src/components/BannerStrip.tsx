import { COLORS, useLocalePath, type HomeElement } from '@koma/contracts'
import { legibleBackground } from '@koma/contracts/domain'
import { Link } from 'react-router-dom'
import { ApiImage } from './ApiImage'
import { BadgeChip } from './BadgeChip'

/** Campaign banners (a list's topBanner.elements): wide art with the campaign's copy over it. */
export function BannerStrip({ elements }: { elements: HomeElement[] }) {
  const path = useLocalePath()
  if (elements.length === 0) return null
  return (
    <ul
      data-testid="banner-strip"
      css={{
        display: 'grid',
        gridAutoFlow: 'column',
        gridAutoColumns: 'min(88%, 560px)',
        gap: 12,
        margin: 0,
        padding: '0 16px 16px',
        listStyle: 'none',
        overflowX: 'auto',
        scrollSnapType: 'x mandatory',
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
      }}
    >
      {elements.map((element, index) => {
        // The copy is white over the art and the campaign's colour: darkened as needed (issue 35).
        const tint = legibleBackground(element.themeColor)
        return (
          <li key={element.id} css={{ scrollSnapAlign: 'start' }}>
            <Link
              to={path(element.urlHttp || '/')}
              data-testid="banner"
              css={{
                display: 'block',
                position: 'relative',
                borderRadius: 12,
                overflow: 'hidden',
                color: '#fff',
                textDecoration: 'none',
                background: tint,
              }}
            >
              <ApiImage
                url={element.imageUrl}
                width={element.width}
                height={element.height}
                cssWidth={560}
                alt=""
                priority={index === 0}
                style={{ display: 'block' }}
              />
              <span
                css={{
                  position: 'absolute',
                  inset: 0,
                  padding: '14px 16px',
                  display: 'flex',
                  flexDirection: 'column',
                  justifyContent: 'flex-end',
                  background: `linear-gradient(90deg, ${tint}ee 0%, ${tint}99 45%, transparent 75%)`,
                }}
              >
                {element.badge ? (
                  <span css={{ marginBottom: 6 }}>
                    <BadgeChip badge={element.badge.type} />
                  </span>
                ) : null}
                <strong css={{ fontSize: 17, lineHeight: 1.3, maxWidth: '70%', textShadow: '0 1px 6px rgba(0,0,0,.35)' }}>{element.title}</strong>
                {element.additionalText ? (
                  <span css={{ fontSize: 12, opacity: 0.92, maxWidth: '65%', marginTop: 4, color: COLORS.surface }}>{element.additionalText}</span>
                ) : null}
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
