import {
  analytics,
  api,
  auth,
  COLORS,
  endpoints,
  openDialog,
  useLocale,
  useLocalePath,
  usePreloadDialogs,
  useT,
  viewerPath as viewerPathOf,
  routePath,
  type AccessOption,
  type ChapterSummary,
  type ContentDetail,
  type ContentType,
} from '@koma/contracts'
import { accessChoice, chapterSelectable, purchaseDecision } from '@koma/contracts/domain'
import { invalidate, useResource, type CatalogKey } from '../cache'
import { observable, runInAction, type IObservableValue } from 'mobx'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom'
import { MatureGate } from '../components/MatureGate'
import { gated, MATURE_POLICY } from '../data/gated'
import { episodeMessages } from '../i18n/messages'
import { AccessSheet } from './AccessSheet'
import { ChapterRow } from './ChapterRow'
import { gaugeHours, GaugePanel } from './GaugePanel'
import { likelyDialogs } from './likelyDialogs'
import { TitleHeader } from './TitleHeader'

/** Chapters grouped by volume when the title is sold by volume and a volume holds several. */
function groups(content: ContentDetail, chapters: ChapterSummary[]): { volume: number | null; chapters: ChapterSummary[] }[] {
  const byVolume = content.chapterUnit === 'volume' && new Set(chapters.map((c) => c.volumeId)).size < chapters.length
  if (!byVolume) return [{ volume: null, chapters }]
  const result: { volume: number | null; chapters: ChapterSummary[] }[] = []
  for (const chapter of chapters) {
    const last = result[result.length - 1]
    if (last && last.volume === chapter.volumeId) last.chapters.push(chapter)
    else result.push({ volume: chapter.volumeId, chapters: [chapter] })
  }
  return result
}

type SheetRequest = { chapter: ChapterSummary; options: AccessOption[] } | null

/**
 * The access sheet's request lives in an observable box the list holds, read only by the sheet:
 * opening it renders the sheet alone, not the whole list (at 4× CPU throttling a long list's render
 * was most of the tap's time, issue 34). A box, not a handle on the sheet: a guest's choice reloads
 * the list (every answer is forgotten when the reader changes), and while the list is hidden by its
 * Suspense boundary a handle is detached and a request sent to it went nowhere; the box keeps it
 * for when the list shows again.
 */
const SheetSlot = observer(function SheetSlot({
  request,
  gaugeHours,
  onChoose,
}: {
  request: IObservableValue<SheetRequest>
  gaugeHours: number
  onChoose(chapter: ChapterSummary, option: AccessOption): void
}) {
  const sheet = request.get()
  if (!sheet) return null
  const close = () => runInAction(() => request.set(null))
  return (
    <AccessSheet
      chapter={sheet.chapter}
      options={sheet.options}
      gaugeHours={gaugeHours}
      onChoose={(option) => {
        close()
        onChoose(sheet.chapter, option)
      }}
      onClose={close}
    />
  )
})

const Episodes = observer(function Episodes({ content, resourceKey }: { content: ContentDetail; resourceKey: CatalogKey }) {
  const t = useT()
  // SPEC §7 "content view": a title's episode list shown.
  useEffect(() => analytics.track('content_view', { content_id: content.id }), [content.id])
  const path = useLocalePath()
  const navigate = useNavigate()
  const location = useLocation()
  const [newestFirst, setNewestFirst] = useState(false)
  const [sheet] = useState(() => observable.box<SheetRequest>(null, { deep: false }))
  const type = content.type
  // What a tap here is likely to open, fetched once the list is painted and idle (issue 34).
  usePreloadDialogs(() => likelyDialogs(content, auth.reader), [content])

  useEffect(() => {
    document.title = `${content.name} | Koma`
  }, [content.name])

  const viewerPath = (chapter: ChapterSummary, salesType: 'product' | 'trial' = 'product') =>
    path(viewerPathOf({ contentType: type, contentId: content.id, chapterId: chapter.id, salesType }))
  const here = location.pathname + location.search

  const buy = async (chapter: ChapterSummary, option?: AccessOption['kind']) => {
    const result = await openDialog('purchase', { contentType: type, contentId: content.id, chapterId: chapter.id, ...(option ? { option } : {}) })
    if (result?.unlocked) {
      invalidate(resourceKey)
      void navigate(viewerPath(chapter))
    }
  }

  const open = async (chapter: ChapterSummary, shown: ContentDetail = content) => {
    const decision = purchaseDecision({
      chapter,
      signedIn: auth.reader,
      inventory: shown.inventory,
      rentalConfig: shown.rentalConfig,
      adsEnabled: shown.adsEnabled,
    })
    switch (decision.kind) {
      case 'viewer':
        void navigate(viewerPath(chapter))
        return
      case 'login': {
        // SPEC §4: a signed-out reader on a paid action is asked to sign in first, or may read
        // on as this browser's guest (the gauge and tickets): then the choice comes straight back.
        const answer = await openDialog('loginConfirm', { redirect: here, guestAllowed: true })
        if (answer !== 'guest') return
        const fresh = await api.request(endpoints.content, { params: { type, id: String(content.id) } })
        const again = fresh.chapters.find((item) => item.id === chapter.id)
        // The choice comes back on the fresh answer (the guest's own inventory and gauge).
        if (again) await open(again, fresh)
        invalidate(resourceKey)
        return
      }
      case 'aborted':
        // SPEC §4: the chapter-aborted dialog (also for a signed-out reader, issue 35).
        await openDialog('chapterAborted', { chapterName: chapter.name })
        return
      case 'options':
        if (decision.options.length === 0) await buy(chapter)
        else runInAction(() => sheet.set({ chapter, options: decision.options }))
    }
  }

  // SPEC §4 multi-select unlock: refused when signed out (login confirm), else the payments dialog.
  const buySeveral = async () => {
    if (!auth.reader) {
      const answer = await openDialog('loginConfirm', { redirect: here, guestAllowed: true })
      if (answer !== 'guest') return
      invalidate(resourceKey)
    }
    const result = await openDialog('selectChapters', { contentType: type, contentId: content.id })
    if (result?.unlocked) invalidate(resourceKey)
  }
  const canBuySeveral = content.chapters.some(chapterSelectable)

  const choose = (chapter: ChapterSummary, option: AccessOption) => {
    const choice = accessChoice(option)
    if (choice.kind === 'trial') void navigate(viewerPath(chapter, 'trial'))
    else if (choice.kind !== 'wait') void buy(chapter, option.kind)
  }

  const ordered = newestFirst ? [...content.chapters].reverse() : content.chapters
  const lastRead = content.chapters.find((chapter) => chapter.id === content.activity.lastReadChapterId) ?? null
  const first = content.chapters[0]
  const countMessage = content.chapterUnit === 'volume' ? episodeMessages.volumes : episodeMessages.chapters
  const big = content.chapterUnit === 'volume'
  return (
    <article data-testid="episode-list" data-content-id={content.id}>
      <TitleHeader content={content} resourceKey={resourceKey} />
      <div css={{ maxWidth: 1200, margin: '0 auto' }}>
        {first ? (
          <div css={{ padding: 16, display: 'flex', gap: 10, flexWrap: 'wrap' }}>
            <button
              type="button"
              data-testid={lastRead ? 'continue-reading' : 'read-first'}
              onClick={() => void open(lastRead ?? first)}
              css={{
                flex: '1 1 260px',
                maxWidth: 420,
                padding: '14px 18px',
                borderRadius: 26,
                border: 0,
                background: COLORS.brand,
                color: '#fff',
                fontSize: 16,
                fontWeight: 700,
                cursor: 'pointer',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {lastRead
                ? t(episodeMessages.continueReading, { name: lastRead.name })
                : t(content.chapterUnit === 'volume' ? episodeMessages.readFirstVolume : episodeMessages.readFirst)}
            </button>
          </div>
        ) : null}
        <GaugePanel content={content} />
        <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '8px 16px', borderBottom: `1px solid ${COLORS.line}` }}>
          <div css={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
            <h2 css={{ fontSize: 16, margin: 0 }}>
              {t(big ? episodeMessages.volumesHeading : episodeMessages.listHeading)}{' '}
              <span css={{ color: COLORS.textMuted, fontWeight: 400, fontSize: 14 }}>{t(countMessage, { count: content.chapters.length })}</span>
            </h2>
            {content.described ? (
              // Issue 37: the API says every page carries a description in the reader's language.
              <span
                data-testid="described-label"
                title={t(episodeMessages.describedHint)}
                css={{ border: `1px solid ${COLORS.text}`, borderRadius: 4, padding: '1px 6px', fontSize: 12, fontWeight: 700, color: COLORS.text }}
              >
                {t(episodeMessages.described)}
              </span>
            ) : null}
          </div>
          <div css={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            {canBuySeveral ? (
              <button
                type="button"
                data-testid="buy-several"
                onClick={() => void buySeveral()}
                css={{
                  background: 'none',
                  border: `1px solid ${COLORS.line}`,
                  borderRadius: 14,
                  padding: '4px 10px',
                  color: COLORS.text,
                  fontSize: 13,
                  fontWeight: 700,
                  cursor: 'pointer',
                }}
              >
                {t(episodeMessages.buySeveral)}
              </button>
            ) : null}
            <button
              type="button"
              data-testid="sort-toggle"
              onClick={() => setNewestFirst((value) => !value)}
              css={{ background: 'none', border: 0, color: COLORS.textMuted, fontSize: 13, cursor: 'pointer' }}
            >
              {t(newestFirst ? episodeMessages.sortOldest : episodeMessages.sortNewest)}
            </button>
          </div>
        </div>
        {groups(content, ordered).map((group) => (
          <section key={group.volume ?? 'all'}>
            {group.volume !== null ? (
              <h3 css={{ fontSize: 14, margin: 0, padding: '12px 16px 4px', color: COLORS.textMuted }}>
                {t(episodeMessages.volume, { number: group.volume })}
              </h3>
            ) : null}
            <ol css={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {group.chapters.map((chapter) => (
                <ChapterRow
                  key={chapter.id}
                  chapter={chapter}
                  inventory={content.inventory}
                  href={viewerPath(chapter)}
                  previewHref={viewerPath(chapter, 'trial')}
                  lastRead={chapter.id === lastRead?.id}
                  big={big}
                  onOpen={(item) => void open(item)}
                  onPreview={(item) => navigate(viewerPath(item, 'trial'))}
                />
              ))}
            </ol>
          </section>
        ))}
        {content.chapters.length === 0 ? <p css={{ padding: 32, textAlign: 'center', color: COLORS.textMuted }}>{t(episodeMessages.noChapters)}</p> : null}
        <div css={{ height: 48 }} />
      </div>
      <SheetSlot request={sheet} gaugeHours={gaugeHours(content)} onChoose={choose} />
    </article>
  )
})

/** /{contentType}/{contentId}: the episode list, or the mature gate (SPEC §4) for a mature title. */
export default function EpisodeListPage() {
  const { contentType, contentId } = useParams() as { contentType: ContentType; contentId: string }
  const { locale } = useLocale()
  const path = useLocalePath()
  const key: CatalogKey = `content:${contentType}:${contentId}:${locale}`
  const loaded = useResource(key, () => gated(api.request(endpoints.content, { params: { type: contentType, id: contentId }, policy: MATURE_POLICY })))
  if (loaded.matureRequired) return <MatureGate resourceKey={key} refusal={loaded.refusal} />
  if (loaded.value.status === 'coming_soon') return <Navigate to={path(routePath('catalog.comingSoon', { contentType, contentId }))} replace />
  return <Episodes content={loaded.value} resourceKey={key} />
}
