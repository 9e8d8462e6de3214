import { COLORS, TIMINGS } from '@koma/contracts'
import { observer } from 'mobx-react-lite'
import { notificationStore } from './notificationStore'

/**
 * The one transient notification of the site (SPEC §4), above pages and dialogs. Remotes show it
 * with `notify()` from contracts; it fades out when hidden and its text goes 500 ms later.
 */
export const NotificationHost = observer(function NotificationHost() {
  const shown = notificationStore.current
  return (
    <div
      aria-live="polite"
      role="status"
      css={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 32,
        zIndex: 2000,
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
        padding: '0 16px',
      }}
    >
      {shown ? (
        <div
          key={shown.id}
          data-testid="notification"
          data-visible={shown.visible ? 'true' : 'false'}
          css={{
            background: 'rgba(17,17,17,.92)',
            color: '#fff',
            padding: '11px 18px',
            borderRadius: 20,
            fontSize: 14,
            fontWeight: 700,
            lineHeight: 1.45,
            maxWidth: 480,
            textAlign: 'center',
            boxShadow: `0 6px 24px ${COLORS.text}33`,
            opacity: shown.visible ? 1 : 0,
            transition: `opacity ${TIMINGS.notificationClearMs}ms ease`,
          }}
        >
          {shown.message}
        </div>
      ) : null}
    </div>
  )
})
