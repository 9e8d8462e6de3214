import { FONT_SIZES, api, COLORS, DialogFrame, endpoints, Spinner, useT } from '@koma/contracts'
import { EXPIRING_LIST_LONG, formatDateTime } from '@koma/contracts/domain'
import { useResource } from '../cache'
import { Suspense, useId } from 'react'
import { checkoutMessages } from '../i18n/messages'

function ExpiringList() {
  const t = useT()
  const { expireCoins } = useResource('coin-expire', () => api.request(endpoints.coinExpire))
  if (expireCoins.length === 0) return <p css={{ fontSize: FONT_SIZES.size50, color: COLORS.textMuted, margin: 0 }}>{t(checkoutMessages.expiringEmpty)}</p>
  // SPEC §9: a list of 10 or more entries is long; it scrolls inside the dialog.
  const long = expireCoins.length >= EXPIRING_LIST_LONG
  return (
    <ul data-testid="expiring-list" css={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: long ? 320 : undefined, overflowY: long ? 'auto' : undefined }}>
      {expireCoins.map((entry) => (
        <li
          key={entry.expireAt}
          data-testid="expiring-entry"
          css={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 12,
            padding: '10px 0',
            borderBottom: `1px solid ${COLORS.line}`,
            fontSize: FONT_SIZES.size50,
          }}
        >
          <strong>{t(checkoutMessages.expiringAmount, { amount: entry.amount })}</strong>
          <span css={{ color: COLORS.textMuted }}>{t(checkoutMessages.expiringAt, { date: formatDateTime(entry.expireAt) })}</span>
        </li>
      ))}
    </ul>
  )
}

/** SPEC §2 expiring coin list dialog: amounts and expiry times, soonest first. */
export function ExpiringCoinsDialog({ onClose }: { onClose: () => void }) {
  const t = useT()
  const id = useId()
  return (
    <DialogFrame
      testId="dialog-expiring-coins"
      labelledBy={id}
      onOutside={onClose}
      panel={{ maxWidth: 400, borderRadius: 16, padding: '22px 20px 18px', boxShadow: 'none' }}
    >
      <h2 id={id} css={{ fontSize: FONT_SIZES.size70, margin: '0 0 6px' }}>
        {t(checkoutMessages.expiring)}
      </h2>
      <p css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted, margin: '0 0 12px' }}>{t(checkoutMessages.expiringNote)}</p>
      <Suspense fallback={<Spinner minHeight={80} />}>
        <ExpiringList />
      </Suspense>
      <button
        type="button"
        onClick={onClose}
        css={{
          width: '100%',
          marginTop: 16,
          padding: 12,
          border: 0,
          borderRadius: 10,
          background: COLORS.surfaceAlt,
          color: COLORS.text,
          fontWeight: 700,
          fontSize: 15,
          cursor: 'pointer',
        }}
      >
        {t(checkoutMessages.close)}
      </button>
    </DialogFrame>
  )
}
