import { COLORS, useLocalePath, type HomeElement, type HomeSection as Section } from '@koma/contracts'
import { elementAspectRatio } from '@koma/contracts/domain'
import { Link } from 'react-router-dom'
import { BadgeChip } from '../components/BadgeChip'
import { ContentCard, type CardData } from '../components/ContentCard'
import { ResponsiveImage } from '../components/ResponsiveImage'
import { useRowWindow } from './rowWindow'

const toCard = (element: HomeElement): CardData => ({
  href: element.urlHttp || '/',
  title: element.title,
  subtitle: element.additionalText,
  imageUrl: element.imageUrl,
  width: element.width,
  height: element.height,
  badges: [...(element.badge ? [element.badge.type] : []), ...(element.exclusive && element.badge?.type !== 'EXCLUSIVE' ? (['EXCLUSIVE'] as const) : [])].slice(
    0,
    2,
  ),
  totalViews: element.totalViews,
})

const BANNER_TYPES = ['banner', 'banner_list_group', 'banner_list_content_big_group']

/** Wide banners; large-screen art from the tablet breakpoint when the element has it (SPEC §3). */
function BannerRow({ elements, big, eager }: { elements: HomeElement[]; big: boolean; eager: boolean }) {
  const path = useLocalePath()
  const first = elements[0]
  const smallRatio = (first && elementAspectRatio(first)) ?? 2
  const largeRatio = first?.largeScreenWidth && first.largeScreenHeight ? first.largeScreenWidth / first.largeScreenHeight : smallRatio
  const wide = big ? 'min(86%, 560px)' : 'min(78%, 440px)'
  const { count, expand } = useRowWindow(elements.length, 4)
  return (
    <ul
      onScroll={expand}
      onFocus={expand}
      onPointerEnter={expand}
      css={{
        display: 'grid',
        gridAutoFlow: 'column',
        gridAutoColumns: smallRatio < 1 ? 150 : wide,
        '@media (min-width: 768px)': { gridAutoColumns: largeRatio < 1 ? 200 : wide },
        gap: 12,
        margin: 0,
        padding: '0 16px',
        listStyle: 'none',
        overflowX: 'auto',
        scrollSnapType: 'x mandatory',
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
      }}
    >
      {elements.slice(0, count).map((element, index) => {
        const ratio = elementAspectRatio(element)
        return (
          <li key={element.id} css={{ scrollSnapAlign: 'start' }}>
            <Link to={path(element.urlHttp || '/')} data-testid="content-card" css={{ display: 'block', color: COLORS.text, textDecoration: 'none' }}>
              <div
                css={{
                  position: 'relative',
                  borderRadius: 10,
                  overflow: 'hidden',
                  background: element.themeColor,
                  aspectRatio: String(ratio ?? smallRatio),
                  '@media (min-width: 768px)': {
                    aspectRatio: String(
                      element.largeScreenWidth && element.largeScreenHeight ? element.largeScreenWidth / element.largeScreenHeight : (ratio ?? smallRatio),
                    ),
                  },
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
                  eager={eager && index === 0}
                  style={{ height: '100%', objectFit: 'cover' }}
                />
                {element.badge ? (
                  <span css={{ position: 'absolute', left: 8, top: 8 }}>
                    <BadgeChip badge={element.badge.type} />
                  </span>
                ) : null}
              </div>
              <p css={{ margin: '8px 0 0', fontSize: 15, fontWeight: 700, lineHeight: 1.35 }}>{element.title}</p>
              {element.additionalText ? (
                <p css={{ margin: '2px 0 0', fontSize: 12, color: COLORS.textMuted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {element.additionalText}
                </p>
              ) : null}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

/** One home section: a titled row of titles, ranked, large or banner-style by its element type. */
export function HomeSection({ section, eager = false }: { section: Section; eager?: boolean }) {
  const path = useLocalePath()
  const { count, expand } = useRowWindow(section.elements.length, 8)
  if (section.elements.length === 0) return null
  const ranked = section.elementUiType === 'content_rank'
  const big = section.elementUiType === 'content_big'
  const width = big ? 200 : 140
  return (
    <section
      data-testid="home-section"
      data-ui={section.elementUiType}
      data-section-ui={section.sectionUiType}
      css={{ maxWidth: 1200, margin: '0 auto', padding: '28px 0 0' }}
    >
      <header css={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 8, padding: '0 16px 12px' }}>
        <div css={{ minWidth: 0 }}>
          <h2 css={{ fontSize: 19, margin: 0, lineHeight: 1.3 }}>{section.title}</h2>
          {section.additionalText ? <p css={{ margin: '2px 0 0', fontSize: 13, color: COLORS.textMuted }}>{section.additionalText}</p> : null}
        </div>
        {section.urlHttp ? (
          <Link
            to={path(section.urlHttp)}
            data-testid="section-more"
            css={{ flex: '0 0 auto', fontSize: 13, fontWeight: 700, color: COLORS.textMuted, textDecoration: 'none', whiteSpace: 'nowrap' }}
          >
            ›
          </Link>
        ) : null}
      </header>
      {BANNER_TYPES.includes(section.elementUiType) ? (
        <BannerRow elements={section.elements} big={section.elementUiType !== 'banner_list_group'} eager={eager} />
      ) : (
        <ul
          onScroll={expand}
          onFocus={expand}
          onPointerEnter={expand}
          css={{
            display: 'grid',
            gridAutoFlow: 'column',
            gridAutoColumns: width,
            gap: 12,
            margin: 0,
            padding: '0 16px',
            listStyle: 'none',
            overflowX: 'auto',
            scrollbarWidth: 'none',
            '&::-webkit-scrollbar': { display: 'none' },
            '@media (max-width: 767px)': { gridAutoColumns: big ? 160 : 112 },
          }}
        >
          {section.elements.slice(0, count).map((element, index) => (
            <li key={element.id}>
              <ContentCard card={toCard(element)} cssWidth={width} rank={ranked ? index + 1 : undefined} eager={eager && index < 4} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
