/** Inline icons: no icon font, no extra request. */
type IconProps = { size?: number; title?: string }

const svg = (size: number, title: string | undefined, children: React.ReactNode) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    role={title ? 'img' : undefined}
    aria-hidden={title ? undefined : true}
  >
    {title ? <title>{title}</title> : null}
    {children}
  </svg>
)

export const SearchIcon = ({ size = 22, title }: IconProps) =>
  svg(
    size,
    title,
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>,
  )

export const UserIcon = ({ size = 22, title }: IconProps) =>
  svg(
    size,
    title,
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
    </>,
  )

export const GlobeIcon = ({ size = 22, title }: IconProps) =>
  svg(
    size,
    title,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
    </>,
  )

export const BookIcon = ({ size = 22, title }: IconProps) =>
  svg(
    size,
    title,
    <>
      <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5Z" />
      <path d="M4 19a2 2 0 0 1 2-2h13" />
    </>,
  )

export const CoinIcon = ({ size = 22, title }: IconProps) =>
  svg(
    size,
    title,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M14.5 9.5c-.5-1-1.4-1.5-2.5-1.5-1.5 0-2.5.8-2.5 2s1 1.7 2.5 2 2.5.8 2.5 2-1 2-2.5 2c-1.1 0-2-.5-2.5-1.5M12 6.5v11" />
    </>,
  )

export const InboxIcon = ({ size = 22, title }: IconProps) =>
  svg(
    size,
    title,
    <>
      <path d="M4 13h4l1.5 3h5L16 13h4" />
      <path d="M5.5 5h13L21 13v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-5l2.5-8Z" />
    </>,
  )

export function Logo({ color = 'currentColor' }: { color?: string }) {
  return (
    <svg width="84" height="26" viewBox="0 0 84 26" aria-hidden>
      <rect x="1" y="1" width="24" height="24" rx="6" fill="#ff5b4a" />
      <path d="M8 7v12M8 13l7-6M10.5 11l5.5 8" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" fill="none" />
      <text x="31" y="19.5" fontFamily="'Helvetica Neue', Arial, sans-serif" fontWeight="800" fontSize="19" fill={color} letterSpacing="0.5">
        Koma
      </text>
    </svg>
  )
}
