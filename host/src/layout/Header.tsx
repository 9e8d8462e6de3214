import { COLORS, media, useLocalePath, useT, routePath } from '@koma/contracts'
import { Link } from 'react-router-dom'
import { headerMessages } from '../i18n/messages'
import { AccountButton } from './AccountButton'
import { InboxButton } from './InboxButton'
import { Logo, SearchIcon } from './icons'
import { LanguageSwitcher } from './LanguageSwitcher'
import { MenuTabs } from './MenuTabs'
import type { HeaderMode } from './useHeaderMode'

export const HEADER_HEIGHT = 56

/** What the header's contents are drawn in: set by the header, white when it floats over art. */
export const HEADER_INK = 'var(--koma-header-ink)'

/**
 * The site header: logo home, search, language, account; menu tabs on menu-layout pages. Whether
 * it floats over the page's art is a media query, not a measurement, so a page the edge drew
 * (issue 13) is drawn right at every width before any script runs.
 */
export function Header({ mode, withMenu }: { mode: HeaderMode; withMenu: boolean }) {
  const t = useT()
  const path = useLocalePath()
  const floats = mode.overlayWhenNarrow && !mode.scrolled
  return (
    <header
      data-testid="site-header"
      data-white-icons={mode.white ? 'true' : 'false'}
      data-scrolled={mode.scrolled ? 'true' : 'false'}
      css={{
        '--koma-header-ink': COLORS.text,
        '--koma-tab-ink': COLORS.textMuted,
        '--koma-tab-active': COLORS.text,
        '--koma-tab-accent': COLORS.brand,
        position: 'fixed',
        inset: '0 0 auto 0',
        zIndex: 100,
        background: 'rgba(255,255,255,.97)',
        boxShadow: mode.scrolled ? '0 1px 0 rgba(0,0,0,.08)' : 'none',
        backdropFilter: 'saturate(180%) blur(8px)',
        transition: 'background .2s ease, box-shadow .2s ease',
        [media.narrowHeader]: floats
          ? {
              '--koma-header-ink': '#ffffff',
              '--koma-tab-ink': 'rgba(255,255,255,.85)',
              '--koma-tab-active': '#ffffff',
              '--koma-tab-accent': '#ffffff',
              background: 'linear-gradient(rgba(0,0,0,.35), rgba(0,0,0,0))',
              backdropFilter: 'none',
            }
          : {},
      }}
    >
      <div
        css={{
          height: HEADER_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          padding: '0 16px',
          maxWidth: 1200,
          margin: '0 auto',
          // A phone keeps every item on the row: the icons and the language keep their size, and a
          // long nickname gives way (it ends in an ellipsis inside the account button).
          '& > *': { flexShrink: 0 },
          '& > [data-shrinks]': { flexShrink: 1, minWidth: 0 },
          [media.narrowHeader]: { gap: 12, padding: '0 12px' },
        }}
      >
        <Link to={path(routePath('catalog.home'))} aria-label={t(headerMessages.home)} css={{ display: 'inline-flex', color: HEADER_INK }}>
          <Logo />
        </Link>
        <div data-shrinks css={{ flex: 1 }} />
        <Link
          to={path(routePath('catalog.searchEmpty'))}
          aria-label={t(headerMessages.search)}
          data-testid="header-search"
          css={{ color: HEADER_INK, display: 'inline-flex' }}
        >
          <SearchIcon />
        </Link>
        <LanguageSwitcher color={HEADER_INK} />
        <InboxButton color={HEADER_INK} />
        <AccountButton color={HEADER_INK} />
      </div>
      {withMenu ? <MenuTabs /> : null}
    </header>
  )
}
