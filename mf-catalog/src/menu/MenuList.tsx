import { api, COLORS, endpoints, useLocale, useT, type ContentList, type ListContent, type Locale } from '@koma/contracts'
import { currentWeekday, weekdayCode } from '@koma/contracts/domain'
import { useResource, type CatalogKey } from '../cache'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { BannerStrip } from '../components/BannerStrip'
import { ContentGrid, RankList } from '../components/ContentGrid'
import { MatureGate } from '../components/MatureGate'
import { SubTabs } from '../components/SubTabs'
import { gated, MATURE_POLICY } from '../data/gated'
import { commonMessages, menuMessages } from '../i18n/messages'
import { InfiniteList } from '../lists/InfiniteList'
import { PagedList } from '../lists/PagedList'
import { PagePopups } from '../components/HomePopups'

/** One page of a menu list from the API (daily defaults to today in the reader's language). */
function fetchList(code: string, item: string | null, locale: Locale, pageNo: number): Promise<ContentList> {
  const query = { pageNo: String(pageNo), ...(item && code !== 'genre' ? { currentItemCode: item } : {}) }
  if (code === 'genre' && item) return api.request(endpoints.menuGenre, { params: { holder: 'all_comic', genre: item }, query, policy: MATURE_POLICY })
  return api.request(endpoints.menuList, { params: { holder: 'all_comic', code }, query, policy: MATURE_POLICY })
}

function Loaded({ first, code, item, locale }: { first: ContentList; code: string; item: string | null; locale: Locale }) {
  const [list] = useState(
    () =>
      new PagedList<ListContent>({ items: first.contents, page: first.page }, (pageNo) =>
        fetchList(code, first.currentItemCode ?? item, locale, pageNo).then((next) => ({ items: next.contents, page: next.page })),
      ),
  )
  return <InfiniteList list={list}>{(items) => (first.listUiType === 'rank' ? <RankList contents={items} /> : <ContentGrid contents={items} />)}</InfiniteList>
}

/**
 * A menu area (SPEC §2): new, ranking, free, daily, completed, adult, genre, store. Sub-tabs keep
 * the reader's choice in `currentItemCode`; the list grows by 20 as the reader scrolls.
 */
export function MenuList({ code }: { code: string }) {
  const t = useT()
  const { locale } = useLocale()
  const [search, setSearch] = useSearchParams()
  const requested = search.get('currentItemCode')
  // The same rule as the API: today's weekday by the language's offset (SPEC §9).
  const item = requested ?? (code === 'daily' ? weekdayCode(currentWeekday(new Date(), locale)) : null)
  const key: CatalogKey = `menu:${code}:${item ?? ''}:${locale}`
  const loaded = useResource(key, () => gated(fetchList(code, item, locale, 1)))
  useEffect(() => {
    if (loaded.value) document.title = `${loaded.value.title} | Koma`
  }, [loaded.value])
  if (loaded.matureRequired) return <MatureGate resourceKey={key} refusal={loaded.refusal} />
  const list = loaded.value
  const choose = (next: string) =>
    setSearch((params) => {
      const copy = new URLSearchParams(params)
      copy.set('currentItemCode', next)
      return copy
    })
  return (
    <section data-testid="menu-list" data-code={code} css={{ maxWidth: 1200, margin: '0 auto', padding: '16px 0 48px' }}>
      <PagePopups page={code} />
      <h1 css={{ fontSize: 22, margin: '4px 16px 14px' }}>{list.title}</h1>
      <BannerStrip elements={list.topBanner.elements} />
      <SubTabs items={list.items} current={list.currentItemCode} onChoose={choose} label={t(menuMessages.subTabs)} />
      {list.contents.length === 0 ? (
        <p data-testid="menu-empty" css={{ textAlign: 'center', color: COLORS.textMuted, padding: 48 }}>
          {t(commonMessages.emptyList)}
        </p>
      ) : (
        <Loaded key={key} first={list} code={code} item={item} locale={locale} />
      )}
    </section>
  )
}
