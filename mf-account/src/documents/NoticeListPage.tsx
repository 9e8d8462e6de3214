import { api, COLORS, endpoints, FONT_SIZES, useLocale, useLocalePath, useT, routePath } from '@koma/contracts'
import { useResource } from '../cache'
import { Link, useSearchParams } from 'react-router-dom'
import { formatDate } from '@koma/contracts/domain'
import { AccountPage, Empty, secondaryButton } from '../components/ui'
import { documentMessages } from '../i18n/messages'

export function CategoryChip({ category }: { category: 'notice' | 'event' | 'maintenance' | 'update' }) {
  const t = useT()
  const colors = {
    notice: ['#eef1f5', '#44505e'],
    event: ['#fdecea', COLORS.brandDark],
    maintenance: ['#fff4e0', '#9a5b00'],
    update: [COLORS.freeTint, COLORS.freeDark],
  }[category]
  return (
    <span
      css={{ fontSize: FONT_SIZES.size25, fontWeight: 700, background: colors[0], color: colors[1], padding: '3px 8px', borderRadius: 6, whiteSpace: 'nowrap' }}
    >
      {t(documentMessages[category])}
    </span>
  )
}

/** /document/notice: notices, pinned first, 20 a page. */
export default function NoticeListPage() {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const [search] = useSearchParams()
  const pageNo = /^[1-9]\d{0,3}$/.test(search.get('pageNo') ?? '') ? String(search.get('pageNo')) : '1'
  const { notices, page } = useResource(`account:notices:${locale}:${pageNo}`, () => api.request(endpoints.notices, { query: { pageNo } }))
  return (
    <AccountPage testId="notices" title={t(documentMessages.noticeTitle)}>
      {!notices.length ? <Empty>—</Empty> : null}
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, borderTop: `1px solid ${COLORS.line}` }}>
        {notices.map((notice) => (
          <li key={notice.id} css={{ borderBottom: `1px solid ${COLORS.line}` }}>
            <Link
              to={`${path(routePath('account.noticeDetail'))}?id=${notice.id}`}
              data-testid="notice"
              css={{ display: 'block', padding: '16px 4px', color: COLORS.text, textDecoration: 'none', '&:hover strong': { textDecoration: 'underline' } }}
            >
              <span css={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 6 }}>
                <CategoryChip category={notice.category} />
                {notice.pinned ? <span css={{ fontSize: FONT_SIZES.size25, fontWeight: 700, color: COLORS.brand }}>{t(documentMessages.pinned)}</span> : null}
                <span css={{ fontSize: FONT_SIZES.size30, color: COLORS.textMuted, marginLeft: 'auto' }}>{formatDate(notice.publishedAt)}</span>
              </span>
              <strong css={{ fontSize: 15, lineHeight: 1.45 }}>{notice.title}</strong>
            </Link>
          </li>
        ))}
      </ul>
      {page.hasNext ? (
        <Link to={`${path(routePath('account.notice'))}?pageNo=${page.currentPageNo + 1}`} css={{ ...secondaryButton, marginTop: 20 }}>
          {t(documentMessages.more)}
        </Link>
      ) : null}
    </AccountPage>
  )
}
