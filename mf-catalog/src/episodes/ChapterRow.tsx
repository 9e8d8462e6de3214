import { chapterSalesState, COLORS, formatDate, useT, type ChapterSummary, type Inventory } from '@koma/contracts'
import { ApiImage } from '../components/ApiImage'
import { episodeMessages } from '../i18n/messages'

function StateLabel({ chapter, inventory }: { chapter: ChapterSummary; inventory: Inventory | null }) {
  const t = useT()
  if (chapter.aborted && !chapter.activity.unlocked && !chapter.activity.rented) {
    return <span css={{ color: COLORS.textMuted }}>{t(episodeMessages.aborted)}</span>
  }
  const state = chapterSalesState({ salesConfig: chapter.salesConfig, activity: chapter.activity, inventory })
  const { price, rentalPrice } = chapter.salesConfig
  switch (state) {
    case 'free':
      return <span css={{ color: COLORS.free, fontWeight: 700 }}>{t(episodeMessages.stateFree)}</span>
    case 'targetFree':
      return <span css={{ color: COLORS.free, fontWeight: 700 }}>{t(episodeMessages.stateTargetFree)}</span>
    case 'purchased':
      return <span>{t(episodeMessages.statePurchased)}</span>
    case 'remained':
      return <span>{t(episodeMessages.stateRemained)}</span>
    case 'readNow':
      return <span css={{ color: COLORS.brand, fontWeight: 700 }}>{t(episodeMessages.stateReadNow)}</span>
    case 'waitForFree':
      return <span css={{ color: COLORS.brand }}>{t(episodeMessages.stateWaitForFree)}</span>
    case 'price':
      return price >= 0 ? <span>{t(episodeMessages.statePrice, { price })}</span> : <span>{t(episodeMessages.stateRentalPrice, { price: rentalPrice })}</span>
  }
}

/** One episode in the list: thumbnail, name, date and its sales state (SPEC §4). */
export function ChapterRow({ chapter, inventory, onOpen }: { chapter: ChapterSummary; inventory: Inventory | null; onOpen: (chapter: ChapterSummary) => void }) {
  const t = useT()
  return (
    <li css={{ borderBottom: `1px solid ${COLORS.line}` }}>
      <button
        type="button"
        data-testid="chapter-row"
        data-chapter-id={chapter.id}
        data-free={chapter.salesConfig.free ? 'true' : 'false'}
        onClick={() => onOpen(chapter)}
        css={{ display: 'flex', width: '100%', gap: 12, alignItems: 'center', padding: '10px 16px', background: 'none', border: 0, cursor: 'pointer', textAlign: 'left', color: COLORS.text, '&:hover': { background: COLORS.surfaceAlt } }}
      >
        <div css={{ width: 76, flex: '0 0 76px', borderRadius: 6, overflow: 'hidden' }}>
          {chapter.thumbnail ? <ApiImage url={chapter.thumbnail.url} width={chapter.thumbnail.width} height={chapter.thumbnail.height} cssWidth={76} alt="" /> : <div css={{ aspectRatio: '1', background: COLORS.surfaceAlt }} />}
        </div>
        <div css={{ flex: 1, minWidth: 0 }}>
          <p css={{ margin: 0, fontSize: 15, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{chapter.name}</p>
          <p css={{ margin: '2px 0 0', fontSize: 12, color: COLORS.textMuted }}>
            {formatDate(chapter.publishedAt)}
            {chapter.totalComments > 0 ? ` · ${t(episodeMessages.comments, { count: chapter.totalComments })}` : ''}
          </p>
        </div>
        <div css={{ fontSize: 13, textAlign: 'right', whiteSpace: 'nowrap' }}>
          <StateLabel chapter={chapter} inventory={inventory} />
          {chapter.hasTrial && !chapter.salesConfig.free ? <div css={{ fontSize: 11, color: COLORS.textMuted }}>{t(episodeMessages.trial)}</div> : null}
        </div>
      </button>
    </li>
  )
}
