import { COLORS, useFocusTrap, useT } from '@koma/contracts'
import { useRef } from 'react'
import { readerMessages } from '../i18n/messages'
import { stepFontSize, THEMES, type ReaderPrefs, type ReaderTheme } from './readerPrefs'

/**
 * The novel reader's settings sheet: text size, theme, pages or scroll. A book that asks to be
 * scrolled (`bookScrolled`, rendition:flow) keeps the choice shown but disabled, on "Scroll", with why.
 */
export function ReaderSettings({
  prefs,
  fixedLayout,
  bookScrolled = false,
  onChange,
  onClose,
}: {
  prefs: ReaderPrefs
  fixedLayout: boolean
  bookScrolled?: boolean
  onChange(change: Partial<ReaderPrefs>): void
  onClose(): void
}) {
  const t = useT()
  // A modal sheet: focus inside, Tab kept inside, Escape closes, focus back on its footer button.
  const sheet = useRef<HTMLElement>(null)
  useFocusTrap(sheet, onClose)
  const row = { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, padding: '12px 0', borderBottom: '1px solid #eee' }
  const choice = (active: boolean, disabled = false) => ({
    flex: 1,
    padding: '10px 8px',
    borderRadius: 10,
    border: active ? `2px solid ${COLORS.brand}` : '1px solid #ddd',
    background: '#fff',
    color: disabled ? '#767676' : '#1a1a1a',
    fontSize: 14,
    fontWeight: 700,
    cursor: disabled ? 'not-allowed' : 'pointer',
  })
  const scroll = bookScrolled || prefs.scroll
  return (
    <div
      data-testid="reader-settings"
      role="dialog"
      aria-modal="true"
      aria-label={t(readerMessages.settings)}
      css={{ position: 'absolute', inset: 0, zIndex: 26 }}
    >
      <div role="presentation" onClick={onClose} css={{ position: 'absolute', inset: 0, background: 'rgba(0,0,0,.35)' }} />
      <section
        ref={sheet}
        css={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          maxWidth: 520,
          margin: '0 auto',
          background: '#fff',
          color: '#1a1a1a',
          borderRadius: '16px 16px 0 0',
          padding: '8px 20px calc(16px + env(safe-area-inset-bottom))',
        }}
      >
        <h2 css={{ fontSize: 16, margin: '12px 0 4px' }}>{t(readerMessages.settings)}</h2>
        {fixedLayout ? null : (
          <div css={row}>
            <span>{t(readerMessages.fontSize)}</span>
            <span css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <button
                type="button"
                data-testid="font-smaller"
                aria-label={t(readerMessages.smaller)}
                onClick={() => onChange({ fontSize: stepFontSize(prefs.fontSize, -1) })}
                css={{ ...choice(false), flex: 'none', width: 48, fontSize: 13 }}
              >
                A
              </button>
              <span data-testid="font-size" css={{ minWidth: 48, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}>
                {Math.round(prefs.fontSize * 100)}%
              </span>
              <button
                type="button"
                data-testid="font-larger"
                aria-label={t(readerMessages.larger)}
                onClick={() => onChange({ fontSize: stepFontSize(prefs.fontSize, 1) })}
                css={{ ...choice(false), flex: 'none', width: 48, fontSize: 19 }}
              >
                A
              </button>
            </span>
          </div>
        )}
        <div css={row}>
          <span>{t(readerMessages.theme)}</span>
        </div>
        <div css={{ display: 'flex', gap: 8, padding: '4px 0 12px' }}>
          {(['light', 'sepia', 'dark'] as ReaderTheme[]).map((theme) => (
            <button
              type="button"
              key={theme}
              data-testid={`theme-${theme}`}
              aria-pressed={prefs.theme === theme}
              onClick={() => onChange({ theme })}
              css={{ ...choice(prefs.theme === theme), background: THEMES[theme].background, color: THEMES[theme].text }}
            >
              {t(readerMessages[theme])}
            </button>
          ))}
        </div>
        {fixedLayout ? null : (
          <>
            <div css={row}>
              <span>{t(readerMessages.layout)}</span>
            </div>
            <div css={{ display: 'flex', gap: 8, padding: '4px 0 12px' }}>
              <button
                type="button"
                data-testid="layout-paginated"
                aria-pressed={!scroll}
                disabled={bookScrolled}
                aria-describedby={bookScrolled ? 'reader-layout-by-book' : undefined}
                onClick={() => onChange({ scroll: false })}
                css={choice(!scroll, bookScrolled)}
              >
                {t(readerMessages.paginated)}
              </button>
              <button
                type="button"
                data-testid="layout-scrolled"
                aria-pressed={scroll}
                disabled={bookScrolled}
                aria-describedby={bookScrolled ? 'reader-layout-by-book' : undefined}
                onClick={() => onChange({ scroll: true })}
                css={choice(scroll, bookScrolled)}
              >
                {t(readerMessages.scrolled)}
              </button>
            </div>
            {bookScrolled ? (
              <p id="reader-layout-by-book" data-testid="layout-by-book" css={{ margin: '0 0 12px', fontSize: 13, color: '#595959' }}>
                {t(readerMessages.scrolledByBook)}
              </p>
            ) : null}
          </>
        )}
        <button
          type="button"
          onClick={onClose}
          css={{ width: '100%', marginTop: 8, padding: 12, borderRadius: 12, border: 0, background: '#1a1a1a', color: '#fff', fontWeight: 700, fontSize: 15 }}
        >
          {t(readerMessages.close)}
        </button>
      </section>
    </div>
  )
}
