import { analytics, api, COLORS, endpoints, safeStorage, STORAGE_KEYS, useLocale, useLocalePath, useT, type HomePopup, type PopupMemory } from '@koma/contracts'
import { EMPTY_POPUP_MEMORY, nextPopup, POPUP_CATEGORY_COLORS, rememberShown, rememberSkipped } from '@koma/contracts/domain'
import { useCallback, useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { ApiImage } from './ApiImage'
import { Modal } from './Modal'
import { homeMessages } from '../i18n/messages'

/** SPEC §3: the popup last index, time and skip, each under its own local storage key. */
export function readPopupMemory(): PopupMemory {
  const parse = <T,>(key: string, fallback: T): T => {
    try {
      const raw = safeStorage.get(key)
      return raw ? (JSON.parse(raw) as T) : fallback
    } catch {
      return fallback
    }
  }
  return {
    lastIndex: Number(safeStorage.get(STORAGE_KEYS.popupLastIndex) ?? -1),
    lastTime: parse(STORAGE_KEYS.popupLastTime, EMPTY_POPUP_MEMORY.lastTime),
    skip: parse(STORAGE_KEYS.popupSkip, EMPTY_POPUP_MEMORY.skip),
  }
}

function writePopupMemory(memory: PopupMemory): void {
  safeStorage.set(STORAGE_KEYS.popupLastIndex, String(memory.lastIndex))
  safeStorage.set(STORAGE_KEYS.popupLastTime, JSON.stringify(memory.lastTime))
  safeStorage.set(STORAGE_KEYS.popupSkip, JSON.stringify(memory.skip))
}

const CATEGORY_LABEL = { free: homeMessages.popupFree, event: homeMessages.popupEvent, notice: homeMessages.popupNotice } as const

/** One popup: an image popup (the art links on) or a content popup in its category's colour. */
export function PopupView({ popup, onClose, onSkip }: { popup: HomePopup; onClose: () => void; onSkip: () => void }) {
  const t = useT()
  const path = useLocalePath()
  const link = popup.webLinkUrl ? path(popup.webLinkUrl) : null
  // SPEC §7 "popup click": the reader followed the popup's link.
  const follow = () => {
    analytics.track('popup_click', { popup_id: popup.id })
    onClose()
  }
  const colour = popup.category ? POPUP_CATEGORY_COLORS[popup.category] : popup.themeColor
  return (
    <Modal label={popup.title} onClose={onClose} testId={popup.uiType === 'image' ? 'popup-image' : 'popup-content'}>
      {popup.uiType === 'image' && popup.imgUrl ? (
        link ? (
          <Link to={link} onClick={follow} aria-label={popup.title} css={{ display: 'block' }}>
            <ApiImage
              url={popup.imgUrl}
              width={popup.width ?? 640}
              height={popup.height ?? 640}
              cssWidth={360}
              alt={popup.title}
              eager
              style={{ display: 'block' }}
            />
          </Link>
        ) : (
          <ApiImage
            url={popup.imgUrl}
            width={popup.width ?? 640}
            height={popup.height ?? 640}
            cssWidth={360}
            alt={popup.title}
            eager
            style={{ display: 'block' }}
          />
        )
      ) : (
        <div data-category={popup.category ?? ''} css={{ padding: '22px 20px 18px' }}>
          {popup.category ? (
            <span css={{ display: 'inline-block', padding: '2px 10px', borderRadius: 12, background: colour, color: '#fff', fontSize: 12, fontWeight: 800 }}>
              {t(CATEGORY_LABEL[popup.category])}
            </span>
          ) : null}
          <h2 css={{ fontSize: 19, lineHeight: 1.35, margin: '12px 0 8px' }}>{popup.title}</h2>
          {popup.description ? <p css={{ margin: '0 0 16px', fontSize: 14, lineHeight: 1.6, color: COLORS.textMuted }}>{popup.description}</p> : null}
          {link ? (
            <Link
              to={link}
              onClick={follow}
              css={{
                display: 'block',
                padding: '12px 0',
                borderRadius: 10,
                background: colour,
                color: '#fff',
                textAlign: 'center',
                fontWeight: 700,
                textDecoration: 'none',
              }}
            >
              {t(homeMessages.popupOpen)}
            </Link>
          ) : null}
        </div>
      )}
      <div css={{ display: 'flex', borderTop: `1px solid ${COLORS.line}` }}>
        <button
          type="button"
          data-testid="popup-skip"
          onClick={onSkip}
          css={{ flex: 1, padding: '13px 0', border: 0, background: COLORS.surface, color: COLORS.textMuted, fontSize: 13, cursor: 'pointer' }}
        >
          {t(homeMessages.popupSkip)}
        </button>
        <button
          type="button"
          data-testid="popup-close"
          onClick={onClose}
          css={{
            flex: 1,
            padding: '13px 0',
            border: 0,
            borderLeft: `1px solid ${COLORS.line}`,
            background: COLORS.surface,
            fontSize: 13,
            fontWeight: 700,
            cursor: 'pointer',
          }}
        >
          {t(homeMessages.popupClose)}
        </button>
      </div>
    </Modal>
  )
}

/**
 * Shows the next due popup for this page (area home), once per visit, remembering what was shown.
 * An operator's preview shows the popup it names (else the page's first) whatever the reader's
 * memory says, and remembers nothing.
 */
export function PagePopups({ page, popups, preview }: { page: string; popups?: HomePopup[]; preview?: { popup: number | null } }) {
  const { locale } = useLocale()
  const [shown, setShown] = useState<HomePopup | null>(null)
  const previewed = preview ? preview.popup : undefined
  useEffect(() => {
    if (previewed !== undefined) {
      const here = (popups ?? []).filter((popup) => popup.area === 'home' && popup.page === page)
      setShown(here.find((popup) => popup.id === previewed) ?? here[0] ?? null)
      return
    }
    let active = true
    // Menu pages read the popups from the home response (the browser keeps it, SPEC §4).
    const source = popups
      ? Promise.resolve(popups)
      : api.request(endpoints.home, { params: { lang: locale }, policy: { silent: true } }).then(
          (home) => (Array.isArray(home?.popups) ? home.popups : []),
          () => [],
        )
    void source.then((list) => {
      if (!active) return
      const memory = readPopupMemory()
      const next = nextPopup(list, { area: 'home', page }, memory, Date.now())
      if (!next) return
      writePopupMemory(rememberShown(memory, next.popup, next.index, Date.now()))
      setShown(next.popup)
    })
    return () => {
      active = false
    }
  }, [page, popups, locale, previewed])
  const close = useCallback(() => setShown(null), [])
  const skip = useCallback(() => {
    if (shown && previewed === undefined) writePopupMemory(rememberSkipped(readPopupMemory(), shown))
    setShown(null)
  }, [shown, previewed])
  return shown ? <PopupView popup={shown} onClose={close} onSkip={skip} /> : null
}
