import { COLORS, FONT_SIZES } from '@koma/contracts'
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { remoteLoader } from '../federation/loader'
import { newVersionMessages } from '../i18n/messages'
import { REQUIRED_RELOAD_MS, watchNewVersions, type Builds, type Outdated } from '../platform/newVersion'

/**
 * Offers a reload when a new build of the shell or of a remote this page uses is live (SPEC §7
 * builds/latest.json), in the reader's language. The reader chooses when: nothing is lost. A
 * version marked required (SPEC §4 "required app update") is not a choice: the notice says so,
 * and the page reloads by itself a few seconds later (or at once with the button).
 */
const reloadPage = () => location.reload()

export function NewVersionBanner({
  reload = reloadPage,
  latest,
}: {
  reload?: () => void
  /** Tests: where the live builds come from (default /builds/latest.json). */
  latest?: () => Promise<Builds | null>
} = {}) {
  const { formatMessage: t } = useIntl()
  const [shown, setShown] = useState<Outdated | null>(null)
  useEffect(() => watchNewVersions({ running: () => remoteLoader.running(), onOutdated: setShown, ...(latest ? { latest } : {}) }), [latest])
  useEffect(() => {
    if (shown !== 'required') return
    const timer = setTimeout(reload, REQUIRED_RELOAD_MS)
    return () => clearTimeout(timer)
  }, [shown, reload])
  if (!shown) return null
  const required = shown === 'required'
  return (
    <div
      data-testid="new-version"
      data-required={required || undefined}
      role={required ? 'alert' : 'status'}
      css={{
        position: 'fixed',
        left: 16,
        right: 16,
        bottom: 16,
        zIndex: 1900,
        margin: '0 auto',
        maxWidth: 520,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '10px 12px 10px 18px',
        borderRadius: 14,
        background: COLORS.text,
        color: COLORS.onBrand,
        fontSize: FONT_SIZES.size50,
        boxShadow: '0 6px 24px rgba(0,0,0,.25)',
      }}
    >
      <span css={{ flex: 1 }}>{t(required ? newVersionMessages.required : newVersionMessages.available)}</span>
      {!required && (
        <button
          type="button"
          onClick={() => setShown(null)}
          css={{ border: 0, background: 'transparent', color: COLORS.onBrand, fontSize: FONT_SIZES.size50, cursor: 'pointer', padding: '8px 6px' }}
        >
          {t(newVersionMessages.later)}
        </button>
      )}
      <button
        type="button"
        data-testid="new-version-reload"
        onClick={reload}
        css={{
          border: 0,
          borderRadius: 18,
          background: COLORS.onBrand,
          color: COLORS.text,
          fontWeight: 700,
          fontSize: FONT_SIZES.size50,
          cursor: 'pointer',
          padding: '8px 16px',
        }}
      >
        {t(newVersionMessages.reload)}
      </button>
    </div>
  )
}
