import { FONT_SIZES, useT, type CardFields, type CardFlowEvent, type SavedCard } from '@koma/contracts'
import { CARD_LIMITS } from '@koma/contracts/domain'
import type { MessageDescriptor } from 'react-intl'
import { checkoutMessages } from '../i18n/messages'
import { input } from './styles'

/** A text field of the card form (every field of `CardFields` but the save box). */
type CardTextField = Exclude<keyof CardFields, 'save'>

/**
 * The card form's inputs as a table (SPEC §5 form): the input's name, what the browser may fill
 * in, its keyboard, and, for the two halves of the expiry date, the label each carries alone.
 * Each field's length is CARD_LIMITS's.
 */
const CARD_INPUTS: Record<CardTextField, { name: string; autoComplete: string; inputMode?: 'numeric'; type?: 'email'; ownLabel?: MessageDescriptor }> = {
  number: { name: 'cardNumber', autoComplete: 'cc-number', inputMode: 'numeric' },
  month: { name: 'cardMonth', autoComplete: 'cc-exp-month', inputMode: 'numeric', ownLabel: checkoutMessages.cardMonth },
  year: { name: 'cardYear', autoComplete: 'cc-exp-year', inputMode: 'numeric', ownLabel: checkoutMessages.cardYear },
  securityCode: { name: 'securityCode', autoComplete: 'cc-csc', inputMode: 'numeric' },
  name: { name: 'cardName', autoComplete: 'cc-name' },
  email: { name: 'email', type: 'email', autoComplete: 'email' },
}

/**
 * The rows of the form, in order: a label over one input, or over the two halves of the expiry
 * date; a wide row spans both columns. The e-mail is asked only when none is on file.
 */
const CARD_ROWS: { label: MessageDescriptor; fields: readonly CardTextField[]; wide: boolean; onlyWithoutEmail?: true }[] = [
  { label: checkoutMessages.cardNumber, fields: ['number'], wide: true },
  { label: checkoutMessages.cardExpiry, fields: ['month', 'year'], wide: false },
  { label: checkoutMessages.cardSecurityCode, fields: ['securityCode'], wide: false },
  { label: checkoutMessages.cardName, fields: ['name'], wide: true },
  { label: checkoutMessages.cardEmail, fields: ['email'], wide: true, onlyWithoutEmail: true },
]

/** A new card's fields and the save box; every change goes to the card payment machine. */
export function NewCardFields({ fields, emailOnFile, send }: { fields: CardFields; emailOnFile: boolean; send: (event: CardFlowEvent<SavedCard>) => unknown }) {
  const t = useT()
  const field = (key: CardTextField) => {
    const spec = CARD_INPUTS[key]
    const own = spec.ownLabel ? t(spec.ownLabel) : undefined
    return (
      <input
        key={key}
        name={spec.name}
        type={spec.type}
        aria-label={own}
        placeholder={own}
        autoComplete={spec.autoComplete}
        inputMode={spec.inputMode}
        value={fields[key]}
        maxLength={CARD_LIMITS[key]}
        onChange={(event) => send({ type: 'edit', field: key, value: event.target.value })}
        onBlur={key === 'month' ? () => send({ type: 'monthBlurred' }) : undefined}
        css={input}
      />
    )
  }
  return (
    <div css={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12, marginBottom: 16 }}>
      {CARD_ROWS.filter((row) => !(row.onlyWithoutEmail && emailOnFile)).map((row) => (
        <label key={row.fields.join('-')} css={{ display: 'block', gridColumn: row.wide ? '1 / -1' : undefined, fontSize: FONT_SIZES.size40, fontWeight: 700 }}>
          <span css={{ display: 'block', marginBottom: 6 }}>{t(row.label)}</span>
          {row.fields.length === 1 ? (
            field(row.fields[0]!)
          ) : (
            <div css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              {row.fields.flatMap((key, index) =>
                index === 0
                  ? [field(key)]
                  : [
                      <span key={`${key}-slash`} aria-hidden="true">
                        /
                      </span>,
                      field(key),
                    ],
              )}
            </div>
          )}
        </label>
      ))}
      <label css={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 8, fontSize: FONT_SIZES.size50 }}>
        <input type="checkbox" name="save" checked={fields.save} onChange={(event) => send({ type: 'setSave', save: event.target.checked })} />
        {t(checkoutMessages.cardSave)}
      </label>
    </div>
  )
}
