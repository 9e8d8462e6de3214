import {
  api,
  COLORS,
  cutSearchKeyword,
  endpoints,
  SEARCH_KEYWORD_MAX,
  useLocale,
  useLocalePath,
  useT,
  routePath,
  type ListContent,
  type SearchResult,
} from '@koma/contracts'
import { useResource, type CatalogKey } from '../cache'
import { Suspense, useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { ContentGrid } from '../components/ContentGrid'
import { searchMessages } from '../i18n/messages'
import { InfiniteList } from '../lists/InfiniteList'
import { PagedList } from '../lists/PagedList'
import { addToHistory, clearHistory, readHistory, removeFromHistory } from './history'

const fetchResults = (query: string, pageNo: number): Promise<SearchResult> => api.request(endpoints.search, { body: { query, pageNo: String(pageNo) } })

function Results({ keyword }: { keyword: string }) {
  const t = useT()
  const { locale } = useLocale()
  const key: CatalogKey = `search:${keyword}:${locale}`
  const first = useResource(key, () => fetchResults(keyword, 1))
  const [list] = useState(
    () =>
      new PagedList<ListContent>({ items: first.contents, page: first.page }, (pageNo) =>
        fetchResults(keyword, pageNo).then((next) => ({ items: next.contents, page: next.page })),
      ),
  )
  return (
    <div data-testid="search-results" data-total={first.total}>
      <p css={{ margin: '0 16px 16px', fontSize: 14, color: COLORS.textMuted }}>
        {t(searchMessages.resultCount, { count: first.total, keyword: first.query })}
      </p>
      {first.total === 0 ? (
        <div data-testid="search-empty" css={{ textAlign: 'center', padding: '40px 24px', color: COLORS.textMuted }}>
          <p css={{ fontSize: 16, fontWeight: 700, color: COLORS.text }}>{t(searchMessages.noResults, { keyword: first.query })}</p>
          <p css={{ fontSize: 14 }}>{t(searchMessages.noResultsHint)}</p>
        </div>
      ) : (
        <InfiniteList list={list}>{(items) => <ContentGrid contents={items} />}</InfiniteList>
      )}
    </div>
  )
}

/** /search and /search/{keyword} (cut to 50 characters): the search box, history, then results. */
export default function SearchPage() {
  const t = useT()
  const params = useParams() as { keyword?: string }
  const keyword = cutSearchKeyword(params.keyword ?? '').trim()
  const navigate = useNavigate()
  const path = useLocalePath()
  const [draft, setDraft] = useState(keyword)
  const [history, setHistory] = useState(readHistory)
  const [hint, setHint] = useState(false)
  useEffect(() => {
    setDraft(keyword)
    if (keyword) setHistory(addToHistory(keyword))
    document.title = `${keyword ? `${keyword} | ` : ''}${t(searchMessages.title)} | Koma`
  }, [keyword, t])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next = cutSearchKeyword(draft).trim()
    if (!next) {
      setHint(true)
      return
    }
    setHint(false)
    void navigate(path(routePath('catalog.search', { keyword: next })))
  }

  return (
    <section data-testid="search" css={{ maxWidth: 1200, margin: '0 auto', padding: '16px 0 48px' }}>
      <form role="search" onSubmit={submit} css={{ display: 'flex', gap: 8, margin: '0 16px 16px' }}>
        <input
          type="search"
          data-testid="search-input"
          value={draft}
          maxLength={SEARCH_KEYWORD_MAX}
          enterKeyHint="search"
          autoFocus={!keyword}
          aria-label={t(searchMessages.label)}
          placeholder={t(searchMessages.placeholder)}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter that confirms a Japanese IME conversion must not submit.
            if (event.key === 'Enter' && (event.nativeEvent.isComposing || event.keyCode === 229)) event.preventDefault()
          }}
          css={{
            flex: 1,
            minWidth: 0,
            padding: '12px 16px',
            borderRadius: 24,
            border: `1px solid ${COLORS.line}`,
            background: COLORS.surfaceAlt,
            fontSize: 16,
            '&:focus': { borderColor: COLORS.text, background: COLORS.surface },
          }}
        />
        <button
          type="submit"
          data-testid="search-submit"
          css={{ padding: '0 20px', borderRadius: 24, border: 0, background: COLORS.brand, color: '#fff', fontWeight: 700, fontSize: 15, cursor: 'pointer' }}
        >
          {t(searchMessages.submit)}
        </button>
      </form>
      {hint ? (
        <p role="alert" css={{ margin: '-6px 24px 16px', fontSize: 13, color: COLORS.brandDark }}>
          {t(searchMessages.required)}
        </p>
      ) : null}
      {keyword ? (
        <Suspense fallback={<div css={{ height: 240 }} />}>
          <Results key={keyword} keyword={keyword} />
        </Suspense>
      ) : (
        <div data-testid="search-history" css={{ margin: '8px 16px' }}>
          <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
            <h2 css={{ fontSize: 16, margin: 0 }}>{t(searchMessages.history)}</h2>
            {history.length ? (
              <button
                type="button"
                data-testid="search-history-clear"
                onClick={() => setHistory(clearHistory())}
                css={{ background: 'none', border: 0, color: COLORS.textMuted, fontSize: 13, cursor: 'pointer' }}
              >
                {t(searchMessages.clearHistory)}
              </button>
            ) : null}
          </div>
          {history.length === 0 ? <p css={{ color: COLORS.textMuted, fontSize: 14 }}>{t(searchMessages.noHistory)}</p> : null}
          <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {history.map((item) => (
              <li key={item} data-testid="search-history-item" css={{ display: 'flex', alignItems: 'center', borderBottom: `1px solid ${COLORS.line}` }}>
                <Link
                  to={path(routePath('catalog.search', { keyword: item }))}
                  css={{ flex: 1, padding: '12px 4px', color: COLORS.text, textDecoration: 'none', fontSize: 15 }}
                >
                  {item}
                </Link>
                <button
                  type="button"
                  aria-label={t(searchMessages.removeHistory, { keyword: item })}
                  onClick={() => setHistory(removeFromHistory(item))}
                  css={{ background: 'none', border: 0, padding: 10, color: COLORS.textMuted, fontSize: 18, cursor: 'pointer' }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
