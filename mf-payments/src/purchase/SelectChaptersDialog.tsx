import {
  FONT_SIZES,
  api,
  COLORS,
  endpoints,
  isApiError,
  loadFailureMessage,
  notify,
  TIMINGS,
  useLocale,
  useLocalePath,
  useT,
  type ChapterSummary,
  type ContentDetail,
  type DialogComponentProps,
  routePath,
} from '@koma/contracts'
import { chapterSelectable, selectAllScrollTop, toggleSelectAll, unlockAllCoinBack, unlockAllPrice } from '@koma/contracts/domain'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { performAccess, type AccessRequest } from './actions'
import { DialogPanel, primaryButton, secondaryButton } from './DialogPanel'
import { afterAccessFailure, needsCoinConfirm, returnPathOf } from './flow'
import { purchaseMessages as m } from './messages'
import { savePendingPurchase } from './pending'
import { CoinBalance } from './PurchaseDialog'

type Step =
  | { kind: 'loading' }
  | { kind: 'select' }
  | { kind: 'confirm'; request: AccessRequest }
  | { kind: 'working' }
  | { kind: 'done'; chapterIds: number[] }
  | { kind: 'error'; message: string }

/**
 * SPEC §4 select-multiple-chapters purchase: every chapter of the title, the ones that cannot be
 * bought disabled; select or deselect all (excluding disabled; disabled when none is
 * selectable; selecting all scrolls the list to the first selectable chapter with SPEC §9's
 * offset); submit unlocks them at once with one token. Success shows the shared 2 s notification
 * and closes; failures go through the purchase flow (flow.ts afterAccessFailure): too few coins
 * saves the purchase for the session and goes to /coinpurchase.
 */
export function SelectChaptersDialog({ contentType, contentId, close, level = 0 }: DialogComponentProps<'selectChapters'> & { level?: number }) {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const navigate = useNavigate()
  const location = useLocation()
  const titleId = useId()
  const [step, setStep] = useState<Step>({ kind: 'loading' })
  const [content, setContent] = useState<ContentDetail | null>(null)
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const started = useRef(false)
  const list = useRef<HTMLUListElement>(null)

  useEffect(() => {
    if (started.current) return
    started.current = true
    api
      .request(endpoints.content, { params: { type: contentType, id: String(contentId) }, policy: { silent: true } })
      .then((loaded) => {
        setContent(loaded)
        setStep({ kind: 'select' })
      })
      .catch((error: unknown) => setStep({ kind: 'error', message: loadFailureMessage(error, locale) }))
  }, [contentId, contentType, locale])

  // SPEC §4: the success notification shows for 2 s, then the dialog closes.
  useEffect(() => {
    if (step.kind !== 'done') return
    notify(t(m.success, { count: step.chapterIds.length }), { durationMs: TIMINGS.notificationShortMs })
    const timer = setTimeout(() => close({ unlocked: true, chapterIds: step.chapterIds }), TIMINGS.notificationShortMs)
    return () => clearTimeout(timer)
  }, [close, step, t])

  const selectable = useMemo(() => (content?.chapters ?? []).filter(chapterSelectable), [content])
  const selectableIds = useMemo(() => selectable.map((chapter) => chapter.id), [selectable])
  const picked = selectable.filter((chapter) => selected.has(chapter.id))
  const total = unlockAllPrice(picked)
  const allSelected = selectableIds.length > 0 && selectableIds.every((id) => selected.has(id))

  /** Select or deselect all; selecting scrolls to the first selectable chapter, less SPEC §9's offset (88 px, 56 px up to 767 px). */
  const selectAll = () => {
    const next = toggleSelectAll(selectableIds, selected)
    setSelected(next)
    const box = list.current
    const first = next.size > 0 ? box?.querySelector<HTMLElement>(`[data-chapter-id="${selectableIds[0]}"]`) : null
    if (!box || !first) return
    const targetTop = first.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop
    box.scrollTop = selectAllScrollTop(targetTop, window.innerWidth)
  }

  const toggle = (id: number) =>
    setSelected((previous) => {
      const next = new Set(previous)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  const perform = async (request: AccessRequest) => {
    setStep({ kind: 'working' })
    try {
      const result = await performAccess(api, request, { silent: true })
      setStep({ kind: 'done', chapterIds: result.chapterIds })
    } catch (error) {
      // The purchase flow decides (flow.ts): unlock-all answers no 'callback' (a rent-with-subscribe step).
      const next = isApiError(error) ? afterAccessFailure(request.action, error.failure) : 'message'
      if (next === 'coinShop') {
        // SPEC §8: too few coins during unlock-all goes to /coinpurchase (the purchase is replayed after buying coins).
        savePendingPurchase({
          ...request,
          viewerPath: path(returnPathOf(request)),
          cancelRedirect: location.pathname + location.search,
        })
        close({ unlocked: false, chapterIds: [] })
        void navigate(path(routePath('payments.coinPurchase')))
        return
      }
      if (next === 'close') {
        close({ unlocked: false, chapterIds: [] })
        return
      }
      setStep({ kind: 'error', message: isApiError(error) && error.message ? error.message : t(m.nothingToDo) })
    }
  }

  const submit = () => {
    if (!content || picked.length === 0) return
    const request: AccessRequest = {
      action: 'unlockAll',
      contentType: content.type,
      contentId: content.id,
      chapterIds: picked.map((chapter) => chapter.id),
      price: total,
      coinBackPrice: unlockAllCoinBack(picked),
    }
    if (needsCoinConfirm(locale, request)) setStep({ kind: 'confirm', request })
    else void perform(request)
  }

  const status = (chapter: ChapterSummary): string => {
    if (chapter.activity.unlocked) return t(m.owned)
    if (chapter.salesConfig.free) return t(m.free)
    if (!chapterSelectable(chapter)) return t(m.notSold)
    return t(m.chapterPrice, { price: chapter.salesConfig.price })
  }

  const busy = step.kind === 'working' || step.kind === 'loading' || step.kind === 'done'
  const dismiss = busy ? undefined : () => close({ unlocked: false, chapterIds: [] })

  return (
    <DialogPanel level={level} labelledBy={titleId} testId="dialog-select-chapters" onOutside={dismiss} wide>
      <header css={{ padding: '18px 18px 10px', borderBottom: `1px solid ${COLORS.line}` }}>
        <h2 id={titleId} css={{ fontSize: 17, margin: '0 0 4px' }}>
          {step.kind === 'confirm' ? t(m.confirmTitle) : t(m.selectTitle)}
        </h2>
        {content ? (
          <p
            css={{
              margin: '0 0 6px',
              fontSize: FONT_SIZES.size40,
              color: COLORS.textMuted,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {content.name}
          </p>
        ) : null}
        {content ? <CoinBalance content={content} /> : null}
      </header>
      {step.kind === 'loading' ? (
        <p role="status" css={{ padding: 18, margin: 0, color: COLORS.textMuted }}>
          {t(m.loading)}
        </p>
      ) : null}
      {step.kind === 'error' ? (
        <div css={{ padding: 18 }}>
          <p role="alert" data-testid="select-message" css={{ margin: '0 0 16px', fontSize: FONT_SIZES.size50, lineHeight: 1.6 }}>
            {step.message}
          </p>
          <button type="button" onClick={() => close({ unlocked: false, chapterIds: [] })} css={primaryButton}>
            {t(m.ok)}
          </button>
        </div>
      ) : null}
      {step.kind === 'confirm' ? (
        <div data-testid="use-coin-confirm" css={{ padding: 18 }}>
          <p css={{ margin: '0 0 10px', fontSize: FONT_SIZES.size50, lineHeight: 1.6 }}>{t(m.confirmMessage, { price: step.request.price })}</p>
          {content?.inventory ? (
            <p css={{ margin: 0, fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>
              {t(m.confirmAfter, { after: Math.max(0, content.inventory.coin.total - step.request.price) })}
            </p>
          ) : null}
          <div css={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, marginTop: 16 }}>
            <button type="button" onClick={() => setStep({ kind: 'select' })} css={secondaryButton}>
              {t(m.cancel)}
            </button>
            <button type="button" data-testid="use-coin-ok" onClick={() => void perform(step.request)} css={primaryButton}>
              {t(m.confirmOk)}
            </button>
          </div>
        </div>
      ) : null}
      {(step.kind === 'select' || step.kind === 'working' || step.kind === 'done') && content ? (
        <>
          <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '10px 18px', gap: 8 }}>
            <button
              type="button"
              data-testid="select-all"
              disabled={selectableIds.length === 0 || busy}
              onClick={selectAll}
              css={{
                background: 'none',
                border: `1px solid ${COLORS.line}`,
                borderRadius: 16,
                padding: '6px 12px',
                fontSize: FONT_SIZES.size40,
                fontWeight: 700,
                color: COLORS.text,
                cursor: 'pointer',
                '&:disabled': { color: COLORS.textMuted, cursor: 'default' },
              }}
            >
              {t(allSelected ? m.deselectAll : m.selectAll)}
            </button>
            <span data-testid="select-count" css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>
              {t(m.selectedCount, { count: picked.length })}
            </span>
          </div>
          {selectableIds.length === 0 ? (
            <p css={{ margin: 0, padding: '0 18px 10px', fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>{t(m.noneSelectable)}</p>
          ) : null}
          <ul
            ref={list}
            data-testid="select-list"
            css={{ listStyle: 'none', margin: 0, padding: '0 10px', overflowY: 'auto', flex: '1 1 auto', minHeight: 80 }}
          >
            {content.chapters.map((chapter) => {
              const enabled = chapterSelectable(chapter)
              return (
                <li key={chapter.id}>
                  <label
                    data-testid="select-chapter"
                    data-chapter-id={chapter.id}
                    data-disabled={enabled ? undefined : 'true'}
                    css={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 10,
                      padding: '10px 8px',
                      borderBottom: `1px solid ${COLORS.line}`,
                      cursor: enabled ? 'pointer' : 'default',
                      opacity: enabled ? 1 : 0.5,
                    }}
                  >
                    <input
                      type="checkbox"
                      checked={selected.has(chapter.id)}
                      disabled={!enabled || busy}
                      onChange={() => toggle(chapter.id)}
                      css={{ width: 18, height: 18, accentColor: COLORS.brand, flex: '0 0 auto' }}
                    />
                    <span css={{ flex: '1 1 auto', fontSize: FONT_SIZES.size50, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {chapter.name}
                    </span>
                    <span
                      css={{ flex: '0 0 auto', fontSize: FONT_SIZES.size40, color: enabled ? COLORS.text : COLORS.textMuted, fontWeight: enabled ? 700 : 400 }}
                    >
                      {status(chapter)}
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
          <footer css={{ padding: '12px 18px 16px', borderTop: `1px solid ${COLORS.line}`, display: 'grid', gap: 10 }}>
            <strong data-testid="select-total" css={{ fontSize: 15 }}>
              {t(m.total, { price: total })}
            </strong>
            <div css={{ display: 'grid', gridTemplateColumns: '1fr 2fr', gap: 8 }}>
              <button type="button" disabled={busy} onClick={() => close({ unlocked: false, chapterIds: [] })} css={secondaryButton}>
                {t(m.cancel)}
              </button>
              <button type="button" data-testid="select-submit" disabled={picked.length === 0 || busy} onClick={submit} css={primaryButton}>
                {step.kind === 'working' ? t(m.working) : t(m.submit, { count: picked.length })}
              </button>
            </div>
          </footer>
        </>
      ) : null}
    </DialogPanel>
  )
}
