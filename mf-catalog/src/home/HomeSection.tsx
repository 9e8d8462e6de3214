import { COLORS, useLocalePath, type HomeElement, type HomeSection as Section } from '@koma/contracts'
import { Link } from 'react-router-dom'
import { ApiImage } from '../components/ApiImage'
import { ContentCard, type CardData } from '../components/ContentCard'

const toCard = (element: HomeElement): CardData => ({
  href: element.urlHttp || '/',
  title: element.title,
  subtitle: element.additionalText,
  imageUrl: element.imageUrl,
  width: element.width,
  height: element.height,
  badge: element.badge?.type ?? null,
  totalViews: element.totalViews,
})

const isBannerType = (type: string) => type === 'banner' || type === 'banner_list_group' || type === 'banner_list_content_big_group'

function BannerRow({ elements }: { elements: HomeElement[] }) {
  const path = useLocalePath()
  return (
    <ul css={{ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: 'min(82%, 544px)', gap: 12, margin: 0, padding: '0 16px', listStyle: 'none', overflowX: 'auto', scrollSnapType: 'x mandatory', scrollbarWidth: 'none' }}>
      {elements.map((element) => (
        <li key={element.id} css={{ scrollSnapAlign: 'start' }}>
          <Link to={path(element.urlHttp || '/')} css={{ display: 'block', borderRadius: 10, overflow: 'hidden', color: COLORS.text, textDecoration: 'none' }}>
            <ApiImage url={element.largeScreenImageUrl ?? element.imageUrl} width={element.largeScreenWidth ?? element.width} height={element.largeScreenHeight ?? element.height} cssWidth={544} alt={element.title} />
          </Link>
          <p css={{ margin: '6px 0 0', fontSize: 14, fontWeight: 700 }}>{element.title}</p>
        </li>
      ))}
    </ul>
  )
}

/** One home section: a titled row of titles, ranked, large or banner-style by its element type. */
export function HomeSection({ section }: { section: Section }) {
  const path = useLocalePath()
  if (section.elements.length === 0) return null
  const ranked = section.elementUiType === 'content_rank'
  const big = section.elementUiType === 'content_big'
  const width = big ? 200 : 140
  return (
    <section data-testid="home-section" data-ui={section.elementUiType} css={{ maxWidth: 1200, margin: '0 auto', padding: '24px 0 0' }}>
      <header css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 8, rowGap: 2, padding: '0 16px 12px' }}>
        <h2 css={{ fontSize: 19, margin: 0 }}>{section.urlHttp ? <Link to={path(section.urlHttp)} css={{ color: 'inherit', textDecoration: 'none' }}>{section.title}</Link> : section.title}</h2>
        {section.additionalText ? <span css={{ fontSize: 13, color: COLORS.textMuted }}>{section.additionalText}</span> : null}
      </header>
      {isBannerType(section.elementUiType) ? (
        <BannerRow elements={section.elements} />
      ) : (
        <ul
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
          {section.elements.map((element, index) => (
            <li key={element.id}>
              <ContentCard card={toCard(element)} cssWidth={width} rank={ranked ? index + 1 : undefined} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
