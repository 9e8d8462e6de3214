import {
  api,
  ApiError,
  COLORS,
  endpoints,
  safeStorage,
  STORAGE_KEYS,
  text,
  useLocale,
  useLocalePath,
  useT,
  viewerPath,
  routePath,
  type LibraryItem,
  type LibraryOrder,
  type LibraryPage as Page,
  type LibraryTab,
} from '@koma/contracts'
import { formatDate, isLibraryTab, LIBRARY_ORDERS, LIBRARY_TABS } from '@koma/contracts/domain'
import { useResource } from '../cache'
import { observer } from 'mobx-react-lite'
import { lazy, Suspense, useMemo, useState } from 'react'
import { Link, NavLink, useLocation, useParams } from 'react-router-dom'
import { ApiImage } from '../components/ApiImage'
import { contentHref } from '../components/ContentCard'
import { libraryMessages } from '../i18n/messages'
import { InfiniteList } from '../lists/InfiniteList'
import { PagedList } from '../lists/PagedList'

/** The library's own tab beside the API's lists (issue 37 item 6): the member's reading figures, loaded when opened. */
const STATS_TAB = 'stats' as const
const ReadingStats = lazy(() => import('./ReadingStats'))

/** SPEC §3: the library order is kept locally, per tab. */
function readOrder(tab: LibraryTab): LibraryOrder {
  try {
    const saved = JSON.parse(safeStorage.get(STORAGE_KEYS.libraryOrder) ?? '{}') as Record<string, string>
    const order = saved[tab]
    return order !== undefined && (LIBRARY_ORDERS as readonly string[]).includes(order) ? (order as LibraryOrder) : 'date'
  } catch {
    return 'date'
  }
}
function writeOrder(tab: LibraryTab, order: LibraryOrder): void {
  let saved: Record<string, string> = {}
  try {
    saved = JSON.parse(safeStorage.get(STORAGE_KEYS.libraryOrder) ?? '{}') as Record<string, string>
  } catch {
    /* start afresh */
  }
  safeStorage.set(STORAGE_KEYS.libraryOrder, JSON.stringify({ ...saved, [tab]: order }))
}

const fetchPage = (tab: LibraryTab, order: LibraryOrder, hidden: boolean, pageNo: number): Promise<Page> =>
  api.request(endpoints.library, { params: { tab }, query: { order, pageNo: String(pageNo), ...(hidden ? { hidden: 'true' } : {}) } })

const Item = observer(function Item({ item, tab, onToggleHidden }: { item: LibraryItem; tab: LibraryTab; onToggleHidden: (item: LibraryItem) => void }) {
  const t = useT()
  const path = useLocalePath()
  const cover = item.content.thumbnails.find((thumbnail) => thumbnail.type === 'cover')
  const detail =
    tab === 'recent' && item.chapter
      ? t(libraryMessages.lastRead, { name: item.chapter.name })
      : tab === 'unlocked'
        ? t(libraryMessages.unlockedCount, { count: item.unlockedCount })
        : t(libraryMessages.added, { date: formatDate(item.at) })
  const href =
    item.chapter && tab === 'recent'
      ? viewerPath({ contentType: item.content.type, contentId: item.content.id, chapterId: item.chapter.id })
      : contentHref(item.content)
  return (
    <li
      data-testid="library-item"
      data-content-id={item.content.id}
      css={{ display: 'flex', alignItems: 'center', gap: 12, padding: '10px 16px', borderBottom: `1px solid ${COLORS.line}` }}
    >
      <Link to={path(contentHref(item.content))} css={{ width: 64, flex: '0 0 64px', borderRadius: 6, overflow: 'hidden' }}>
        {cover ? <ApiImage url={cover.url} width={cover.width} height={cover.height} cssWidth={64} alt="" /> : null}
      </Link>
      <Link to={path(href)} css={{ flex: 1, minWidth: 0, color: COLORS.text, textDecoration: 'none' }}>
        <p css={{ margin: 0, fontSize: 15, fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{item.content.name}</p>
        <p css={{ margin: '3px 0 0', fontSize: 12, color: COLORS.textMuted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{detail}</p>
      </Link>
      {tab === 'unlocked' ? (
        <button
          type="button"
          data-testid={item.hidden ? 'library-unhide' : 'library-hide'}
          onClick={() => onToggleHidden(item)}
          css={{
            padding: '6px 12px',
            borderRadius: 14,
            border: `1px solid ${COLORS.line}`,
            background: COLORS.surface,
            fontSize: 12,
            fontWeight: 700,
            cursor: 'pointer',
          }}
        >
          {t(item.hidden ? libraryMessages.unhide : libraryMessages.hide)}
        </button>
      ) : null}
    </li>
  )
})

function TabList({ tab, order, hidden }: { tab: LibraryTab; order: LibraryOrder; hidden: boolean }) {
  const t = useT()
  const { locale } = useLocale()
  const first = useResource(`library:${tab}:${order}:${hidden}:${locale}`, () => fetchPage(tab, order, hidden, 1))
  // A new first page (a chapter bought or rented elsewhere made the cached one stale) starts the list again.
  const list = useMemo(
    () =>
      new PagedList<LibraryItem>({ items: first.items, page: first.page }, (pageNo) =>
        fetchPage(tab, order, hidden, pageNo).then((next) => ({ items: next.items, page: next.page })),
      ),
    [first, tab, order, hidden],
  )
  const [gone, setGone] = useState<Set<number>>(new Set())
  const toggleHidden = async (item: LibraryItem) => {
    const params = { type: item.content.type, id: String(item.content.id) }
    try {
      await api.request(item.hidden ? endpoints.unhide : endpoints.hide, { params })
      setGone((previous) => new Set(previous).add(item.content.id))
    } catch {
      /* the error dialog has said why; the item stays */
    }
  }
  if (first.items.length === 0)
    return (
      <p data-testid="library-empty" css={{ padding: '48px 24px', textAlign: 'center', color: COLORS.textMuted }}>
        {t(hidden ? libraryMessages.emptyHidden : libraryMessages[`empty_${tab}`])}
      </p>
    )
  return (
    <InfiniteList list={list}>
      {(items) => (
        <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items
            .filter((item) => !gone.has(item.content.id))
            .map((item) => (
              <Item key={item.content.id} item={item} tab={tab} onToggleHidden={(target) => void toggleHidden(target)} />
            ))}
        </ul>
      )}
    </InfiniteList>
  )
}

/** /library/{dep1Param}: subscribed, recent and unlocked titles (login required); hide and unhide unlocked ones. */
export default function LibraryPage() {
  const t = useT()
  const { dep1Param } = useParams() as { dep1Param: string }
  const path = useLocalePath()
  const { locale } = useLocale()
  const { pathname } = useLocation()
  const tab = isLibraryTab(dep1Param) ? dep1Param : null
  const stats = dep1Param === STATS_TAB
  const [order, setOrder] = useState<LibraryOrder>(() => (tab ? readOrder(tab) : 'date'))
  const [hidden, setHidden] = useState(false)
  // An unknown tab is a bad URL: the host's not-found screen.
  if (!tab && !stats) throw new ApiError({ status: 404, message: text('pageNotFound', locale, { path: pathname }), url: pathname })
  return (
    <section data-testid="library" data-tab={tab ?? STATS_TAB} css={{ maxWidth: 960, margin: '0 auto', padding: '16px 0 48px' }}>
      <h1 css={{ fontSize: 22, margin: '4px 16px 12px' }}>{t(libraryMessages.title)}</h1>
      <nav css={{ display: 'flex', borderBottom: `1px solid ${COLORS.line}`, margin: '0 16px' }}>
        {[...LIBRARY_TABS, STATS_TAB].map((code) => (
          <NavLink
            key={code}
            to={path(routePath('catalog.library', { dep1Param: code }))}
            data-tab={code}
            onClick={() => setHidden(false)}
            css={{
              flex: 1,
              textAlign: 'center',
              padding: '12px 2px',
              fontSize: 15,
              fontWeight: 700,
              color: COLORS.textMuted,
              textDecoration: 'none',
              borderBottom: '3px solid transparent',
              '&.active': { color: COLORS.text, borderBottomColor: COLORS.brand },
            }}
          >
            {t(libraryMessages[`tab_${code}`])}
          </NavLink>
        ))}
      </nav>
      {tab ? <TabScreen tab={tab} order={order} setOrder={setOrder} hidden={hidden} setHidden={setHidden} /> : null}
      {stats ? (
        <Suspense fallback={<div css={{ height: 320 }} />}>
          <ReadingStats />
        </Suspense>
      ) : null}
    </section>
  )
}

function TabScreen({
  tab,
  order,
  setOrder,
  hidden,
  setHidden,
}: {
  tab: LibraryTab
  order: LibraryOrder
  setOrder: (order: LibraryOrder) => void
  hidden: boolean
  setHidden: (change: (value: boolean) => boolean) => void
}) {
  const t = useT()
  return (
    <>
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, padding: '10px 16px' }}>
        <label css={{ fontSize: 13, color: COLORS.textMuted, display: 'flex', alignItems: 'center', gap: 6 }}>
          {t(libraryMessages.order)}
          <select
            data-testid="library-order"
            value={order}
            onChange={(event) => {
              const next = event.target.value as LibraryOrder
              writeOrder(tab, next)
              setOrder(next)
            }}
            css={{ padding: '4px 8px', borderRadius: 8, border: `1px solid ${COLORS.line}`, background: COLORS.surface }}
          >
            <option value="date">
              {t(tab === 'recent' ? libraryMessages.orderRecent : tab === 'unlocked' ? libraryMessages.orderUnlocked : libraryMessages.orderAdded)}
            </option>
            <option value="title">{t(libraryMessages.orderTitle)}</option>
          </select>
        </label>
        {tab === 'unlocked' ? (
          <button
            type="button"
            data-testid="library-show-hidden"
            aria-pressed={hidden}
            onClick={() => setHidden((value) => !value)}
            css={{ background: 'none', border: 0, color: COLORS.textMuted, fontSize: 13, cursor: 'pointer', textDecoration: 'underline' }}
          >
            {t(hidden ? libraryMessages.showUnlocked : libraryMessages.showHidden)}
          </button>
        ) : null}
      </div>
      <Suspense fallback={<div css={{ height: 200 }} />}>
        <TabList key={`${tab}:${order}:${hidden}`} tab={tab} order={order} hidden={hidden} />
      </Suspense>
    </>
  )
}
