import { COOKIES, LOCALE_COOKIE_DAYS, LOCALES, splitLocalePrefix, switchedPrefix, useLocale, withLocalePrefix, type Locale, useT } from '@koma/contracts'
import { VISUALLY_HIDDEN, writeCookie } from '@koma/contracts'
import { useLocation, useNavigate } from 'react-router-dom'
import { headerMessages } from '../i18n/messages'
import { GlobeIcon } from './icons'

const NAMES: Record<Locale, string> = { ja: '日本語', en: 'English', fr: 'Français' }

/**
 * Switch language: remember it for 365 days and move to the same page in that language, keeping
 * the kind of path the reader is on (`switchedPrefix`: /ja/… → /en/…, unprefixed stays unprefixed for ja).
 */
export function LanguageSwitcher({ color }: { color: string }) {
  const t = useT()
  const { locale } = useLocale()
  const location = useLocation()
  const navigate = useNavigate()
  const change = (next: Locale) => {
    writeCookie(COOKIES.locale, next, LOCALE_COOKIE_DAYS)
    const { prefix, rest } = splitLocalePrefix(location.pathname)
    void navigate(withLocalePrefix(rest, switchedPrefix(prefix, next)) + location.search)
  }
  return (
    <label css={{ display: 'inline-flex', alignItems: 'center', gap: 4, color, cursor: 'pointer', position: 'relative' }}>
      <GlobeIcon size={20} />
      <span css={VISUALLY_HIDDEN}>{t(headerMessages.language)}</span>
      <select
        value={locale}
        onChange={(event) => change(event.target.value as Locale)}
        data-testid="language-switcher"
        css={{
          appearance: 'none',
          background: 'transparent',
          border: 0,
          color: 'inherit',
          font: 'inherit',
          fontSize: 13,
          cursor: 'pointer',
          padding: '4px 2px',
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} css={{ color: '#111' }}>
            {NAMES[option]}
          </option>
        ))}
      </select>
    </label>
  )
}
