import { COLORS, FOCUS_RING, FONT_SIZES, media, useLocalePath } from '@koma/contracts'
import { useEffect, useId, type ButtonHTMLAttributes, type ReactNode } from 'react'
import { Link } from 'react-router-dom'

/** The account area's building blocks: page frame, cards, rows, buttons, switches, banners. */

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | Koma`
  }, [title])
}

export function AccountPage({
  title,
  lead,
  back,
  children,
  testId,
  wide,
}: {
  title: string
  lead?: ReactNode
  back?: { to: string; label: string }
  children: ReactNode
  testId: string
  wide?: boolean
}) {
  const path = useLocalePath()
  usePageTitle(title)
  return (
    <section
      data-testid={testId}
      css={{ maxWidth: wide ? 760 : 560, margin: '0 auto', padding: '28px 16px 56px', [media.mobile]: { padding: '20px 16px 48px' } }}
    >
      {back ? (
        <Link
          to={path(back.to)}
          css={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 4,
            color: COLORS.textMuted,
            fontSize: FONT_SIZES.size40,
            textDecoration: 'none',
            marginBottom: 12,
            '&:hover': { color: COLORS.text },
          }}
        >
          <span aria-hidden>‹</span> {back.label}
        </Link>
      ) : null}
      <h1 css={{ fontSize: 26, lineHeight: 1.25, margin: '0 0 8px', [media.mobile]: { fontSize: 22 } }}>{title}</h1>
      {lead ? <p css={{ margin: '0 0 24px', color: COLORS.textMuted, fontSize: FONT_SIZES.size50, lineHeight: 1.6 }}>{lead}</p> : <div css={{ height: 16 }} />}
      {children}
    </section>
  )
}

export function Card({ title, children, testId, action }: { title?: string; children: ReactNode; testId?: string; action?: ReactNode }) {
  return (
    <div data-testid={testId} css={{ background: COLORS.surface, border: `1px solid ${COLORS.line}`, borderRadius: 14, marginBottom: 16, overflow: 'hidden' }}>
      {title ? (
        <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '14px 18px 4px' }}>
          <h2 css={{ fontSize: FONT_SIZES.size40, fontWeight: 700, letterSpacing: '.04em', textTransform: 'uppercase', color: COLORS.textMuted, margin: 0 }}>
            {title}
          </h2>
          {action}
        </div>
      ) : null}
      {children}
    </div>
  )
}

const rowStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  minHeight: 56,
  padding: '12px 18px',
  borderTop: `1px solid ${COLORS.line}`,
  color: COLORS.text,
  textDecoration: 'none',
  fontSize: 15,
  background: 'none',
  width: '100%',
  textAlign: 'left' as const,
  '&:first-child': { borderTop: 0 },
}

/** A row of a card: label, value and, when it leads somewhere, a chevron. */
export function Row({
  label,
  value,
  to,
  onClick,
  testId,
  danger,
  children,
}: {
  label: ReactNode
  value?: ReactNode
  to?: string
  onClick?: () => void
  testId?: string
  danger?: boolean
  children?: ReactNode
}) {
  const path = useLocalePath()
  const inner = (
    <>
      <span css={{ flex: 1, minWidth: 0, color: danger ? COLORS.brandDark : COLORS.text, fontWeight: 500 }}>{label}</span>
      {value !== undefined ? (
        <span
          css={{
            color: COLORS.textMuted,
            fontSize: FONT_SIZES.size50,
            textAlign: 'right',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            maxWidth: '60%',
          }}
        >
          {value}
        </span>
      ) : null}
      {children}
      {to || onClick ? (
        <span aria-hidden css={{ color: '#b5b5b5', fontSize: FONT_SIZES.size80, lineHeight: 1 }}>
          ›
        </span>
      ) : null}
    </>
  )
  if (to) {
    return (
      <Link to={path(to)} data-testid={testId} css={{ ...rowStyle, '&:hover': { background: COLORS.surfaceAlt } }}>
        {inner}
      </Link>
    )
  }
  if (onClick) {
    return (
      <button
        type="button"
        data-testid={testId}
        onClick={onClick}
        css={{
          ...rowStyle,
          border: 0,
          borderTop: `1px solid ${COLORS.line}`,
          cursor: 'pointer',
          fontFamily: 'inherit',
          '&:hover': { background: COLORS.surfaceAlt },
        }}
      >
        {inner}
      </button>
    )
  }
  return (
    <div data-testid={testId} css={rowStyle}>
      {inner}
    </div>
  )
}

export const primaryButton = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  width: '100%',
  padding: '14px 18px',
  borderRadius: 26,
  border: 0,
  background: COLORS.brand,
  color: COLORS.onBrand,
  fontSize: FONT_SIZES.size60,
  fontWeight: 700,
  cursor: 'pointer',
  textDecoration: 'none',
  '&:hover': { background: COLORS.brandDark },
  '&:disabled': { opacity: 0.55, cursor: 'default', background: COLORS.brand },
} as const

export const secondaryButton = {
  ...primaryButton,
  background: COLORS.surface,
  color: COLORS.text,
  border: `1.5px solid ${COLORS.line}`,
  '&:hover': { background: COLORS.surfaceAlt },
  '&:disabled': { opacity: 0.55, cursor: 'default' },
} as const

export const smallButton = {
  padding: '7px 14px',
  borderRadius: 18,
  fontSize: FONT_SIZES.size40,
  fontWeight: 700,
  border: `1.5px solid ${COLORS.line}`,
  background: COLORS.surface,
  color: COLORS.text,
  cursor: 'pointer',
  whiteSpace: 'nowrap' as const,
  '&:hover': { background: COLORS.surfaceAlt },
  '&:disabled': { opacity: 0.5, cursor: 'default' },
} as const

export function Button({
  variant = 'primary',
  tone,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'small'; tone?: 'brand' | 'danger' }) {
  const style = variant === 'primary' ? primaryButton : variant === 'secondary' ? secondaryButton : smallButton
  const toned =
    tone === 'brand'
      ? { background: COLORS.brand, color: COLORS.onBrand, border: 0, '&:hover': { background: COLORS.brandDark } }
      : tone === 'danger'
        ? { background: COLORS.brandDark, color: COLORS.onBrand, border: 0, '&:hover': { background: '#b8321f' } }
        : {}
  return <button type="button" {...props} css={{ ...style, ...toned }} />
}

/** An on/off switch with its label (a real checkbox for assistive technology). */
export function Toggle({
  label,
  description,
  checked,
  onChange,
  testId,
  disabled,
}: {
  label: string
  description?: string
  checked: boolean
  onChange: (next: boolean) => void
  testId?: string
  disabled?: boolean
}) {
  const id = useId()
  return (
    <label htmlFor={id} css={{ ...rowStyle, cursor: disabled ? 'default' : 'pointer' }}>
      <span css={{ flex: 1 }}>
        <span css={{ display: 'block', fontWeight: 500 }}>{label}</span>
        {description ? (
          <span css={{ display: 'block', fontSize: FONT_SIZES.size40, color: COLORS.textMuted, marginTop: 2, lineHeight: 1.5 }}>{description}</span>
        ) : null}
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked)}
        css={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
      />
      <span
        aria-hidden
        css={{
          position: 'relative',
          flex: 'none',
          width: 46,
          height: 28,
          borderRadius: 14,
          background: checked ? COLORS.brand : '#d4d4d8',
          transition: 'background .15s ease',
          opacity: disabled ? 0.5 : 1,
          'input:focus-visible + &': FOCUS_RING,
          '&::after': {
            content: '""',
            position: 'absolute',
            top: 3,
            left: checked ? 21 : 3,
            width: 22,
            height: 22,
            borderRadius: '50%',
            background: COLORS.surface,
            boxShadow: '0 1px 3px rgba(0,0,0,.25)',
            transition: 'left .15s ease',
          },
        }}
      />
    </label>
  )
}

/** Two or three choices side by side (radio buttons underneath). */
export function Segmented<V extends string>({
  label,
  value,
  options,
  onChange,
  name,
  testId,
}: {
  label: string
  value: V
  options: { value: V; label: string }[]
  onChange: (next: V) => void
  name: string
  testId?: string
}) {
  return (
    <div css={{ ...rowStyle, flexWrap: 'wrap' }} role="radiogroup" aria-label={label} data-testid={testId}>
      <span css={{ flex: '1 1 160px', fontWeight: 500 }}>{label}</span>
      <span css={{ display: 'inline-flex', background: COLORS.surfaceAlt, borderRadius: 20, padding: 3 }}>
        {options.map((option) => (
          <label key={option.value} css={{ position: 'relative', cursor: 'pointer' }}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              data-testid={testId ? `${testId}-${option.value}` : undefined}
              css={{ position: 'absolute', opacity: 0 }}
            />
            <span
              css={{
                display: 'block',
                padding: '6px 14px',
                borderRadius: 17,
                fontSize: FONT_SIZES.size40,
                fontWeight: 700,
                color: value === option.value ? COLORS.text : COLORS.textMuted,
                background: value === option.value ? COLORS.surface : 'transparent',
                boxShadow: value === option.value ? '0 1px 3px rgba(0,0,0,.12)' : 'none',
                'input:focus-visible + &': FOCUS_RING,
              }}
            >
              {option.label}
            </span>
          </label>
        ))}
      </span>
    </div>
  )
}

export function Banner({ tone = 'info', children, testId }: { tone?: 'info' | 'success' | 'error' | 'warning'; children: ReactNode; testId?: string }) {
  const tones = {
    info: { background: '#eef4ff', color: '#1d4ed8' },
    success: { background: '#ecfdf3', color: '#166534' },
    error: { background: COLORS.brandTintStrong, color: COLORS.brandDark },
    warning: { background: '#fff7e6', color: '#9a5b00' },
  }
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      css={{ ...tones[tone], borderRadius: 10, padding: '12px 14px', fontSize: FONT_SIZES.size50, lineHeight: 1.55, margin: '0 0 16px' }}
    >
      {children}
    </div>
  )
}

export function Tabs({ tabs }: { tabs: { to: string; label: string; active: boolean; badge?: number; testId?: string }[] }) {
  const path = useLocalePath()
  return (
    <nav css={{ display: 'flex', gap: 4, borderBottom: `1px solid ${COLORS.line}`, marginBottom: 20 }}>
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={path(tab.to)}
          data-testid={tab.testId}
          aria-current={tab.active ? 'page' : undefined}
          css={{
            padding: '10px 14px',
            marginBottom: -1,
            fontSize: 15,
            fontWeight: 700,
            textDecoration: 'none',
            color: tab.active ? COLORS.text : COLORS.textMuted,
            borderBottom: `2.5px solid ${tab.active ? COLORS.brand : 'transparent'}`,
          }}
        >
          {tab.label}
          {tab.badge ? (
            <span
              css={{
                marginLeft: 6,
                background: COLORS.brand,
                color: COLORS.onBrand,
                borderRadius: 10,
                fontSize: FONT_SIZES.size25,
                padding: '2px 7px',
                verticalAlign: 2,
              }}
            >
              {tab.badge}
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  )
}

export function Empty({ children }: { children: ReactNode }) {
  return <p css={{ textAlign: 'center', color: COLORS.textMuted, fontSize: FONT_SIZES.size50, padding: '40px 16px', margin: 0 }}>{children}</p>
}

/** A checkbox line (agreements). */
export function Check({
  label,
  checked,
  onChange,
  error,
  testId,
  children,
}: {
  label?: ReactNode
  checked: boolean
  onChange: (next: boolean) => void
  error?: string | null
  testId?: string
  children?: ReactNode
}) {
  return (
    <div css={{ marginBottom: 10 }}>
      <label css={{ display: 'flex', alignItems: 'flex-start', gap: 10, fontSize: FONT_SIZES.size50, lineHeight: 1.5, cursor: 'pointer' }}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          data-testid={testId}
          css={{ width: 18, height: 18, marginTop: 1, accentColor: COLORS.brand, flex: 'none' }}
        />
        <span>{label ?? children}</span>
      </label>
      {error ? (
        <p role="alert" css={{ color: COLORS.brandDark, fontSize: FONT_SIZES.size40, margin: '4px 0 0 28px' }}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

export const formCard = {
  background: COLORS.surface,
  border: `1px solid ${COLORS.line}`,
  borderRadius: 14,
  padding: '22px 20px 24px',
  [media.mobile]: { padding: '18px 16px 20px' },
} as const
