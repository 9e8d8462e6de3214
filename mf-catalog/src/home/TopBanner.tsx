import { useLocalePath, useT, type HomeElement } from '@koma/contracts'
import { Link } from 'react-router-dom'
import { ResponsiveImage } from '../components/ResponsiveImage'
import { homeMessages } from '../i18n/messages'

/** The home top banner: full-bleed on phones (under the floating header), a row on desktop. */
export function TopBanner({ elements }: { elements: HomeElement[] }) {
  const t = useT()
  const path = useLocalePath()
  if (elements.length === 0) return null
  return (
    <section aria-label={t(homeMessages.topBanner)} data-testid="top-banner">
      <ul
        css={{
          display: 'flex',
          gap: 12,
          margin: 0,
          padding: 0,
          listStyle: 'none',
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          '@media (min-width: 768px)': { padding: '16px 16px 0', maxWidth: 1200, margin: '0 auto' },
          '@media (max-width: 767px)': { gap: 0 },
        }}
      >
        {elements.map((element, index) => (
          <li key={element.id} css={{ flex: '0 0 100%', scrollSnapAlign: 'start', '@media (min-width: 768px)': { flex: '0 0 min(560px, 60%)' } }}>
            <Link
              to={path(element.urlHttp || '/')}
              css={{
                display: 'block',
                position: 'relative',
                color: '#fff',
                textDecoration: 'none',
                '@media (min-width: 768px)': { borderRadius: 12, overflow: 'hidden' },
              }}
            >
              <ResponsiveImage
                small={{ url: element.imageUrl, width: element.width, height: element.height }}
                large={
                  element.largeScreenImageUrl && element.largeScreenWidth && element.largeScreenHeight
                    ? { url: element.largeScreenImageUrl, width: element.largeScreenWidth, height: element.largeScreenHeight }
                    : null
                }
                alt={element.title}
                priority={index === 0}
              />
              <span css={{ position: 'absolute', inset: 'auto 0 0 0', padding: '40px 16px 14px', background: 'linear-gradient(transparent, rgba(0,0,0,.65))' }}>
                <strong css={{ display: 'block', fontSize: 18, lineHeight: 1.3 }}>{element.title}</strong>
                {element.additionalText ? <span css={{ fontSize: 13, opacity: 0.9 }}>{element.additionalText}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
