import { COLORS, useFocusTrap, useT } from '@koma/contracts'
import { useRef } from 'react'
import { readerMessages } from '../i18n/messages'
import type { TocEntry } from './toc'

/** The file part of an href (no fragment): what the reader's current position is compared with. */
const fileOf = (href: string) => href.split('#')[0]

/** The novel reader's contents sheet: chapters of the book, the current one marked; a tap goes there. */
export function TableOfContents({
  entries,
  currentHref,
  onGo,
  onClose,
}: {
  entries: TocEntry[]
  currentHref: string | null
  onGo(entry: TocEntry): void
  onClose(): void
}) {
  const t = useT()
  // A modal sheet: focus inside, Tab kept inside, Escape closes, focus back on its footer button.
  const sheet = useRef<HTMLElement>(null)
  useFocusTrap(sheet, onClose)
  const current = currentHref ? fileOf(currentHref) : null
  const list = (items: TocEntry[], depth: number) => (
    <ol css={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((entry, index) => {
        const active = current !== null && fileOf(entry.href) === current
        return (
          <li key={`${entry.href}-${index}`}>
            <button
              type="button"
              data-testid="toc-entry"
              aria-current={active ? 'location' : undefined}
              onClick={() => onGo(entry)}
              css={{
                display: 'block',
                width: '100%',
                textAlign: 'start',
                padding: `12px 4px 12px ${4 + depth * 16}px`,
                border: 0,
                borderBottom: '1px solid #eee',
                background: 'none',
                color: active ? COLORS.brand : '#1a1a1a',
                fontWeight: active ? 700 : 400,
                fontSize: 15,
                cursor: 'pointer',
              }}
            >
              {entry.title || entry.href}
            </button>
            {entry.children && entry.children.length > 0 ? list(entry.children, depth + 1) : null}
          </li>
        )
      })}
    </ol>
  )
  return (
    <div data-testid="reader-toc" role="dialog" aria-modal="true" aria-label={t(readerMessages.contents)} css={{ position: 'absolute', inset: 0, zIndex: 26 }}>
      <div role="presentation" onClick={onClose} css={{ position: 'absolute', inset: 0, background: 'rgba(0,0,0,.35)' }} />
      <section
        ref={sheet}
        css={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          maxWidth: 520,
          maxHeight: '75%',
          margin: '0 auto',
          display: 'flex',
          flexDirection: 'column',
          background: '#fff',
          color: '#1a1a1a',
          borderRadius: '16px 16px 0 0',
          padding: '8px 20px calc(16px + env(safe-area-inset-bottom))',
        }}
      >
        <h2 css={{ fontSize: 16, margin: '12px 0 4px' }}>{t(readerMessages.contents)}</h2>
        <div css={{ overflowY: 'auto', flex: 1 }}>
          {entries.length > 0 ? list(entries, 0) : <p css={{ color: '#6b6b6b', fontSize: 14 }}>{t(readerMessages.noContents)}</p>}
        </div>
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
