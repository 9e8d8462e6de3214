import {
  ACCEPT_MATURE_COOKIE_DAYS,
  acceptMatureForSession,
  api,
  auth,
  COOKIES,
  type DialogComponentProps,
  DialogFrame,
  endpoints,
  isApiError,
  type MatureChoice,
  type MatureDestination,
  useLocalePath,
  useT,
  writeCookie,
  routePath,
  loginPath,
} from '@koma/contracts'
import { acceptMatureDestination, adultCheckDestination } from '@koma/contracts/domain'
import { useId, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { previousLocation } from '../app/history'
import { dialogMessages } from '../i18n/messages'
import { dialogButton, dialogButtons, dialogText, dialogTitle } from './dialogStyles'

type Props<K extends 'adultCheck' | 'acceptMature'> = DialogComponentProps<K> & { level: number }

/** Apply a SPEC §4 outcome: go to the target, back to the previous route, or home. */
function useGo(target: string) {
  const navigate = useNavigate()
  const location = useLocation()
  const path = useLocalePath()
  return (destination: MatureDestination) => {
    if (destination.kind === 'home') void navigate(path(routePath('catalog.home')), { replace: true })
    else if (destination.kind === 'back') void navigate(-1)
    else if (target !== location.pathname + location.search) void navigate(target)
  }
}

/** SPEC §4 adult check: yes sets the accept-mature cookie to Y for one day. */
export function AdultCheckDialog({ target, navigate: applyOutcome, close, level }: Props<'adultCheck'>) {
  const t = useT()
  const id = useId()
  const location = useLocation()
  const go = useGo(target)
  const choose = (choice: MatureChoice) => {
    if (choice === 'yes') writeCookie(COOKIES.acceptMature, 'Y', ACCEPT_MATURE_COOKIE_DAYS)
    close(choice === 'yes')
    if (applyOutcome) go(adultCheckDestination(choice, { target, current: location.pathname + location.search, previous: previousLocation() }))
  }
  return (
    <DialogFrame level={level} labelledBy={id} testId="dialog-adult-check" onOutside={() => choose('cancel')}>
      <div
        aria-hidden
        css={{
          width: 52,
          height: 52,
          margin: '0 auto 12px',
          borderRadius: '50%',
          background: '#b71c1c',
          color: '#fff',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
          fontSize: 18,
        }}
      >
        18+
      </div>
      <h2 id={id} css={dialogTitle}>
        {t(dialogMessages.adultCheckTitle)}
      </h2>
      <p css={dialogText}>{t(dialogMessages.adultCheckMessage)}</p>
      <div css={dialogButtons}>
        <button type="button" css={dialogButton(false)} onClick={() => choose('no')}>
          {t(dialogMessages.adultCheckNo)}
        </button>
        <button type="button" css={dialogButton(true)} onClick={() => choose('yes')}>
          {t(dialogMessages.adultCheckYes)}
        </button>
      </div>
    </DialogFrame>
  )
}

/**
 * SPEC §4 accept mature: yes turns mature content on (the profile for members, this session
 * otherwise). Opened with `verification` (a mature title's 451, issue 33) or meeting it on yes, it
 * asks for the step before: a member verifies their age on the settings page, which comes back to
 * the target; a visitor or a guest signs in first (only a member can be verified).
 */
export function AcceptMatureDialog({ target, navigate: applyOutcome, verification, close, level }: Props<'acceptMature'>) {
  const t = useT()
  const id = useId()
  const go = useGo(target)
  const path = useLocalePath()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  /** SPEC §8 451: the member's adult verification is missing or expired; the server says why. */
  const [needsVerification, setNeedsVerification] = useState<string | null>(verification ?? null)
  const no = () => {
    close(false)
    if (applyOutcome) go(acceptMatureDestination('no', { previous: previousLocation() }))
  }
  const yes = async () => {
    setBusy(true)
    try {
      if (auth.signedIn) {
        await api.request(endpoints.matureAccept, { params: { value: 'on' }, policy: { silent: true } })
        void auth.loadProfile()
      } else acceptMatureForSession()
    } catch (error) {
      setBusy(false)
      if (isApiError(error) && error.failure === 'adultVerificationRequired') setNeedsVerification(error.message)
      else setFailed(true)
      return
    }
    close(true)
    if (applyOutcome) go(acceptMatureDestination('yes', { previous: previousLocation() }))
  }
  return (
    <DialogFrame level={level} labelledBy={id} testId="dialog-accept-mature" onOutside={no}>
      <h2 id={id} css={dialogTitle}>
        {t(verification ? dialogMessages.adultCheckTitle : dialogMessages.acceptMatureTitle)}
      </h2>
      {verification ? (
        // A mature title's refusal: its reason is the dialog's message, not a failure.
        <p data-testid="accept-mature-verify" css={dialogText}>
          {verification}
        </p>
      ) : (
        <p css={dialogText}>{t(dialogMessages.acceptMatureMessage)}</p>
      )}
      {failed ? (
        <p role="alert" css={{ ...dialogText, color: '#c62828', marginTop: -8 }}>
          {t(dialogMessages.acceptMatureFailed)}
        </p>
      ) : null}
      {needsVerification && !verification ? (
        <p role="alert" data-testid="accept-mature-verify" css={{ ...dialogText, color: '#c62828', marginTop: -8 }}>
          {needsVerification}
        </p>
      ) : null}
      <div css={dialogButtons}>
        <button type="button" css={dialogButton(false)} onClick={no}>
          {t(dialogMessages.adultCheckNo)}
        </button>
        {needsVerification && !auth.signedIn ? (
          <button
            type="button"
            data-testid="accept-mature-sign-in"
            css={dialogButton(true)}
            onClick={() => {
              close(false)
              void navigate(loginPath(target, path))
            }}
          >
            {t(dialogMessages.acceptMatureSignIn)}
          </button>
        ) : needsVerification ? (
          <button
            type="button"
            data-testid="accept-mature-verify-button"
            css={dialogButton(true)}
            onClick={() => {
              close(false)
              // Verified, the settings page turns mature content on and comes back here.
              void navigate(`${path(routePath('account.setting'))}?next=${encodeURIComponent(target)}`)
            }}
          >
            {t(dialogMessages.acceptMatureVerify)}
          </button>
        ) : (
          <button type="button" css={dialogButton(true)} disabled={busy} onClick={() => void yes()}>
            {t(dialogMessages.acceptMatureYes)}
          </button>
        )}
      </div>
    </DialogFrame>
  )
}
