import { api, COLORS, endpoints, FONT_SIZES, isId, useLocale, useT } from '@koma/contracts'
import { useResource } from '../cache'
import { useLocation, useSearchParams } from 'react-router-dom'
import { formatDate } from '@koma/contracts/domain'
import { AccountPage } from '../components/ui'
import { documentMessages } from '../i18n/messages'
import { CategoryChip } from './NoticeListPage'
import { NotFound } from './NotFound'

function Notice({ id }: { id: string }) {
  const { locale } = useLocale()
  const t = useT()
  const notice = useResource(`account:notice:${locale}:${id}`, () => api.request(endpoints.notice, { params: { id } }))
  return (
    <AccountPage testId="notice-detail" title={notice.title} back={{ to: '/document/notice', label: t(documentMessages.toList) }}>
      <div css={{ display: 'flex', gap: 10, alignItems: 'center', margin: '-8px 0 20px' }}>
        <CategoryChip category={notice.category} />
        <span css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>{formatDate(notice.publishedAt)}</span>
      </div>
      <div css={{ fontSize: 15, lineHeight: 1.8, whiteSpace: 'pre-line', color: '#2b2b2b' }}>{notice.body}</div>
    </AccountPage>
  )
}

/** /document/notice/detail?id=… */
export default function NoticeDetailPage() {
  const [search] = useSearchParams()
  const { pathname } = useLocation()
  const id = search.get('id') ?? ''
  return isId(id) ? <Notice id={id} /> : <NotFound path={pathname} />
}
