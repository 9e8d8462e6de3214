import { COLORS } from '@koma/contracts'

/** Small line icons (no emoji: not every device has a colour emoji font). */
const frame = (size: number, color: string, children: React.ReactNode) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke={color} strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    {children}
  </svg>
)

export const GiftIcon = ({ size = 24, color = COLORS.brand }: { size?: number; color?: string }) =>
  frame(
    size,
    color,
    <>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v8h14v-8M12 8v12M12 8c-1.5-3-5-4-5-1.5S10 8 12 8zm0 0c1.5-3 5-4 5-1.5S14 8 12 8z" />
    </>,
  )

export const CoinIcon = ({ size = 24, color = '#d99a00' }: { size?: number; color?: string }) =>
  frame(
    size,
    color,
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M14.5 9.5c-.5-.9-1.4-1.4-2.5-1.4-1.5 0-2.6.9-2.6 2s1 1.6 2.6 1.9 2.6.8 2.6 2-1.1 2-2.6 2c-1.1 0-2-.5-2.5-1.4M12 6.8v1.3M12 15.9v1.3" />
    </>,
  )

export const TicketIcon = ({ size = 24, color = COLORS.popupFree }: { size?: number; color?: string }) =>
  frame(size, color, <path d="M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4V7zM14 7v10" />)

export const MailIcon = ({ size = 56, color = COLORS.brand }: { size?: number; color?: string }) =>
  frame(
    size,
    color,
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3.5 7l8.5 6 8.5-6" />
    </>,
  )

export const LockIcon = ({ size = 56, color = COLORS.brand }: { size?: number; color?: string }) =>
  frame(
    size,
    color,
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5" />
    </>,
  )

export const PhoneIcon = ({ size = 14, color = COLORS.textMuted }: { size?: number; color?: string }) =>
  frame(
    size,
    color,
    <>
      <rect x="7" y="3" width="10" height="18" rx="2" />
      <path d="M11 18h2" />
    </>,
  )
