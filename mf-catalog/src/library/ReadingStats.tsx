import { api, auth, COLORS, endpoints, FONT_SIZES, loginPath, routePath, useLocale, useLocalePath, useT } from '@koma/contracts'
import { readingExportFileName, SITTING_GAP_MINUTES, type ReadingStats as Stats } from '@koma/contracts/domain'
import { observer } from 'mobx-react-lite'
import { Suspense, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { useResource } from '../cache'
import { ReadingStatsIntl } from './i18n/ReadingStatsIntl'
import { readingStatsMessages as m } from './messages'

const button = {
  display: 'inline-block',
  padding: '12px 24px',
  borderRadius: 24,
  border: 0,
  background: COLORS.brand,
  color: COLORS.onBrand,
  fontSize: FONT_SIZES.size50,
  fontWeight: 700,
  textDecoration: 'none',
  cursor: 'pointer',
} as const

const card = { background: COLORS.surfaceAlt, borderRadius: 12, padding: '14px 16px', margin: 0 } as const

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <div css={card} data-testid={testId}>
      <dt css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>{label}</dt>
      <dd css={{ margin: '4px 0 0', fontSize: FONT_SIZES.size80, fontWeight: 700, color: COLORS.text }}>{value}</dd>
      {detail ? <dd css={{ margin: '2px 0 0', fontSize: FONT_SIZES.size30, color: COLORS.textMuted }}>{detail}</dd> : null}
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section css={{ margin: '24px 0 0' }}>
      <h3 css={{ fontSize: FONT_SIZES.size60, margin: '0 0 10px' }}>{title}</h3>
      {children}
    </section>
  )
}

/** Save the member's copy of their reading data as a file. */
async function download(): Promise<void> {
  const copy = await api.request(endpoints.readingExport)
  const url = URL.createObjectURL(new Blob([JSON.stringify(copy, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = readingExportFileName(copy.stats.today)
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its bytes once it started; the URL is let go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

function Figures() {
  const t = useT()
  const { locale } = useLocale()
  const stats: Stats = useResource(`library:stats:${locale}`, () => api.request(endpoints.readingStats))
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  // A first sitting of a few seconds is "under a minute", not "0 min".
  const time = (minutes: number, seconds = minutes * 60) =>
    minutes === 0 && seconds > 0
      ? t(m.underMinute)
      : minutes < 60
        ? t(m.minutes, { minutes })
        : t(m.hours, { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
  const most = Math.max(1, ...stats.months.map((month) => month.chapters))
  const { year } = stats
  return (
    <div data-testid="reading-stats">
      <dl
        css={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, 1fr)',
          gap: 10,
          margin: 0,
          '@media (min-width: 720px)': { gridTemplateColumns: 'repeat(5, 1fr)' },
        }}
      >
        <Figure testId="stats-chapters" label={t(m.chapters)} value={String(stats.chaptersRead)} detail={t(m.finished, { count: stats.chaptersFinished })} />
        <Figure testId="stats-titles" label={t(m.titles)} value={String(stats.titlesRead)} />
        <Figure testId="stats-time" label={t(m.time)} value={time(stats.minutesRead, stats.secondsRead)} />
        <Figure testId="stats-streak" label={t(m.streak)} value={String(stats.streak.current)} detail={t(m.longest, { count: stats.streak.longest })} />
        <Figure testId="stats-days" label={t(m.days)} value={String(stats.daysRead)} />
      </dl>

      <Section title={t(m.yearTitle, { year: year.year })}>
        <div css={card} data-testid="stats-year">
          {year.chapters === 0 ? (
            <p css={{ margin: 0, color: COLORS.textMuted }}>{t(m.yearEmpty)}</p>
          ) : (
            <ul css={{ margin: 0, paddingLeft: 18, lineHeight: 1.7 }}>
              <li>{t(m.yearLine, { chapters: year.chapters, titles: year.titles, days: year.days })}</li>
              <li>{t(m.yearTime, { time: time(year.minutes, year.seconds) })}</li>
              <li>{t(m.yearStreak, { count: year.longestStreak })}</li>
              {year.topTitle ? <li>{t(m.yearTop, { title: year.topTitle })}</li> : null}
              {year.topGenre ? <li>{t(m.yearGenre, { genre: year.topGenre })}</li> : null}
            </ul>
          )}
        </div>
      </Section>

      <div css={{ display: 'grid', gap: '0 24px', '@media (min-width: 720px)': { gridTemplateColumns: '3fr 2fr' } }}>
        <Section title={t(m.perMonth)}>
          <ol data-testid="stats-months" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {stats.months.map((month) => (
              <li key={month.month} css={{ display: 'flex', alignItems: 'center', gap: 10, padding: '3px 0', fontSize: FONT_SIZES.size40 }}>
                <span css={{ width: 64, flex: '0 0 64px', color: COLORS.textMuted }}>{month.month.replace('-', '/')}</span>
                <span aria-hidden="true" css={{ flex: 1, height: 10, background: COLORS.surfaceAlt, borderRadius: 5, overflow: 'hidden' }}>
                  <span css={{ display: 'block', height: '100%', width: `${(month.chapters / most) * 100}%`, background: COLORS.brand }} />
                </span>
                <span css={{ width: 96, flex: '0 0 96px', textAlign: 'right' }}>{t(m.monthLine, { count: month.chapters })}</span>
              </li>
            ))}
          </ol>
        </Section>
        <Section title={t(m.genres)}>
          {stats.genres.length === 0 ? (
            <p css={{ margin: 0, color: COLORS.textMuted }}>{t(m.noGenres)}</p>
          ) : (
            <ol data-testid="stats-genres" css={{ margin: 0, paddingLeft: 22, lineHeight: 1.8 }}>
              {stats.genres.map((genre) => (
                <li key={genre.name}>
                  <strong>{genre.name}</strong> <span css={{ color: COLORS.textMuted }}>{t(m.genreCount, { count: genre.chapters })}</span>
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>

      <p css={{ margin: '24px 0 0', fontSize: FONT_SIZES.size30, color: COLORS.textMuted, lineHeight: 1.6 }}>
        {t(m.timeNote, { gap: SITTING_GAP_MINUTES, zone: stats.timeZone })}
      </p>
      <div css={{ margin: '16px 0 0' }}>
        <button
          type="button"
          data-testid="stats-download"
          disabled={busy}
          onClick={() => {
            setBusy(true)
            setFailed(false)
            download()
              .catch(() => setFailed(true))
              .finally(() => setBusy(false))
          }}
          css={button}
        >
          {t(m.download)}
        </button>
        {failed ? (
          <p role="alert" css={{ margin: '8px 0 0', color: COLORS.danger, fontSize: FONT_SIZES.size40 }}>
            {t(m.downloadFailed)}
          </p>
        ) : null}
      </div>
    </div>
  )
}

/** Signed out or a guest: what the page holds, and the way in (no figures are asked for). */
function SignInPrompt() {
  const t = useT()
  const path = useLocalePath()
  const location = useLocation()
  const back = location.pathname + location.search
  return (
    <div data-testid="stats-sign-in" css={{ ...card, padding: '32px 20px', textAlign: 'center' }}>
      <p css={{ fontWeight: 700, margin: '0 0 8px' }}>{t(m.guestTitle)}</p>
      <p css={{ color: COLORS.textMuted, margin: '0 0 20px' }}>{t(m.guestText)}</p>
      {auth.guest ? (
        <Link to={`${path(routePath('account.signup'))}?redirect=${encodeURIComponent(back)}`} css={button}>
          {t(m.signUp)}
        </Link>
      ) : (
        <Link to={loginPath(back, path)} css={button}>
          {t(m.signIn)}
        </Link>
      )}
    </div>
  )
}

/** The library's "My reading" tab (issue 37 item 6): the member's own figures, nobody else's. */
export default function ReadingStats() {
  return (
    <ReadingStatsIntl>
      <ReadingStatsScreen />
    </ReadingStatsIntl>
  )
}

const ReadingStatsScreen = observer(function ReadingStatsScreen() {
  const t = useT()
  return (
    <section css={{ padding: '16px 16px 0' }}>
      <h2 css={{ fontSize: FONT_SIZES.size70, margin: '0 0 4px' }}>{t(m.title)}</h2>
      <p css={{ margin: '0 0 16px', fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>{t(m.private)}</p>
      {auth.signedIn ? (
        <Suspense fallback={<div css={{ height: 320 }} />}>
          <Figures />
        </Suspense>
      ) : (
        <SignInPrompt />
      )}
    </section>
  )
})
