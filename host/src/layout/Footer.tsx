import { COLORS, useLocalePath, useT } from '@koma/contracts'
import { Link } from 'react-router-dom'
import { footerMessages } from '../i18n/messages'
import { Logo } from './icons'
import { PrivacyChoice } from './PrivacyChoice'

export function Footer() {
  const t = useT()
  const path = useLocalePath()
  const links = [
    { to: '/document/notice', label: footerMessages.notice },
    { to: '/document/faq', label: footerMessages.faq },
    { to: '/inquiry', label: footerMessages.inquiry },
    { to: '/legal/terms', label: footerMessages.terms },
    { to: '/legal/privacy', label: footerMessages.privacy },
    { to: '/legal/special_commercial_transaction', label: footerMessages.sct },
  ]
  return (
    <footer css={{ borderTop: `1px solid ${COLORS.line}`, background: COLORS.surfaceAlt, marginTop: 48 }}>
      <div css={{ maxWidth: 1200, margin: '0 auto', padding: '28px 16px 40px', color: COLORS.textMuted, fontSize: 13 }}>
        <Logo color={COLORS.textMuted} />
        <ul css={{ display: 'flex', flexWrap: 'wrap', gap: '8px 20px', listStyle: 'none', padding: 0, margin: '16px 0' }}>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={path(link.to)} css={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
                {t(link.label)}
              </Link>
            </li>
          ))}
          <li>
            <PrivacyChoice />
          </li>
        </ul>
        {/* The year by the clock of whoever draws the page: the edge and the browser may differ on New Year's Eve. */}
        <p css={{ margin: 0 }} suppressHydrationWarning>
          {t(footerMessages.copyright, { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  )
}
