import { media, type Layout } from '@koma/contracts'
import type { ReactNode } from 'react'
import { Outlet } from 'react-router-dom'
import { Footer } from './Footer'
import { Header, HEADER_HEIGHT } from './Header'
import { MENU_TABS_HEIGHT } from './MenuTabs'
import { useHeaderMode } from './useHeaderMode'

/** SPEC §2 layouts: default (header, page, footer), menu (plus menu tabs) and none (the viewer). */
export function PageLayout({ layout, children }: { layout: Layout; children?: ReactNode }) {
  const mode = useHeaderMode()
  const content = children ?? <Outlet />
  if (layout === 'none') return <main id="main">{content}</main>
  const withMenu = layout === 'menu'
  const headerSpace = HEADER_HEIGHT + (withMenu ? MENU_TABS_HEIGHT : 0)
  return (
    <div css={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header mode={mode} withMenu={withMenu} />
      {/* Over a key visual or the home banner the header floats; elsewhere it reserves its space. */}
      {/* At least a screen tall: while a remote's screen loads, the footer waits below the fold
          instead of showing and then jumping down (CLS 0.235 on home and episode lists). */}
      <main
        id="main"
        css={{
          flex: 1,
          minHeight: '100vh',
          paddingTop: headerSpace,
          boxSizing: 'border-box',
          // A media query, not a measurement: a page the edge drew (issue 13) is right at every width.
          [media.narrowHeader]: mode.overlayWhenNarrow ? { paddingTop: 0 } : {},
        }}
      >
        {content}
      </main>
      <Footer />
    </div>
  )
}
