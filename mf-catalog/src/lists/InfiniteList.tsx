import { COLORS, Spinner, useT } from '@koma/contracts'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, type ReactNode } from 'react'
import { commonMessages } from '../i18n/messages'
import type { PagedList } from './PagedList'

/** Renders a PagedList and loads the next page when its end scrolls into view. */
export const InfiniteList = observer(function InfiniteList<T>({ list, children }: { list: PagedList<T>; children: (items: T[]) => ReactNode }) {
  const t = useT()
  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => list.start(), [list])
  useEffect(() => {
    const element = sentinel.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && list.hasNext && !list.failed) void list.loadMore()
      },
      { rootMargin: '600px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [list, list.hasNext, list.failed, list.initializing, list.items.length])
  return (
    <>
      {children(list.items)}
      {list.hasNext ? (
        <div ref={sentinel} data-testid="list-more" css={{ display: 'grid', placeItems: 'center', minHeight: 64, padding: 16 }}>
          {list.failed ? (
            <button
              type="button"
              onClick={() => void list.loadMore()}
              css={{ padding: '10px 18px', borderRadius: 20, border: `1px solid ${COLORS.line}`, background: COLORS.surface, cursor: 'pointer', fontSize: 14 }}
            >
              {t(commonMessages.loadMoreFailed)}
            </button>
          ) : list.loading ? (
            <Spinner />
          ) : (
            <button
              type="button"
              data-testid="load-more"
              onClick={() => void list.loadMore()}
              css={{
                padding: '10px 18px',
                borderRadius: 20,
                border: `1px solid ${COLORS.line}`,
                background: COLORS.surface,
                cursor: 'pointer',
                fontSize: 14,
                color: COLORS.textMuted,
              }}
            >
              {t(commonMessages.loadMore)}
            </button>
          )}
        </div>
      ) : null}
    </>
  )
}) as <T>(props: { list: PagedList<T>; children: (items: T[]) => ReactNode }) => ReactNode
