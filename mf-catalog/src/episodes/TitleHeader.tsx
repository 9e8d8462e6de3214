import { analytics, api, auth, COLORS, endpoints, openDialog, useLocale, useT, type ContentDetail } from '@koma/contracts'
import { abbreviateCount, contentBadges, legibleBackground, orderedAuthors } from '@koma/contracts/domain'
import { invalidate, type CatalogKey } from '../cache'
import { useLayoutEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { ApiImage } from '../components/ApiImage'
import { BadgeChip } from '../components/BadgeChip'
import { commonMessages, episodeMessages, roleMessages, weekdayMessages } from '../i18n/messages'

const STATUS = {
  ongoing: episodeMessages.statusOngoing,
  completed: episodeMessages.statusCompleted,
  hiatus: episodeMessages.statusHiatus,
  coming_soon: episodeMessages.statusComingSoon,
} as const

/** The episode list's title block: key visual in the theme colour, names, roles, genres, description. */
/** Subscribe (the library) and share: a signed-out reader is asked to sign in to subscribe. */
function TitleActions({ content, resourceKey }: { content: ContentDetail; resourceKey: CatalogKey }) {
  const t = useT()
  const location = useLocation()
  const [subscribed, setSubscribed] = useState(content.subscribed)
  const [busy, setBusy] = useState(false)
  const toggle = async () => {
    if (!auth.reader) {
      // SPEC §4: the library is for members, and for guests on this browser.
      const answer = await openDialog('loginConfirm', { redirect: location.pathname + location.search, guestAllowed: true })
      if (answer !== 'guest') return
    }
    setBusy(true)
    const next = !subscribed
    try {
      const params = { type: content.type, id: String(content.id) }
      await api.request(next ? endpoints.subscribe : endpoints.unsubscribe, { params })
      setSubscribed(next)
      if (next) analytics.track('subscribe', { content_id: content.id })
      invalidate(resourceKey)
      invalidate('library:')
    } catch {
      /* the error dialog has said why; nothing changed */
    } finally {
      setBusy(false)
    }
  }
  const share = () => void openDialog('share', { link: content.sns.link, text: content.sns.text, tags: content.sns.tags, title: t(episodeMessages.shareTitle) })
  const button = {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 6,
    padding: '8px 14px',
    borderRadius: 18,
    fontSize: 13,
    fontWeight: 700,
    cursor: 'pointer',
    border: '1px solid rgba(255,255,255,.7)',
  } as const
  return (
    <div css={{ display: 'flex', gap: 8, marginTop: 12 }}>
      <button
        type="button"
        data-testid="subscribe"
        aria-pressed={subscribed}
        disabled={busy}
        onClick={() => void toggle()}
        css={{ ...button, background: subscribed ? '#fff' : 'rgba(0,0,0,.18)', color: subscribed ? headerBackground(content.themeColor) : '#fff' }}
      >
        <span aria-hidden>{subscribed ? '✓' : '+'}</span>
        {t(subscribed ? episodeMessages.subscribed : episodeMessages.subscribe)}
      </button>
      <button type="button" data-testid="share" onClick={share} css={{ ...button, background: 'rgba(0,0,0,.18)', color: '#fff' }}>
        <span aria-hidden>↗</span>
        {t(episodeMessages.share)}
      </button>
    </div>
  )
}

/**
 * The header's colour: the title's themeColor, darkened when needed so its white text (the
 * smallest lines drawn at 85 % opacity) reaches WCAG AA 4.5:1 (issue 14).
 */
const headerBackground = (themeColor: string) => legibleBackground(themeColor, { inkOpacity: 0.85 })

export function TitleHeader({ content, resourceKey }: { content: ContentDetail; resourceKey: CatalogKey }) {
  const t = useT()
  const { locale } = useLocale()
  const [expanded, setExpanded] = useState(false)
  const [clamped, setClamped] = useState(false)
  const description = useRef<HTMLParagraphElement>(null)
  // "More" only when three lines do not hold the whole description.
  useLayoutEffect(() => {
    const element = description.current
    if (element && !expanded) setClamped(element.scrollHeight > element.clientHeight + 1)
  }, [content.description, expanded])
  const cover = content.thumbnails.find((thumbnail) => thumbnail.type === 'cover')
  const days = content.publishDay.map((day) => t(weekdayMessages[`d${day}` as keyof typeof weekdayMessages])).join(', ')
  const background = headerBackground(content.themeColor)
  return (
    <header data-testid="title-header" css={{ background, color: '#fff' }}>
      <div css={{ position: 'relative', maxWidth: 1200, margin: '0 auto' }}>
        {content.keyVisual ? (
          <div css={{ position: 'relative' }}>
            <ApiImage
              url={content.keyVisual.url}
              width={content.keyVisual.width}
              height={content.keyVisual.height}
              cssWidth={1200}
              alt=""
              priority
              style={{ '@media (min-width: 768px)': { aspectRatio: '16 / 6', objectPosition: 'center 30%' } }}
            />
            <div
              css={{
                position: 'absolute',
                inset: 0,
                background: `linear-gradient(180deg, rgba(0,0,0,.25) 0%, transparent 30%, transparent 45%, ${background} 100%)`,
              }}
            />
          </div>
        ) : null}
        <div css={{ position: 'relative', display: 'flex', gap: 20, padding: '0 16px 24px', marginTop: content.keyVisual ? -96 : 0, alignItems: 'flex-end' }}>
          {cover ? (
            <div
              css={{
                width: 120,
                flex: '0 0 120px',
                borderRadius: 8,
                overflow: 'hidden',
                boxShadow: '0 8px 24px rgba(0,0,0,.3)',
                '@media (max-width: 540px)': { display: 'none' },
              }}
            >
              <ApiImage url={cover.url} width={cover.width} height={cover.height} cssWidth={120} alt="" eager />
            </div>
          ) : null}
          <div css={{ minWidth: 0 }}>
            <div data-testid="title-badges" css={{ display: 'flex', gap: 6, marginBottom: 6 }}>
              {contentBadges(content, 4).map((badge) => (
                <BadgeChip key={badge} badge={badge} />
              ))}
            </div>
            <h1 data-testid="content-name" css={{ fontSize: 26, lineHeight: 1.25, margin: '0 0 8px', textShadow: '0 1px 8px rgba(0,0,0,.3)' }}>
              {content.name}
            </h1>
            <p css={{ margin: 0, fontSize: 13, opacity: 0.95 }}>
              {orderedAuthors(content.authors)
                .map((author) => `${t(roleMessages[author.role])} ${author.name}`)
                .join(' · ')}
            </p>
            <p css={{ margin: '4px 0 0', fontSize: 12, opacity: 0.85 }}>
              {[
                t(STATUS[content.status]),
                content.genres.map((genre) => genre.name).join(', '),
                t(commonMessages.views, { count: abbreviateCount(content.totalViews, locale) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {days && content.status === 'ongoing' ? (
              <p css={{ margin: '4px 0 0', fontSize: 12, opacity: 0.85 }}>{t(episodeMessages.publishDays, { days })}</p>
            ) : null}
            <TitleActions content={content} resourceKey={resourceKey} />
          </div>
        </div>
      </div>
      {content.description ? (
        <div css={{ background: COLORS.surface, color: COLORS.text }}>
          <div css={{ maxWidth: 1200, margin: '0 auto', padding: '16px' }}>
            <p
              ref={description}
              data-testid="content-description"
              css={{
                margin: 0,
                fontSize: 14,
                lineHeight: 1.7,
                whiteSpace: 'pre-line',
                ...(expanded ? {} : { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }),
              }}
            >
              {content.description}
            </p>
            {clamped || expanded ? (
              <button
                type="button"
                onClick={() => setExpanded((value) => !value)}
                css={{ marginTop: 6, background: 'none', border: 0, padding: 0, color: COLORS.textMuted, fontSize: 13, cursor: 'pointer' }}
              >
                {t(expanded ? episodeMessages.less : episodeMessages.more)}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </header>
  )
}
