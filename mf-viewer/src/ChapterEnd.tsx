import { COLORS, Slot, useLocalePath, useT, type Chapter } from '@koma/contracts'
import { Link } from 'react-router-dom'
import { viewerMessages } from './i18n/messages'

/** After the last page: author's note, next episode and the chapter's comments (mf-community). */
export function ChapterEnd({ chapter }: { chapter: Chapter }) {
  const t = useT()
  const path = useLocalePath()
  const base = `/${chapter.contentType}/${chapter.contentId}`
  return (
    <section data-testid="chapter-end" css={{ maxWidth: 720, margin: '0 auto', padding: '24px 16px 64px' }}>
      <p css={{ textAlign: 'center', color: COLORS.textMuted, fontSize: 13 }}>{t(chapter.salesType === 'trial' ? viewerMessages.trialEnd : viewerMessages.endOfChapter, { name: chapter.name })}</p>
      {chapter.authorComment ? (
        <div css={{ background: COLORS.surfaceAlt, borderRadius: 12, padding: 16, margin: '16px 0' }}>
          <h2 css={{ fontSize: 14, margin: '0 0 6px' }}>{t(viewerMessages.authorComment)}</h2>
          <p css={{ margin: 0, fontSize: 14, lineHeight: 1.6, whiteSpace: 'pre-line' }}>{chapter.authorComment}</p>
        </div>
      ) : null}
      <nav css={{ display: 'flex', gap: 8, margin: '16px 0 24px' }}>
        {chapter.previousChapter ? (
          <Link to={path(`${base}/chapter/${chapter.previousChapter.id}/product`)} css={navButton(false)}>
            {t(viewerMessages.previous)}
          </Link>
        ) : null}
        {chapter.nextChapter ? (
          <Link to={path(`${base}/chapter/${chapter.nextChapter.id}/product`)} data-testid="next-chapter" css={navButton(true)}>
            {t(viewerMessages.next)} · {chapter.nextChapter.name}
          </Link>
        ) : (
          <span css={{ ...navButton(false), color: COLORS.textMuted }}>{t(viewerMessages.noNext)}</span>
        )}
      </nav>
      {chapter.commentEnabled ? (
        <Slot
          remote="mf_community"
          module="./chapterComments"
          props={{ contentType: chapter.contentType, contentId: chapter.contentId, chapterId: chapter.id, totalComments: chapter.totalComments }}
        />
      ) : null}
    </section>
  )
}

const navButton = (primary: boolean) =>
  ({
    flex: 1,
    textAlign: 'center' as const,
    padding: '12px 8px',
    borderRadius: 10,
    fontSize: 14,
    fontWeight: 700,
    textDecoration: 'none',
    background: primary ? COLORS.brand : COLORS.surfaceAlt,
    color: primary ? '#fff' : COLORS.text,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap' as const,
  })
