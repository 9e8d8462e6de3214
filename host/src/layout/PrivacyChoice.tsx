import { analytics, api, auth, endpoints, openDialog, useT } from '@koma/contracts'
import { useState } from 'react'
import { footerMessages } from '../i18n/messages'

/**
 * SPEC §1 (California): "Do not share my personal information", for everyone. The choice is kept
 * in a cookie (and, for a member, in the account's settings); with it on, or with the browser's
 * Global Privacy Control, the site keeps no analytics of the reader.
 */
export function PrivacyChoice() {
  const t = useT()
  const [on, setOn] = useState(() => !analytics.sharing())
  const choose = async () => {
    const next = !on
    const agreed = await openDialog('confirm', {
      title: t(footerMessages.doNotShare),
      message: t(next ? footerMessages.doNotShareOn : footerMessages.doNotShareOff),
      okLabel: t(next ? footerMessages.doNotShareOnOk : footerMessages.doNotShareOffOk),
    })
    if (!agreed) return
    analytics.setDoNotShare(next)
    setOn(!analytics.sharing())
    if (auth.signedIn) await api.request(endpoints.settingsUpdate, { body: { doNotShare: next ? 'true' : 'false' } }).catch(() => undefined)
  }
  return (
    <button
      type="button"
      data-testid="footer-do-not-share"
      aria-pressed={on}
      onClick={() => void choose()}
      css={{
        background: 'none',
        border: 0,
        padding: 0,
        font: 'inherit',
        color: 'inherit',
        cursor: 'pointer',
        textAlign: 'left',
        '&:hover': { textDecoration: 'underline' },
      }}
    >
      {t(footerMessages.doNotShare)}
      {on ? ` ✓ ${t(footerMessages.doNotShareChosen)}` : ''}
    </button>
  )
}
