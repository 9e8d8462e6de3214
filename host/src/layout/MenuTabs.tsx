import { auth, useLocalePath, useT } from '@koma/contracts'
import { observer } from 'mobx-react-lite'
import { NavLink } from 'react-router-dom'
import { menuMessages } from '../i18n/messages'

/** The menu areas of SPEC §2, as tabs under the header on menu-layout pages. */
const TABS = [
  { code: 'home', path: '/', label: menuMessages.home },
  { code: 'new', path: '/menu/all_comic/new', label: menuMessages.new },
  { code: 'ranking', path: '/menu/all_comic/ranking', label: menuMessages.ranking },
  { code: 'free', path: '/menu/all_comic/free', label: menuMessages.free },
  { code: 'daily', path: '/menu/all_comic/daily', label: menuMessages.daily },
  { code: 'completed', path: '/menu/all_comic/completed', label: menuMessages.completed },
  { code: 'genre', path: '/menu/all_comic/genre', label: menuMessages.genre },
  { code: 'store', path: '/menu/all_comic/store', label: menuMessages.store },
  { code: 'event', path: '/menu/all_comic/event', label: menuMessages.event },
  // SPEC §2: the adult menu needs a signed-in reader; it is offered only to them.
  { code: 'adult', path: '/menu/all_comic/adult', label: menuMessages.adult, login: true },
] as const

export const MENU_TABS_HEIGHT = 44

/** Drawn in the header's tab colours (Header sets them, white when it floats over the home banner). */
export const MenuTabs = observer(function MenuTabs() {
  const t = useT()
  const path = useLocalePath()
  return (
    <nav
      aria-label={t(menuMessages.label)}
      css={{ height: MENU_TABS_HEIGHT, overflowX: 'auto', scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
    >
      <ul
        css={{
          display: 'flex',
          gap: 4,
          margin: 0,
          padding: '0 12px',
          listStyle: 'none',
          height: '100%',
          alignItems: 'stretch',
          maxWidth: 1200,
          marginInline: 'auto',
        }}
      >
        {TABS.filter((tab) => !('login' in tab) || auth.signedIn).map((tab) => (
          <li key={tab.code} css={{ display: 'flex' }}>
            <NavLink
              to={path(tab.path)}
              end
              data-menu={tab.code}
              css={{
                display: 'flex',
                alignItems: 'center',
                padding: '0 10px',
                fontSize: 14,
                fontWeight: 700,
                whiteSpace: 'nowrap',
                textDecoration: 'none',
                color: 'var(--koma-tab-ink)',
                borderBottom: '3px solid transparent',
                '&.active': { color: 'var(--koma-tab-active)', borderBottomColor: 'var(--koma-tab-accent)' },
              }}
            >
              {t(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
})
