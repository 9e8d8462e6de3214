import { api, COLORS, endpoints, useLocale, useT } from '@koma/contracts'
import { useResource } from '../cache'
import { useEffect } from 'react'
import { BadgeChip } from '../components/BadgeChip'
import { ContentCard, cardOf } from '../components/ContentCard'
import { commonMessages, menuMessages } from '../i18n/messages'
import { CollectionHeader } from './CollectionHeader'

/** /menu/all_comic/event: the running events, mature ones only for readers who accepted them. */
export default function EventsPage() {
  const t = useT()
  const { locale } = useLocale()
  const list = useResource(`events:${locale}`, () => api.request(endpoints.events, { params: { prefix: 'all_comic' } }))
  useEffect(() => {
    document.title = `${t(menuMessages.events)} | Koma`
  }, [t])
  return (
    <section data-testid="events" data-mature={list.mature ? 'true' : 'false'} css={{ maxWidth: 1200, margin: '0 auto', padding: '16px 0 48px' }}>
      <h1 css={{ fontSize: 22, margin: '4px 16px 16px' }}>{t(menuMessages.events)}</h1>
      {list.events.length === 0 ? <p css={{ textAlign: 'center', color: COLORS.textMuted, padding: 48 }}>{t(commonMessages.emptyList)}</p> : null}
      {list.events.map((event, index) => (
        <article key={event.id} data-testid="event" data-mature={event.mature ? 'true' : 'false'} css={{ margin: '0 16px 32px' }}>
          <div css={{ position: 'relative' }}>
            <CollectionHeader collection={event} heading="h2" />
            {event.mature ? (
              <span css={{ position: 'absolute', right: 12, top: 12 }}>
                <BadgeChip badge="MATURE" />
              </span>
            ) : null}
          </div>
          <ul
            css={{
              display: 'grid',
              gridAutoFlow: 'column',
              gridAutoColumns: 120,
              gap: 12,
              margin: '14px 0 0',
              padding: 0,
              listStyle: 'none',
              overflowX: 'auto',
              scrollbarWidth: 'none',
              '@media (min-width: 768px)': { gridAutoColumns: 150 },
            }}
          >
            {event.contents.map((content) => (
              <li key={content.id}>
                <ContentCard card={cardOf(content)} cssWidth={150} eager={index === 0} />
              </li>
            ))}
          </ul>
        </article>
      ))}
    </section>
  )
}
