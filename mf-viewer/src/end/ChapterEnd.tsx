import { auth, COLORS, openDialog, Slot, useAfterFirstPaint, useLocalePath, useT, viewerPath, type Chapter, type ChapterNeighbour } from '@koma/contracts'
import { chapterSalesState } from '@koma/contracts/domain'
import type { MouseEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { stateMessages, viewerMessages } from '../i18n/messages'

type StateLabel = { key: keyof typeof stateMessages; price?: number; open: boolean }

/** The next episode's access state (SPEC §4 chapter sales state) and whether it opens straight away. */
export function nextEpisodeState(next: ChapterNeighbour): StateLabel | null {
  if (!next.salesConfig || !next.activity) return null
  const owned = next.activity.unlocked || (next.activity.rented && next.activity.rentRemained > 0)
  if (next.aborted && !owned) return { key: 'aborted', open: false }
  const state = chapterSalesState({ salesConfig: next.salesConfig, activity: next.activity, inventory: null })
  switch (state) {
    case 'purchased':
    case 'free':
    case 'targetFree':
    case 'remained':
      return { key: state, open: true }
    case 'readNow':
    case 'waitForFree':
      return { key: state, open: false }
    default:
      if (next.salesConfig.price < 0 && next.salesConfig.rentalPrice >= 0) return { key: 'rentalOnly', price: next.salesConfig.rentalPrice, open: false }
      return { key: 'price', price: Math.max(0, next.salesConfig.price), open: false }
  }
}

/** After the last page: author's note, the next episode with its access state, and the chapter's comments (mf-community). */
export function ChapterEnd({ chapter, onNext }: { chapter: Chapter; onNext?: () => void }) {
  const t = useT()
  const path = useLocalePath()
  const chapterPath = (chapterId: number) => path(viewerPath({ contentType: chapter.contentType, contentId: chapter.contentId, chapterId }))
  const next = chapter.nextChapter
  const state = next ? nextEpisodeState(next) : null
  const trial = chapter.salesType === 'trial'
  const navigate = useNavigate()
  // The comments (mf-community) come after the first page is shown and the page is idle: a short
  // strip shows its end at once, and its first images must not wait on another remote (issue 34).
  const commentsNow = useAfterFirstPaint()
  // A locked next episode opens the purchase dialog (mf-payments) for a signed-in reader; once
  // unlocked or rented, the viewer goes on to it.
  const openNext = (event: MouseEvent) => {
    onNext?.()
    if (!next || !state || state.open || state.key === 'aborted' || !auth.signedIn) return
    event.preventDefault()
    void openDialog('purchase', { contentType: chapter.contentType, contentId: chapter.contentId, chapterId: next.id }).then((result) => {
      if (result?.unlocked) void navigate(chapterPath(next.id))
    })
  }
  return (
    <section data-testid="chapter-end" css={{ maxWidth: 720, margin: '0 auto', padding: '28px 16px 72px', color: COLORS.text }}>
      <p css={{ textAlign: 'center', color: COLORS.textMuted, fontSize: 13, margin: '0 0 20px' }}>
        {t(trial ? viewerMessages.trialEnd : viewerMessages.endOfChapter, { name: chapter.name })}
      </p>
      {trial ? (
        <Link to={chapterPath(chapter.id)} data-testid="read-full" css={{ ...navButton(true), display: 'block', marginBottom: 16 }}>
          {t(viewerMessages.readFullEpisode)}
        </Link>
      ) : null}
      {next ? (
        <Link
          to={chapterPath(next.id)}
          data-testid="next-chapter"
          data-state={state?.key ?? 'unknown'}
          onClick={openNext}
          css={{
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            padding: 12,
            borderRadius: 14,
            background: COLORS.surfaceAlt,
            textDecoration: 'none',
            color: COLORS.text,
            marginBottom: 12,
          }}
        >
          {next.thumbnail ? (
            <img
              src={`${next.thumbnail.url}?w=320`}
              alt=""
              width={76}
              height={76}
              loading="lazy"
              css={{ width: 76, height: 76, borderRadius: 10, objectFit: 'cover', flex: 'none', background: COLORS.line }}
            />
          ) : null}
          <span css={{ minWidth: 0, flex: 1 }}>
            <span css={{ display: 'block', fontSize: 12, color: COLORS.textMuted }}>{t(viewerMessages.nextEpisodeLabel)}</span>
            <span css={{ display: 'block', fontSize: 16, fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {next.name}
            </span>
            {state ? (
              <span
                data-testid="next-chapter-state"
                css={{
                  display: 'inline-block',
                  marginTop: 4,
                  fontSize: 12,
                  fontWeight: 700,
                  padding: '2px 8px',
                  borderRadius: 999,
                  color: '#fff',
                  background: state.open ? COLORS.free : state.key === 'aborted' ? COLORS.textMuted : COLORS.brand,
                }}
              >
                {t(stateMessages[state.key], { price: state.price ?? 0 })}
              </span>
            ) : null}
          </span>
          <span aria-hidden css={{ fontSize: 24, color: COLORS.textMuted }}>
            ›
          </span>
        </Link>
      ) : (
        <p data-testid="no-next" css={{ ...navButton(false), color: COLORS.textMuted, margin: '0 0 12px' }}>
          {t(viewerMessages.noNext)}
        </p>
      )}
      {chapter.previousChapter ? (
        <Link to={chapterPath(chapter.previousChapter.id)} data-testid="previous-chapter" css={{ ...navButton(false), display: 'block' }}>
          ‹ {t(viewerMessages.previous)} · {chapter.previousChapter.name}
        </Link>
      ) : null}
      {chapter.authorComment ? (
        <div data-testid="author-comment" css={{ background: COLORS.surfaceAlt, borderRadius: 14, padding: 16, margin: '20px 0' }}>
          <h2 css={{ fontSize: 14, margin: '0 0 6px' }}>{t(viewerMessages.authorComment)}</h2>
          <p css={{ margin: 0, fontSize: 14, lineHeight: 1.6, whiteSpace: 'pre-line' }}>{chapter.authorComment}</p>
        </div>
      ) : null}
      {chapter.commentEnabled ? (
        <div css={{ marginTop: 24, minHeight: 120 }}>
          {commentsNow ? (
            <Slot
              remote="mf_community"
              module="./chapterComments"
              props={{ contentType: chapter.contentType, contentId: chapter.contentId, chapterId: chapter.id }}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  )
}

const navButton = (primary: boolean) => ({
  textAlign: 'center' as const,
  padding: '12px 14px',
  borderRadius: 12,
  fontSize: 14,
  fontWeight: 700,
  textDecoration: 'none',
  background: primary ? COLORS.brand : COLORS.surfaceAlt,
  color: primary ? '#fff' : COLORS.text,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap' as const,
})
