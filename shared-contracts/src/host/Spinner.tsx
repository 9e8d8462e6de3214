import { keyframes } from '@emotion/react'
import { useLocale } from '../i18n/LocaleContext'
import { remoteTexts } from './remoteTexts'
import { VISUALLY_HIDDEN } from '../theme/tokens'

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

/** The loading indicator every area shows while its code or data arrives. */
export function Spinner({ minHeight = 120 }: { minHeight?: number }) {
  const { locale } = useLocale()
  return (
    <div role="status" aria-live="polite" css={{ display: 'grid', placeItems: 'center', minHeight }}>
      <span
        aria-hidden
        css={{
          width: 28,
          height: 28,
          borderRadius: '50%',
          border: '3px solid #ddd',
          borderTopColor: '#ff5b4a',
          animation: `${spin} 0.8s linear infinite`,
        }}
      />
      <span css={VISUALLY_HIDDEN}>{remoteTexts[locale].loading}</span>
    </div>
  )
}
