import { api, endpoints, isId, useLocale, useLocalePath, useT, routePath } from '@koma/contracts'
import { useResource } from '../cache'
import { Link, useLocation, useSearchParams } from 'react-router-dom'
import { AccountPage, secondaryButton } from '../components/ui'
import { documentMessages, supportMessages } from '../i18n/messages'
import { NotFound } from './NotFound'

function Faq({ id }: { id: string }) {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const faq = useResource(`account:faq:${locale}:${id}`, () => api.request(endpoints.faq, { params: { id } }))
  return (
    <AccountPage
      testId="faq-detail"
      title={faq.question}
      lead={t(supportMessages[faq.category])}
      back={{ to: '/document/faq', label: t(documentMessages.toFaq) }}
    >
      <p css={{ fontSize: 15, lineHeight: 1.8, margin: '0 0 28px' }}>{faq.answer}</p>
      <Link to={path(routePath('account.inquiry'))} css={secondaryButton}>
        {t(documentMessages.contact)}
      </Link>
    </AccountPage>
  )
}

/** /document/faq/detail?id=… */
export default function FaqDetailPage() {
  const [search] = useSearchParams()
  const { pathname } = useLocation()
  const id = search.get('id') ?? ''
  return isId(id) ? <Faq id={id} /> : <NotFound path={pathname} />
}
