import { auth, browserEnvironment, COLORS, openMatureDialog, useT, type ApiError } from '@koma/contracts'
import { invalidate, type CatalogKey } from '../cache'
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { commonMessages } from '../i18n/messages'

/**
 * What a page shows while the reader may not see it (SPEC §4): for a list, the adult check for
 * signed-out readers (cookie for a day) or accept mature for members (their profile setting); for
 * a mature title (451, issue 33), the step it needs: sign in, verify their age, or turn mature on.
 * Yes loads the page again; no and cancel follow the SPEC outcomes inside the host dialog.
 */
export function MatureGate({ resourceKey, refusal }: { resourceKey: CatalogKey; refusal: ApiError }) {
  const t = useT()
  const location = useLocation()
  useEffect(() => {
    let active = true
    const target = location.pathname + location.search
    void openMatureDialog(refusal, target, { signedIn: auth.signedIn, saidAdult: browserEnvironment.acceptMature() }).then((accepted) => {
      if (active && accepted) invalidate(resourceKey)
    })
    return () => {
      active = false
    }
  }, [resourceKey, refusal, location.pathname, location.search])
  return (
    <div data-testid="mature-gate" css={{ maxWidth: 560, margin: '0 auto', padding: '96px 24px', textAlign: 'center', color: COLORS.textMuted }}>
      <div
        aria-hidden
        css={{
          width: 64,
          height: 64,
          margin: '0 auto 16px',
          borderRadius: '50%',
          background: '#b71c1c',
          color: '#fff',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
          fontSize: 20,
        }}
      >
        18+
      </div>
      <p css={{ fontSize: 15 }}>{t(commonMessages.matureGate)}</p>
    </div>
  )
}
