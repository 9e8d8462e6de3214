import { api, COLORS, endpoints, useLocale, useT, type CollectionPage as Page, type ListContent } from '@koma/contracts'
import { useResource, type CatalogKey } from '../cache'
import { useEffect, useState } from 'react'
import { useLocation, useParams } from 'react-router-dom'
import { ContentGrid } from '../components/ContentGrid'
import { MatureGate } from '../components/MatureGate'
import { campaignGated, campaignPolicy, MATURE_POLICY } from '../data/gated'
import { commonMessages } from '../i18n/messages'
import { InfiniteList } from '../lists/InfiniteList'
import { PagedList } from '../lists/PagedList'
import { CollectionHeader } from './CollectionHeader'

const userAgent = (): string => (typeof navigator === 'undefined' ? '' : navigator.userAgent)

/** A promotion is a campaign page (SPEC §8 campaign rules); a content catalog is not. */
const fetchPage = (kind: 'promotion' | 'catalog', id: string, pageNo: number): Promise<Page> =>
  kind === 'promotion'
    ? api.request(endpoints.promotion, { params: { id }, query: { pageNo: String(pageNo) }, policy: campaignPolicy(userAgent()) })
    : api.request(endpoints.contentCatalog, { params: { id }, query: { pageNo: String(pageNo) }, policy: MATURE_POLICY })

function Titles({ first, kind, id }: { first: Page; kind: 'promotion' | 'catalog'; id: string }) {
  const [list] = useState(
    () =>
      new PagedList<ListContent>({ items: first.contents, page: first.page }, (pageNo) =>
        fetchPage(kind, id, pageNo).then((next) => ({ items: next.contents, page: next.page })),
      ),
  )
  return <InfiniteList list={list}>{(items) => <ContentGrid contents={items} />}</InfiniteList>
}

/** /menu/promotion/{id} and /menu/content_catalog/{id}: a curated list, paged by 20. */
export default function CollectionPage() {
  const t = useT()
  const { id } = useParams() as { id: string }
  const { pathname } = useLocation()
  const kind = pathname.includes('/menu/promotion/') ? 'promotion' : 'catalog'
  const { locale } = useLocale()
  const key: CatalogKey = `collection:${kind}:${id}:${locale}`
  const loaded = useResource(key, () => campaignGated(fetchPage(kind, id, 1)))
  useEffect(() => {
    if (loaded.value) document.title = `${loaded.value.title} | Koma`
  }, [loaded.value])
  if (loaded.matureRequired) return <MatureGate resourceKey={key} refusal={loaded.refusal} />
  // A campaign's 400: the global handler is taking the reader to the campaign error page.
  if (!loaded.value) return null
  const page = loaded.value
  return (
    <section
      data-testid="collection"
      data-kind={kind}
      css={{ maxWidth: 1200, margin: '0 auto', padding: '0 0 48px', '@media (min-width: 768px)': { padding: '16px 16px 48px' } }}
    >
      <CollectionHeader collection={page} />
      <div css={{ height: 20 }} />
      {page.contents.length === 0 ? (
        <p css={{ textAlign: 'center', color: COLORS.textMuted, padding: 48 }}>{t(commonMessages.emptyList)}</p>
      ) : (
        <Titles key={key} first={page} kind={kind} id={id} />
      )}
    </section>
  )
}
