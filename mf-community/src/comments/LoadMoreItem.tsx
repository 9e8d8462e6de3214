import { COLORS, useT } from '@koma/contracts'
import { commentMessages } from '../i18n/messages'

/** The last entry of a comment list with more pages: "Show more" across the list's width. */
export function LoadMoreItem({ onClick }: { onClick: () => void }) {
  const t = useT()
  return (
    <li css={{ listStyle: 'none' }}>
      <button
        type="button"
        onClick={onClick}
        css={{
          width: '100%',
          padding: 14,
          margin: '12px 0',
          borderRadius: 10,
          border: `1px solid ${COLORS.line}`,
          background: COLORS.surface,
          cursor: 'pointer',
          fontWeight: 700,
        }}
      >
        {t(commentMessages.loadMore)}
      </button>
    </li>
  )
}
