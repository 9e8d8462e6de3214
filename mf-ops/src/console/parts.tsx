import { COLORS, FONT_SIZES, LOCALES, useLocale, useT, type Locale } from '@koma/contracts'
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
