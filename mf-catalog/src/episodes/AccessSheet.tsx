import { COLORS, useT, type AccessOption, type ChapterSummary } from '@koma/contracts'
import { isPrimaryOption, rentalDays } from '@koma/contracts/domain'
import { Modal } from '../components/Modal'
import { episodeMessages } from '../i18n/messages'
import { clock, useCountdown } from '../data/countdown'
import { GaugeGuideButton } from './GaugePanel'

function Remaining({ seconds }: { seconds: number }) {
  const t = useT()
  const left = useCountdown(seconds)
  return <>{t(episodeMessages.optionWaitRemaining, { time: clock(left) })}</>
}

/**
 * The SPEC §4 access buttons of one chapter. Preview opens the trial; wait-for-free shows the gauge
 * and its countdown; every other button hands over to the purchase dialog (mf-payments).
 */
export function AccessSheet({
  chapter,
  options,
  gaugeHours,
  onChoose,
  onClose,
}: {
  chapter: ChapterSummary
  options: AccessOption[]
  gaugeHours: number
  onChoose: (option: AccessOption) => void
  onClose: () => void
}) {
  const t = useT()
  const label = (option: AccessOption): string => {
    switch (option.kind) {
      case 'preview':
        return t(episodeMessages.optionPreview)
      case 'freeRead':
        return t(episodeMessages.optionFreeRead)
      case 'waitForFree':
        return t(episodeMessages.optionWait, { percent: Math.floor(option.percent) })
      case 'waitForFreeRemaining':
        return ''
      case 'ticket':
        return t(episodeMessages.optionTicket, { count: option.amount })
      case 'subscribe':
        return t(episodeMessages.optionSubscribe)
      case 'watchAd':
        return t(episodeMessages.optionWatchAd)
      case 'rentWithCoin':
        return t(episodeMessages.optionRent, { price: option.price, days: rentalDays(option.periodSeconds) })
      case 'buyWithCoin':
        return t(episodeMessages.optionBuy, { price: option.price })
    }
  }
  return (
    <Modal label={chapter.name} onClose={onClose} testId="access-sheet">
      <div css={{ padding: '20px 18px 8px' }}>
        <h2 css={{ fontSize: 17, margin: '0 0 4px' }}>{chapter.name}</h2>
        <p css={{ margin: '0 0 14px', fontSize: 13, color: COLORS.textMuted }}>{t(episodeMessages.optionsLead)}</p>
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {options.map((option) =>
            option.kind === 'waitForFreeRemaining' ? (
              <li key={option.kind} data-option={option.kind} css={{ fontSize: 12, color: COLORS.textMuted, textAlign: 'center', marginTop: -4 }}>
                <Remaining seconds={option.seconds} />
              </li>
            ) : (
              <li key={option.kind}>
                <button
                  type="button"
                  data-option={option.kind}
                  disabled={option.kind === 'waitForFree'}
                  onClick={() => onChoose(option)}
                  css={{
                    width: '100%',
                    padding: '13px 14px',
                    borderRadius: 12,
                    border: isPrimaryOption(option) ? 0 : `1px solid ${COLORS.line}`,
                    background: isPrimaryOption(option) ? COLORS.brand : option.kind === 'waitForFree' ? COLORS.surfaceAlt : COLORS.surface,
                    color: isPrimaryOption(option) ? '#fff' : option.kind === 'waitForFree' ? COLORS.textMuted : COLORS.text,
                    fontSize: 15,
                    fontWeight: 700,
                    cursor: option.kind === 'waitForFree' ? 'default' : 'pointer',
                    display: 'flex',
                    justifyContent: 'space-between',
                    alignItems: 'center',
                    gap: 8,
                  }}
                >
                  <span>{label(option)}</span>
                  {(option.kind === 'rentWithCoin' || option.kind === 'buyWithCoin') && option.originalPrice > option.price ? (
                    <s css={{ fontSize: 12, fontWeight: 400, color: COLORS.textMuted }}>{t(episodeMessages.statePrice, { price: option.originalPrice })}</s>
                  ) : null}
                </button>
              </li>
            ),
          )}
        </ul>
        {options.some((option) => option.kind === 'freeRead' || option.kind === 'waitForFree') ? (
          <p css={{ margin: '10px 0 0', textAlign: 'center' }}>
            <GaugeGuideButton hours={gaugeHours} />
          </p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onClose}
        css={{
          width: '100%',
          padding: '14px 0',
          border: 0,
          borderTop: `1px solid ${COLORS.line}`,
          marginTop: 12,
          background: COLORS.surface,
          fontWeight: 700,
          cursor: 'pointer',
        }}
      >
        {t(episodeMessages.close)}
      </button>
    </Modal>
  )
}
