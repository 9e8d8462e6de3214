import { api, COLORS, endpoints, FONT_SIZES, useLocalePath, useT } from '@koma/contracts'
import { invalidate, useResource } from '../cache'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { formatDateTime } from '@koma/contracts/domain'
import { AccountPage, Empty } from '../components/ui'
import { inboxMessages } from '../i18n/messages'
import { InboxTabs } from './InboxTabs'

/** /inbox/message: messages from Koma; opening one marks it read. */
export default function MessagesPage() {
  const t = useT()
  const path = useLocalePath()
  const { messages } = useResource('account:messages', () => api.request(endpoints.messages))
  const [open, setOpen] = useState<number | null>(null)
  return (
    <AccountPage testId="inbox-messages" title={t(inboxMessages.title)}>
      <InboxTabs active="message" />
      {!messages.length ? <Empty>{t(inboxMessages.noMessages)}</Empty> : null}
      <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {messages.map((message) => (
          <li key={message.id} data-testid="message" css={{ borderTop: `1px solid ${COLORS.line}`, '&:first-of-type': { borderTop: 0 } }}>
            <button
              type="button"
              aria-expanded={open === message.id}
              onClick={() => {
                setOpen(open === message.id ? null : message.id)
                if (!message.read)
                  void api.request(endpoints.messageRead, { params: { messageId: String(message.id) } }).then(() => invalidate('account:messages'))
              }}
              css={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                background: 'none',
                border: 0,
                padding: '16px 0',
                cursor: 'pointer',
                font: 'inherit',
                color: COLORS.text,
              }}
            >
              <span css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                {!message.read ? (
                  <span
                    css={{ fontSize: FONT_SIZES.size25, fontWeight: 700, color: COLORS.onBrand, background: COLORS.brand, borderRadius: 8, padding: '2px 7px' }}
                  >
                    {t(inboxMessages.unread)}
                  </span>
                ) : null}
                <strong css={{ fontSize: 15 }}>{message.title}</strong>
              </span>
              <span css={{ display: 'block', fontSize: FONT_SIZES.size30, color: COLORS.textMuted, marginTop: 4 }}>{formatDateTime(message.createdAt)}</span>
            </button>
            {open === message.id ? (
              <div css={{ padding: '0 0 16px', fontSize: FONT_SIZES.size50, lineHeight: 1.7, color: '#333' }}>
                <p css={{ margin: '0 0 8px', whiteSpace: 'pre-line' }}>{message.body}</p>
                {message.linkUrl ? (
                  <Link to={path(message.linkUrl)} css={{ color: COLORS.brand, fontWeight: 700 }}>
                    {t(inboxMessages.open)} ›
                  </Link>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </AccountPage>
  )
}
