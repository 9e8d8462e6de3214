import { api, auth, COLORS, endpoints, openDialog, useLocale, useLocalePath, useT, viewerPath, routePath, type ContentType } from '@koma/contracts'
import { contentBadges, formatDate, orderedAuthors, themeInk } from '@koma/contracts/domain'
import { useResource, type CatalogKey } from '../cache'
import { useEffect, useState } from 'react'
import { Link, Navigate, useLocation, useParams } from 'react-router-dom'
import { ApiImage } from '../components/ApiImage'
import { BadgeChip } from '../components/BadgeChip'
import { MatureGate } from '../components/MatureGate'
import { gated, MATURE_POLICY } from '../data/gated'
import { roleMessages, soonMessages } from '../i18n/messages'
import { splitDuration, useCountdown } from '../data/countdown'

function Countdown({ seconds }: { seconds: number }) {
  const t = useT()
  const left = useCountdown(seconds)
  const { days, hours, minutes } = splitDuration(left)
  if (left <= 0) return <>{t(soonMessages.outNow)}</>
  return <>{days > 0 ? t(soonMessages.inDays, { days, hours }) : t(soonMessages.inHours, { hours, minutes })}</>
}

/** /{contentType}/coming_soon/{contentId}: release countdown, trial, comments and the release notification. */
export default function ComingSoonPage() {
  const t = useT()
  const { contentType, contentId } = useParams() as { contentType: ContentType; contentId: string }
  const { locale } = useLocale()
  const path = useLocalePath()
  const location = useLocation()
  const key: CatalogKey = `soon:${contentType}:${contentId}:${locale}`
  const loaded = useResource(key, () => gated(api.request(endpoints.comingSoon, { params: { type: contentType, id: contentId }, policy: MATURE_POLICY })))
  const [notification, setNotification] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (loaded.value) document.title = `${loaded.value.content.name} | Koma`
  }, [loaded.value])
  if (loaded.matureRequired) return <MatureGate resourceKey={key} refusal={loaded.refusal} />
  const entry = loaded.value
  const { content } = entry
  if (content.status !== 'coming_soon') return <Navigate to={path(routePath('catalog.episodes', { contentType, contentId }))} replace />
  const on = notification ?? entry.notification
  // Text on the title's colour reaches 4.5:1 whatever the colour (issue 35: white on #31bb75 was 2.47:1).
  const theme = themeInk(content.themeColor)
  const toggle = async () => {
    if (!auth.signedIn) {
      await openDialog('loginConfirm', { redirect: location.pathname + location.search })
      return
    }
    setBusy(true)
    try {
      const result = await api.request(on ? endpoints.releaseNotificationOff : endpoints.releaseNotificationOn, {
        params: { type: contentType, id: contentId },
      })
      setNotification(result.notification)
    } catch {
      /* the error dialog has said why */
    } finally {
      setBusy(false)
    }
  }
  return (
    <article data-testid="coming-soon" css={{ background: theme.background, minHeight: '100%' }}>
      <div css={{ maxWidth: 960, margin: '0 auto', color: theme.ink }}>
        {content.keyVisual ? (
          <div css={{ position: 'relative' }}>
            <ApiImage
              url={content.keyVisual.url}
              width={content.keyVisual.width}
              height={content.keyVisual.height}
              cssWidth={960}
              alt=""
              priority
              style={{ display: 'block' }}
            />
            <div
              css={{ position: 'absolute', inset: 0, background: `linear-gradient(180deg, rgba(0,0,0,.3) 0%, transparent 35%, ${theme.background} 100%)` }}
            />
          </div>
        ) : null}
        <div css={{ position: 'relative', padding: '0 20px 28px', marginTop: content.keyVisual ? -64 : 0 }}>
          <div css={{ display: 'flex', gap: 6, marginBottom: 8 }}>
            <BadgeChip badge="NEW" />
            {contentBadges(content, 2).map((badge) => (
              <BadgeChip key={badge} badge={badge} />
            ))}
          </div>
          <p css={{ margin: '0 0 4px', fontSize: 13, fontWeight: 700, letterSpacing: 0.5 }}>{t(soonMessages.label)}</p>
          <h1 css={{ fontSize: 28, lineHeight: 1.25, margin: '0 0 8px' }}>{content.name}</h1>
          <p css={{ margin: 0, fontSize: 13 }}>
            {orderedAuthors(content.authors)
              .map((author) => `${t(roleMessages[author.role])} ${author.name}`)
              .join(' · ')}
          </p>
          <div data-testid="release-countdown" css={{ margin: '18px 0', padding: '14px 16px', borderRadius: 12, background: theme.veil }}>
            <p css={{ margin: 0, fontSize: 13 }}>{t(soonMessages.release, { date: formatDate(content.publishedAt) })}</p>
            <p css={{ margin: '4px 0 0', fontSize: 22, fontWeight: 800 }}>
              <Countdown seconds={entry.publicationRemained} />
            </p>
          </div>
          <div css={{ display: 'flex', gap: 10, flexWrap: 'wrap' }}>
            <button
              type="button"
              data-testid="release-notification"
              aria-pressed={on}
              disabled={busy}
              onClick={() => void toggle()}
              css={{
                flex: '1 1 220px',
                padding: '14px 18px',
                borderRadius: 26,
                border: on ? `1px solid ${theme.ink}` : 0,
                background: on ? 'transparent' : theme.ink,
                color: on ? theme.ink : theme.background,
                fontWeight: 800,
                fontSize: 15,
                cursor: 'pointer',
              }}
            >
              {on ? t(soonMessages.notifyOn) : t(soonMessages.notify)}
            </button>
            {entry.hasTrial && entry.trialChapterId ? (
              <Link
                to={path(viewerPath({ contentType, contentId, chapterId: entry.trialChapterId, salesType: 'trial' }))}
                data-testid="trial-link"
                css={{
                  flex: '1 1 220px',
                  padding: '14px 18px',
                  borderRadius: 26,
                  background: theme.veil,
                  color: theme.ink,
                  fontWeight: 800,
                  fontSize: 15,
                  textAlign: 'center',
                  textDecoration: 'none',
                }}
              >
                {t(soonMessages.trial)}
              </Link>
            ) : null}
          </div>
          <p css={{ margin: '10px 0 0', fontSize: 12 }}>{t(soonMessages.notifyHint)}</p>
        </div>
      </div>
      <div css={{ background: COLORS.surface, color: COLORS.text }}>
        <div css={{ maxWidth: 960, margin: '0 auto', padding: '20px' }}>
          <p css={{ margin: 0, fontSize: 15, lineHeight: 1.8, whiteSpace: 'pre-line' }}>{content.description}</p>
          <p css={{ margin: '14px 0 0', fontSize: 13, color: COLORS.textMuted }}>
            {content.genres.map((genre) => genre.name).join(' · ')}
            {entry.commentEnabled ? ` · ${t(soonMessages.comments, { count: entry.totalComments })}` : ''}
            {entry.commentEnabled && entry.trialChapterId && entry.totalComments > 0 ? (
              <>
                {' '}
                <Link
                  to={path(routePath('community.chapterComments', { contentType, contentId, chapterId: entry.trialChapterId }))}
                  css={{ color: COLORS.brand }}
                >
                  {t(soonMessages.readComments)}
                </Link>
              </>
            ) : null}
          </p>
          <div css={{ height: 48 }} />
        </div>
      </div>
    </article>
  )
}
