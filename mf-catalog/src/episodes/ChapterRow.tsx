import { COLORS, usePageTimeZone, useT, type ChapterSummary, type Inventory } from '@koma/contracts'
import { chapterSalesState, formatDate, rentalOnly } from '@koma/contracts/domain'
import type { MouseEvent } from 'react'
import { ApiImage } from '../components/ApiImage'
import { BadgeChip } from '../components/BadgeChip'
import { episodeMessages } from '../i18n/messages'
import { splitDuration } from '../data/countdown'

/** The SPEC §4 sales state label (its priority rule lives in contracts, shared with the API). */
function StateLabel({ chapter, inventory }: { chapter: ChapterSummary; inventory: Inventory | null }) {
  const t = useT()
  if (chapter.aborted && !chapter.activity.unlocked && !chapter.activity.rented) {
    return <span css={{ color: COLORS.textMuted }}>{t(episodeMessages.aborted)}</span>
  }
  const state = chapterSalesState({ salesConfig: chapter.salesConfig, activity: chapter.activity, inventory })
  const { price, rentalPrice, originalPrice } = chapter.salesConfig
  switch (state) {
    case 'free':
      return <span css={{ color: COLORS.free, fontWeight: 700 }}>{t(episodeMessages.stateFree)}</span>
    case 'targetFree':
      return <span css={{ color: COLORS.free, fontWeight: 700 }}>{t(episodeMessages.stateTargetFree)}</span>
    case 'purchased':
      return <span css={{ color: COLORS.textMuted }}>{t(episodeMessages.statePurchased)}</span>
    case 'remained': {
      const { days, hours } = splitDuration(chapter.activity.rentRemained)
      return <span css={{ color: COLORS.textMuted }}>{t(episodeMessages.stateRemained, { days, hours })}</span>
    }
    case 'readNow':
      return <span css={{ color: COLORS.brand, fontWeight: 700 }}>{t(episodeMessages.stateReadNow)}</span>
    case 'waitForFree':
      return <span css={{ color: COLORS.brand }}>{t(episodeMessages.stateWaitForFree)}</span>
    case 'price':
      return price >= 0 ? (
        <span css={{ fontWeight: 700 }}>
          {originalPrice > price ? <s css={{ fontWeight: 400, color: COLORS.textMuted, marginRight: 4 }}>{originalPrice}</s> : null}
          {t(episodeMessages.statePrice, { price })}
        </span>
      ) : (
        <span css={{ fontWeight: 700 }}>{t(episodeMessages.stateRentalPrice, { price: rentalPrice })}</span>
      )
  }
}

/** A plain click stays in the app (its own decision: viewer, sign-in, purchase); a click for a new tab or window is the browser's. */
const plainClick = (event: MouseEvent<HTMLAnchorElement>) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/**
 * One episode in the list: thumbnail, name, date, its sales state (SPEC §4) and a preview link.
 * Both are real links to the viewer (open in a new tab, copy the link, crawlers follow them); a
 * plain click still goes through the list's own decision (`onOpen`, `onPreview`).
 */
export function ChapterRow({
  chapter,
  inventory,
  href,
  previewHref,
  onOpen,
  onPreview,
  lastRead,
  big,
}: {
  chapter: ChapterSummary
  inventory: Inventory | null
  href: string
  previewHref: string
  onOpen: (chapter: ChapterSummary) => void
  onPreview: (chapter: ChapterSummary) => void
  lastRead: boolean
  big: boolean
}) {
  const t = useT()
  // Dates in the zone the page was drawn in, then the reader's own (issue 13).
  const timeZone = usePageTimeZone()
  const thumbWidth = big ? 96 : 76
  return (
    <li css={{ borderBottom: `1px solid ${COLORS.line}`, display: 'flex', alignItems: 'center' }}>
      <a
        href={href}
        data-testid="chapter-row"
        data-chapter-id={chapter.id}
        data-free={chapter.salesConfig.free ? 'true' : 'false'}
        onClick={(event) => {
          if (!plainClick(event)) return
          event.preventDefault()
          onOpen(chapter)
        }}
        css={{
          display: 'flex',
          flex: 1,
          minWidth: 0,
          gap: 12,
          alignItems: 'center',
          padding: '10px 16px',
          background: lastRead ? COLORS.brandTint : 'none',
          border: 0,
          cursor: 'pointer',
          textAlign: 'left',
          color: COLORS.text,
          textDecoration: 'none',
          '&:hover': { background: COLORS.surfaceAlt },
        }}
      >
        <div css={{ width: thumbWidth, flex: `0 0 ${thumbWidth}px`, borderRadius: 6, overflow: 'hidden' }}>
          {chapter.thumbnail ? (
            <ApiImage url={chapter.thumbnail.url} width={chapter.thumbnail.width} height={chapter.thumbnail.height} cssWidth={thumbWidth} alt="" />
          ) : (
            <div css={{ aspectRatio: '1', background: COLORS.surfaceAlt }} />
          )}
        </div>
        <div css={{ flex: 1, minWidth: 0 }}>
          <p css={{ margin: 0, fontSize: 15, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{chapter.name}</p>
          <p css={{ margin: '3px 0 0', fontSize: 12, color: COLORS.textMuted, display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{formatDate(chapter.publishedAt, timeZone)}</span>
            {chapter.totalComments > 0 ? <span>· {t(episodeMessages.comments, { count: chapter.totalComments })}</span> : null}
            {rentalOnly(chapter.salesConfig) ? <BadgeChip badge="RENTAL_ONLY" /> : null}
            {lastRead ? <span css={{ color: COLORS.brand, fontWeight: 700 }}>{t(episodeMessages.lastRead)}</span> : null}
          </p>
        </div>
        <div data-testid="chapter-state" css={{ fontSize: 13, textAlign: 'right', whiteSpace: 'nowrap' }}>
          <StateLabel chapter={chapter} inventory={inventory} />
        </div>
      </a>
      {chapter.hasTrial && !chapter.salesConfig.free && !chapter.activity.unlocked ? (
        <a
          href={previewHref}
          data-testid="chapter-preview"
          onClick={(event) => {
            if (!plainClick(event)) return
            event.preventDefault()
            onPreview(chapter)
          }}
          css={{
            marginRight: 12,
            padding: '6px 10px',
            borderRadius: 14,
            border: `1px solid ${COLORS.line}`,
            background: COLORS.surface,
            color: COLORS.text,
            fontSize: 12,
            fontWeight: 700,
            cursor: 'pointer',
            whiteSpace: 'nowrap',
            textDecoration: 'none',
          }}
        >
          {t(episodeMessages.trial)}
        </a>
      ) : null}
    </li>
  )
}
