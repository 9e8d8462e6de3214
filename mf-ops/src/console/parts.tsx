import { COLORS, FOCUS_RING, FONT_SIZES, LOCALES, useLocale, useT, type Locale } from '@koma/contracts'
import type { ReactNode } from 'react'
import { consoleMessages } from '../i18n/messages'

/** Pieces the content and campaign pages share: the saved note, a form's refusal, one column per language. */
export function Saved({ shown }: { shown: boolean }) {
  const t = useT()
  return (
    <span role="status" css={{ marginLeft: 12, color: COLORS.free, fontWeight: 700, fontSize: FONT_SIZES.size50 }}>
      {shown ? t(consoleMessages.saved) : ''}
    </span>
  )
}

export function Problem({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" css={{ color: COLORS.brandDark, margin: '0 0 12px' }}>
      {text}
    </p>
  ) : null
}

/** One column per language on a wide screen, one under the other on a phone. */
export function LanguageColumns({ children }: { children: (locale: Locale) => ReactNode }) {
  return (
    <div css={{ display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))' }}>
      {LOCALES.map((locale) => (
        <div key={locale}>{children(locale)}</div>
      ))}
    </div>
  )
}

/** A text in the operator's language, else the first language that has one. */
export function useInLanguage(): (texts: Partial<Record<Locale, string | undefined>>) => string {
  const { locale } = useLocale()
  return (texts) => texts[locale] || LOCALES.map((other) => texts[other]).find(Boolean) || ''
}

/** A white panel with a heading: one form or list of the console. */
export function Panel({ title, lead, children, testId }: { title: string; lead?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section
      data-testid={testId}
      css={{ background: COLORS.surface, border: `1px solid ${COLORS.line}`, borderRadius: 12, padding: '16px 18px', marginBottom: 20 }}
    >
      <h2 css={{ fontSize: FONT_SIZES.size70, margin: '0 0 6px' }}>{title}</h2>
      {lead ? <p css={{ margin: '0 0 14px', color: COLORS.textMuted, fontSize: FONT_SIZES.size50, lineHeight: 1.5 }}>{lead}</p> : null}
      {children}
    </section>
  )
}

export const buttonStyle = (kind: 'primary' | 'plain' = 'primary') =>
  ({
    padding: '10px 18px',
    borderRadius: 20,
    border: kind === 'primary' ? 0 : `1px solid ${COLORS.line}`,
    background: kind === 'primary' ? COLORS.brand : COLORS.surface,
    color: kind === 'primary' ? COLORS.onBrand : COLORS.text,
    fontSize: FONT_SIZES.size50,
    fontWeight: 700,
    cursor: 'pointer',
    '&:disabled': { opacity: 0.6, cursor: 'default' },
    '&:focus-visible': FOCUS_RING,
  }) as const
