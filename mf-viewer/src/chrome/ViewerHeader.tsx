import { COLORS, useT } from '@koma/contracts'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { CHROME_ICONS_MEDIA } from './ChromeLabel'
import { viewerMessages } from '../i18n/messages'

/** The viewer's top bar: back to the episode list, the title and chapter, and actions. Slides away while reading. */
export function ViewerHeader({
  visible,
  backTo,
  contentName,
  chapterName,
  badge,
  actions,
}: {
  visible: boolean
  backTo: string
  contentName: string
  chapterName: string
  badge?: string | null
  actions?: ReactNode
}) {
  const t = useT()
  return (
    <header
      data-testid="viewer-header"
      data-chrome
      data-visible={visible}
      css={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 30,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        [CHROME_ICONS_MEDIA]: { gap: 2 },
        height: 52,
        // Room for the focus ring of the first and last controls (the old 5-value padding was invalid CSS, i.e. none).
        paddingInline: 'max(8px, env(safe-area-inset-left)) max(8px, env(safe-area-inset-right))',
        paddingTop: 'env(safe-area-inset-top)',
        background: 'rgba(17,17,17,.94)',
        color: '#fff',
        transform: visible ? 'none' : 'translateY(-110%)',
        transition: 'transform .22s ease',
        boxShadow: visible ? '0 1px 0 rgba(255,255,255,.06)' : 'none',
      }}
    >
      <Link
        to={backTo}
        aria-label={t(viewerMessages.back)}
        data-testid="viewer-back"
        css={{ color: '#fff', fontSize: 26, lineHeight: 1, textDecoration: 'none', padding: '8px 10px' }}
      >
        ‹
      </Link>
      <div css={{ minWidth: 0, flex: 1 }}>
        <p css={{ margin: 0, fontSize: 12, opacity: 0.7, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{contentName}</p>
        <h1 data-testid="chapter-name" css={{ margin: 0, fontSize: 15, fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {badge ? (
            <span
              css={{
                display: 'inline-block',
                fontSize: 11,
                fontWeight: 700,
                background: COLORS.brand,
                borderRadius: 4,
                padding: '1px 6px',
                marginRight: 6,
                verticalAlign: 2,
              }}
            >
              {badge}
            </span>
          ) : null}
          {chapterName}
        </h1>
      </div>
      {actions}
    </header>
  )
}

export const chromeButton = {
  background: 'transparent',
  border: 0,
  color: '#fff',
  fontSize: 14,
  fontWeight: 700,
  padding: '8px 10px',
  borderRadius: 8,
  cursor: 'pointer',
  textDecoration: 'none',
  whiteSpace: 'nowrap' as const,
  '&:hover': { background: 'rgba(255,255,255,.1)' },
  '&:disabled': { opacity: 0.35, cursor: 'default' },
  // A phone: the controls beside the title show their drawings (ChromeLabel), each a 44 px target.
  '@media (max-width: 480px)': { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minWidth: 44, minHeight: 44, padding: 10 },
}
