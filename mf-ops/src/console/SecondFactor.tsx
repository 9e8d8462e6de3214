import { api, COLORS, FONT_SIZES, useT } from '@koma/contracts'
import { opsEndpoints, type TotpEnrolment, type OperatorStatus, normaliseEnrolmentCode, normaliseTotpCode } from '@koma/contracts/ops'
import { TextField, useSubmit } from '@koma/contracts/ui'
import { toString as qrSvg } from 'qrcode'
import { useEffect, useState } from 'react'
import { invalidate } from '../cache'
import { factorMessages } from '../i18n/messages'
import { buttonStyle, Panel } from './parts'

/**
 * The operator's second factor for this session: set up the authenticator app the first time,
 * with the one-time set-up code the team gave them (`npm run operator -- grant` printed it; the
 * password alone sets nothing up, issue 33), by the QR image scanned by the app, or the key typed,
 * or the link opened; then a 6-digit code. A confirmed code opens the operator calls for this
 * session (the API's step-up); the console then shows its pages. After wrong codes were typed
 * for the operator, the API asks for the next code too (`nextCodeNeeded`).
 */
export function SecondFactor({ status }: { status: OperatorStatus }) {
  const t = useT()
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)
  const [enrolmentCode, setEnrolmentCode] = useState('')
  const [enrolmentCodeError, setEnrolmentCodeError] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string | null>(null)
  const enrol = useSubmit(
    async () => {
      // A refusal (wrong or used set-up code, too many tries) shows under the field, not in a dialog too.
      const body = { enrolmentCode: normaliseEnrolmentCode(enrolmentCode) ?? enrolmentCode }
      setEnrolment(await api.request(opsEndpoints.opsTotpEnrol, { body, policy: { suppress: [400, 409, 429] } }))
    },
    {
      check: () => {
        const valid = normaliseEnrolmentCode(enrolmentCode) !== null
        setEnrolmentCodeError(valid ? null : t(factorMessages.enrolmentCodeInvalid))
        return valid
      },
    },
  )
  const verify = useSubmit(
    async () => {
      await api.request(opsEndpoints.opsTotpVerify, { body: { code: normaliseTotpCode(code) ?? code }, policy: { suppress: [400, 409, 429] } })
      // A first of two codes: the field empties for the next one the app shows.
      setCode('')
      invalidate('ops:')
    },
    {
      check: () => {
        const valid = normaliseTotpCode(code) !== null
        setCodeError(valid ? null : t(factorMessages.codeInvalid))
        return valid
      },
    },
  )
  const needsKey = !status.enrolled && !enrolment
  return (
    <div data-testid="ops-second-factor" css={{ maxWidth: 520 }}>
      <h1 css={{ fontSize: 24, margin: '0 0 16px' }}>{t(status.enrolled ? factorMessages.title : factorMessages.enrolTitle)}</h1>
      {!status.enrolled ? (
        <Panel title={t(factorMessages.enrolTitle)} lead={t(factorMessages.enrolLead)}>
          {enrolment ? (
            <>
              <QrImage text={enrolment.otpauthUri} alt={t(factorMessages.qrAlt)} caption={t(factorMessages.qrCaption)} />
              <dl css={{ margin: 0, fontSize: FONT_SIZES.size50 }}>
                <dt css={{ fontWeight: 700 }}>{t(factorMessages.secret)}</dt>
                <dd data-testid="ops-totp-secret" css={{ margin: '4px 0 12px', fontFamily: 'monospace', fontSize: FONT_SIZES.size60, wordBreak: 'break-all' }}>
                  {enrolment.secret}
                </dd>
                <dt css={{ fontWeight: 700 }}>{t(factorMessages.uri)}</dt>
                <dd css={{ margin: '4px 0 0', wordBreak: 'break-all' }}>
                  <a href={enrolment.otpauthUri} css={{ color: COLORS.brandDark }}>
                    {enrolment.otpauthUri}
                  </a>
                </dd>
              </dl>
            </>
          ) : (
            <form onSubmit={enrol.onSubmit} noValidate>
              <TextField
                label={t(factorMessages.enrolmentCode)}
                name="enrolmentCode"
                autoComplete="off"
                spellCheck={false}
                value={enrolmentCode}
                onChange={(event) => setEnrolmentCode(event.target.value)}
                error={enrolmentCodeError ?? enrol.problem}
              />
              <button type="submit" disabled={enrol.pending} css={buttonStyle()}>
                {t(factorMessages.start)}
              </button>
            </form>
          )}
        </Panel>
      ) : null}
      {needsKey ? null : (
        <form onSubmit={verify.onSubmit} noValidate>
          {status.nextCodeNeeded ? (
            <p role="status" data-testid="ops-next-code" css={{ margin: '0 0 12px', fontWeight: 700 }}>
              {t(factorMessages.nextCode)}
            </p>
          ) : null}
          <p css={{ margin: '0 0 12px', color: COLORS.textMuted }}>{t(factorMessages.verifyLead)}</p>
          <TextField
            label={t(factorMessages.code)}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={codeError ?? verify.problem}
          />
          <button type="submit" disabled={verify.pending} css={buttonStyle()}>
            {t(factorMessages.confirm)}
          </button>
        </form>
      )}
    </div>
  )
}

/**
 * The authenticator link as a QR image (the `qrcode` library encodes it, as SVG), for the app to
 * scan; its text alternative says what it holds and that the key below does the same.
 */
function QrImage({ text, alt, caption }: { text: string; alt: string; caption: string }) {
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    let active = true
    qrSvg(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } }).then(
      (made) => active && setSvg(made),
      () => active && setSvg(null),
    )
    return () => {
      active = false
    }
  }, [text])
  if (!svg) return null
  // Four screen pixels a module (its viewBox is the module count, quiet zone included): every module the same size, crisp for the camera.
  const size = 4 * Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1] ?? 46)
  return (
    <figure css={{ margin: '0 0 14px' }}>
      <img
        data-testid="ops-totp-qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
        alt={alt}
        width={size}
        height={size}
        css={{ display: 'block', maxWidth: '100%', height: 'auto', border: `1px solid ${COLORS.line}`, borderRadius: 8 }}
      />
      <figcaption css={{ marginTop: 6, fontSize: FONT_SIZES.size40, color: COLORS.textMuted }}>{caption}</figcaption>
    </figure>
  )
}
