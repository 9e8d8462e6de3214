import { useT, type Collection } from '@koma/contracts'
import { formatDate, themeInk } from '@koma/contracts/domain'
import { ApiImage } from '../components/ApiImage'
import { menuMessages } from '../i18n/messages'

/** A promotion's, catalog's or event's banner, title, period and description. */
export function CollectionHeader({ collection, heading = 'h1' }: { collection: Collection; heading?: 'h1' | 'h2' }) {
  const t = useT()
  const Heading = heading
  const theme = themeInk(collection.themeColor)
  return (
    <header
      css={{
        background: theme.background,
        color: theme.ink,
        borderRadius: heading === 'h2' ? 14 : 0,
        overflow: 'hidden',
        '@media (min-width: 768px)': { borderRadius: 14 },
      }}
    >
      <div css={{ display: 'grid', '@media (min-width: 768px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', alignItems: 'center' } }}>
        {collection.image ? (
          <ApiImage
            url={collection.image.url}
            width={collection.image.width}
            height={collection.image.height}
            cssWidth={640}
            alt=""
            priority
            style={{ display: 'block' }}
          />
        ) : null}
        <div css={{ padding: '16px 18px 20px' }}>
          <Heading css={{ fontSize: heading === 'h1' ? 24 : 19, lineHeight: 1.3, margin: '0 0 6px' }}>{collection.title}</Heading>
          {collection.endAt ? <p css={{ margin: '0 0 8px', fontSize: 12 }}>{t(menuMessages.until, { date: formatDate(collection.endAt) })}</p> : null}
          {collection.description ? <p css={{ margin: 0, fontSize: 14, lineHeight: 1.6 }}>{collection.description}</p> : null}
        </div>
      </div>
    </header>
  )
}
