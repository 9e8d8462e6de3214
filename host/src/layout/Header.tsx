import { COLORS, useLocalePath, useT, routePath } from '@koma/contracts'
import { Link } from 'react-router-dom'
import { headerMessages } from '../i18n/messages'
import { AccountButton } from './AccountButton'
import { InboxButton } from './InboxButton'
import { Logo, SearchIcon } from './icons'
import { LanguageSwitcher } from './LanguageSwitcher'
import { MenuTabs } from './MenuTabs'
import type { HeaderMode } from './useHeaderMode'

export const HEADER_HEIGHT = 56

/** The site header: logo home, search, language, account; menu tabs on menu-layout pages. */
export function Header({ mode, withMenu }: { mode: HeaderMode; withMenu: boolean }) {
  const t = useT()
  const path = useLocalePath()
  const color = mode.white ? '#ffffff' : COLORS.text
  const solid = !mode.overlay || mode.scrolled
  return (
    <header
      data-testid="site-header"
      data-white-icons={mode.white ? 'true' : 'false'}
      data-scrolled={mode.scrolled ? 'true' : 'false'}
      css={{
        position: 'fixed',
        inset: '0 0 auto 0',
        zIndex: 100,
        background: solid ? 'rgba(255,255,255,.97)' : 'linear-gradient(rgba(0,0,0,.35), rgba(0,0,0,0))',
        boxShadow: mode.scrolled ? '0 1px 0 rgba(0,0,0,.08)' : 'none',
        backdropFilter: solid ? 'saturate(180%) blur(8px)' : undefined,
        transition: 'background .2s ease, box-shadow .2s ease',
      }}
    >
      <div css={{ height: HEADER_HEIGHT, display: 'flex', alignItems: 'center', gap: 16, padding: '0 16px', maxWidth: 1200, margin: '0 auto' }}>
        <Link to={path(routePath('catalog.home'))} aria-label={t(headerMessages.home)} css={{ display: 'inline-flex', color }}>
          <Logo color={color} />
        </Link>
        <div css={{ flex: 1 }} />
        <Link
          to={path(routePath('catalog.searchEmpty'))}
          aria-label={t(headerMessages.search)}
          data-testid="header-search"
          css={{ color, display: 'inline-flex' }}
        >
          <SearchIcon />
        </Link>
        <LanguageSwitcher color={color} />
        <InboxButton color={color} />
        <AccountButton color={color} />
      </div>
      {withMenu ? <MenuTabs white={mode.white} /> : null}
    </header>
  )
}
