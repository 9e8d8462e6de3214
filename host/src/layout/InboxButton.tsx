import { api, auth, endpoints, events, useLocalePath, useT, routePath } from '@koma/contracts'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { headerMessages } from '../i18n/messages'
import { InboxIcon } from './icons'

/** What waits in the inbox: unclaimed gifts plus unread messages (null until known). */
function useInboxWaiting(signedIn: boolean, navigation: string): number | null {
  const [waiting, setWaiting] = useState<number | null>(null)
  useEffect(() => {
    if (!signedIn) {
      setWaiting(null)
      return
    }
    let live = true
    // Refreshed on every navigation, so claiming a gift or reading a message clears the badge.
    api.request(endpoints.inboxCount, { policy: { silent: true } }).then(
      (count) => live && setWaiting(count.gifts + count.messages),
      () => live && setWaiting(null),
    )
    // A page back in front after a while hears what waits from POST /app/foregrounded.
    const off = events.on('app:foregrounded', ({ inbox }) => live && setWaiting(inbox.gifts + inbox.messages))
    return () => {
      live = false
      off()
    }
  }, [signedIn, navigation])
  return waiting
}

/** The header's inbox link with a badge counting unclaimed gifts and unread messages. */
export const InboxButton = observer(function InboxButton({ color }: { color: string }) {
  const t = useT()
  const path = useLocalePath()
  const { key } = useLocation()
  const waiting = useInboxWaiting(auth.reader, key)
  if (!auth.reader) return null
  const count = waiting ?? 0
  return (
    <Link
      to={path(routePath('account.inboxGift'))}
      data-testid="header-inbox"
      aria-label={t(headerMessages.inbox, { count })}
      css={{ position: 'relative', display: 'inline-flex', color }}
    >
      <InboxIcon />
      {count > 0 ? (
        <span
          data-testid="header-inbox-badge"
          aria-hidden
          css={{
            position: 'absolute',
            top: -6,
            right: -8,
            minWidth: 16,
            height: 16,
            padding: '0 4px',
            borderRadius: 8,
            background: '#ff3b5c',
            color: '#fff',
            fontSize: 10,
            fontWeight: 700,
            lineHeight: '16px',
            textAlign: 'center',
            boxSizing: 'border-box',
          }}
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  )
})
