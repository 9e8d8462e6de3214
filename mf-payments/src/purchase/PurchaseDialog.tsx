import {
  FONT_SIZES,
  api,
  auth,
  COLORS,
  endpoints,
  isApiError,
  loadFailureMessage,
  openDialog,
  useLocale,
  useLocalePath,
  useT,
  viewerPath,
  type AccessOption,
  type ChapterSummary,
  type ContentDetail,
  type DialogComponentProps,
  routePath,
} from '@koma/contracts'
import { accessChoice, accessOptions, isPrimaryOption, pickableOptions, purchaseDecision, rentalDays } from '@koma/contracts/domain'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { performAccess, type AccessRequest } from './actions'
import { DialogPanel, primaryButton, secondaryButton } from './DialogPanel'
import { afterAccessFailure, needsCoinConfirm, requestFor, returnPathOf } from './flow'
import { purchaseMessages as m } from './messages'
import { savePendingPurchase } from './pending'

type Step =
  | { kind: 'loading' }
  | { kind: 'choose' }
  | { kind: 'confirm'; request: AccessRequest }
  | { kind: 'working' }
  | { kind: 'message'; title: string; message: string }

/** The coins line of the dialogs: total, with free and purchased. */
export function CoinBalance({ content }: { content: Pick<ContentDetail, 'inventory'> }) {
  const t = useT()
  const coin = content.inventory?.coin
  if (!coin) return null
  return (
    <p data-testid="purchase-balance" data-total={coin.total} css={{ margin: 0, fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>
      <strong css={{ color: COLORS.text }}>{t(m.balance, { total: coin.total })}</strong>
      <span css={{ marginLeft: 6 }}>{t(m.balanceDetail, { free: coin.freeAmount, purchased: coin.purchasedAmount })}</span>
    </p>
  )
}

/**
 * SPEC §2/§4 purchase dialog (opened by the episode list with the access button the reader
 * chose, or without one to choose here): rent with gauge, ticket, subscribe or coins, or buy with
 * coins. Japanese confirms the coin use first. Too few coins saves the purchase for the session
 * and goes to the coin shop, where it is replayed after a successful purchase.
 */
export function PurchaseDialog({ contentType, contentId, chapterId, option, close, level = 0 }: DialogComponentProps<'purchase'> & { level?: number }) {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const navigate = useNavigate()
  const location = useLocation()
  const titleId = useId()
  const [step, setStep] = useState<Step>({ kind: 'loading' })
  const [content, setContent] = useState<ContentDetail | null>(null)
  const started = useRef(false)
  const busy = step.kind === 'working' || step.kind === 'loading'

  const chapter: ChapterSummary | undefined = content?.chapters.find((item) => item.id === chapterId)

  const perform = useCallback(
    async (request: AccessRequest) => {
      setStep({ kind: 'working' })
      try {
        await performAccess(api, request, { silent: true })
        close({ unlocked: true })
      } catch (error) {
        const next = isApiError(error) ? afterAccessFailure(request.action, error.failure) : 'message'
        if (next === 'coinShop') {
          savePendingPurchase({
            ...request,
            viewerPath: path(returnPathOf(request)),
            cancelRedirect: location.pathname + location.search,
          })
          close({ unlocked: false })
          void navigate(path(routePath('payments.coinPurchase')))
          return
        }
        if (next === 'close') {
          close({ unlocked: false })
          return
        }
        if (next === 'callback' && isApiError(error)) {
          // SPEC §8: the error with callback, whose OK reloads the page (goes home on 404).
          close({ unlocked: false })
          void openDialog('errorCallback', { title: t(m.failedTitle), message: error.message || t(m.nothingToDo), status: error.status })
          return
        }
        setStep({ kind: 'message', title: t(m.failedTitle), message: isApiError(error) && error.message ? error.message : t(m.nothingToDo) })
      }
    },
    [close, location.pathname, location.search, navigate, path, t],
  )

  const go = useCallback(
    (picked: AccessOption, loaded: ContentDetail, target: ChapterSummary) => {
      const choice = accessChoice(picked)
      if (choice.kind === 'wait') return
      if (choice.kind === 'appOnly') {
        setStep({ kind: 'message', title: t(m.adTitle), message: t(m.adMessage) })
        return
      }
      if (choice.kind === 'trial') {
        close({ unlocked: false })
        void navigate(path(viewerPath({ contentType: loaded.type, contentId: loaded.id, chapterId: target.id, salesType: 'trial' })))
        return
      }
      const request = requestFor(choice.option, loaded, target)
      if (!request) {
        setStep({ kind: 'message', title: t(m.failedTitle), message: t(m.nothingToDo) })
        return
      }
      if (needsCoinConfirm(locale, request)) setStep({ kind: 'confirm', request })
      else void perform(request)
    },
    [close, locale, navigate, path, perform, t],
  )

  useEffect(() => {
    if (started.current) return
    started.current = true
    void (async () => {
      try {
        const loaded = await api.request(endpoints.content, { params: { type: contentType, id: String(contentId) }, policy: { silent: true } })
        const target = loaded.chapters.find((item) => item.id === chapterId)
        setContent(loaded)
        if (!target) {
          setStep({ kind: 'message', title: t(m.failedTitle), message: t(m.nothingToDo) })
          return
        }
        const decision = purchaseDecision({
          chapter: target,
          signedIn: auth.reader,
          inventory: loaded.inventory,
          rentalConfig: loaded.rentalConfig,
          adsEnabled: loaded.adsEnabled,
        })
        if (decision.kind === 'viewer') {
          close({ unlocked: true })
          return
        }
        if (decision.kind === 'login') {
          close({ unlocked: false })
          await openDialog('loginConfirm', { redirect: location.pathname + location.search, guestAllowed: true })
          return
        }
        const chosen = option && decision.kind === 'options' ? decision.options.find((item) => item.kind === option) : undefined
        if (chosen) go(chosen, loaded, target)
        else setStep({ kind: 'choose' })
      } catch (error) {
        setStep({ kind: 'message', title: t(m.failedTitle), message: loadFailureMessage(error, locale) })
      }
    })()
  }, [chapterId, close, contentId, contentType, go, locale, location.pathname, location.search, option, t])

  const cancel = busy ? undefined : () => close({ unlocked: false })
  const options = content && chapter ? pickableOptions(accessOptions(chapter, content.inventory, content.rentalConfig, content)) : []

  const label = (item: AccessOption): string => {
    switch (item.kind) {
      case 'preview':
        return t(m.preview)
      case 'freeRead':
        return t(m.freeRead)
      case 'ticket':
        return t(m.ticket, { count: item.amount })
      case 'subscribe':
        return t(m.subscribe)
      case 'watchAd':
        return t(m.watchAd)
      case 'rentWithCoin':
        return t(m.rent, { price: item.price, days: rentalDays(item.periodSeconds) })
      case 'buyWithCoin':
        return t(m.buy, { price: item.price })
      default:
        return ''
    }
  }

  return (
    <DialogPanel level={level} labelledBy={titleId} testId="dialog-purchase" onOutside={cancel}>
      <div css={{ padding: '20px 18px 16px', overflowY: 'auto' }}>
        <h2 id={titleId} css={{ fontSize: 17, margin: '0 0 6px' }}>
          {step.kind === 'confirm' ? t(m.confirmTitle) : step.kind === 'message' ? step.title : (chapter?.name ?? content?.name ?? t(m.loading))}
        </h2>
        {step.kind === 'loading' || step.kind === 'working' ? (
          <p role="status" data-testid="purchase-working" css={{ margin: '12px 0', color: COLORS.textMuted, fontSize: FONT_SIZES.size50 }}>
            {t(step.kind === 'loading' ? m.loading : m.working)}
          </p>
        ) : null}
        {step.kind === 'choose' && content && chapter ? (
          <>
            <p css={{ margin: '0 0 6px', fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>{t(m.chooseLead)}</p>
            <CoinBalance content={content} />
            <ul css={{ listStyle: 'none', margin: '14px 0 0', padding: 0, display: 'grid', gap: 8 }}>
              {options.map((item) => (
                <li key={item.kind}>
                  <button
                    type="button"
                    data-option={item.kind}
                    onClick={() => go(item, content, chapter)}
                    css={isPrimaryOption(item) ? primaryButton : secondaryButton}
                  >
                    {label(item)}
                  </button>
                </li>
              ))}
            </ul>
            {options.length === 0 ? <p css={{ fontSize: FONT_SIZES.size50, color: COLORS.textMuted }}>{t(m.nothingToDo)}</p> : null}
          </>
        ) : null}
        {step.kind === 'confirm' && content ? (
          <div data-testid="use-coin-confirm">
            <p css={{ margin: '0 0 10px', fontSize: FONT_SIZES.size50, lineHeight: 1.6 }}>{t(m.confirmMessage, { price: step.request.price })}</p>
            <CoinBalance content={content} />
            {content.inventory ? (
              <p css={{ margin: '4px 0 0', fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>
                {t(m.confirmAfter, { after: Math.max(0, content.inventory.coin.total - step.request.price) })}
              </p>
            ) : null}
            <div css={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, marginTop: 16 }}>
              <button type="button" onClick={() => close({ unlocked: false })} css={secondaryButton}>
                {t(m.cancel)}
              </button>
              <button type="button" data-testid="use-coin-ok" onClick={() => void perform(step.request)} css={primaryButton}>
                {t(m.confirmOk)}
              </button>
            </div>
          </div>
        ) : null}
        {step.kind === 'message' ? (
          <>
            <p role="alert" data-testid="purchase-message" css={{ margin: '4px 0 16px', fontSize: FONT_SIZES.size50, lineHeight: 1.6 }}>
              {step.message}
            </p>
            <button type="button" onClick={() => close({ unlocked: false })} css={primaryButton}>
              {t(m.ok)}
            </button>
          </>
        ) : null}
      </div>
      {step.kind === 'choose' ? (
        <button
          type="button"
          onClick={() => close({ unlocked: false })}
          css={{
            width: '100%',
            padding: '14px 0',
            border: 0,
            borderTop: `1px solid ${COLORS.line}`,
            background: COLORS.surface,
            fontWeight: 700,
            fontSize: 15,
            cursor: 'pointer',
          }}
        >
          {t(m.close)}
        </button>
      ) : null}
    </DialogPanel>
  )
}
