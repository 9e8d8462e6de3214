import { auth, COLORS, type DialogComponentProps, DialogFrame, type DialogKind, loginPath, useLocalePath, useT, routePath } from '@koma/contracts'
import { errorCallbackOutcome } from '@koma/contracts/domain'
import { useId, useState, type ComponentType, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { dialogMessages } from '../i18n/messages'
import { dialogButton, dialogButtons, dialogText, dialogTitle } from './dialogStyles'
import { AcceptMatureDialog, AdultCheckDialog } from './matureDialogs'
import { ShareDialog } from './ShareDialog'

type HostDialogProps<K extends DialogKind> = DialogComponentProps<K> & { level: number }

/**
 * The SPEC §2 dialog: a title, a message, what `note` adds under it, the buttons, and what
 * `footer` adds below them. Without `onOutside` an outside click does nothing.
 */
function MessageDialog(props: {
  level: number
  testId: string
  title: string
  message: ReactNode
  onOutside?: () => void
  note?: ReactNode
  footer?: ReactNode
  children: ReactNode
}) {
  const id = useId()
  return (
    <DialogFrame level={props.level} labelledBy={id} testId={props.testId} onOutside={props.onOutside}>
      <h2 id={id} css={dialogTitle}>
        {props.title}
      </h2>
      <p css={dialogText}>{props.message}</p>
      {props.note}
      <div css={dialogButtons}>{props.children}</div>
      {props.footer}
    </DialogFrame>
  )
}

/** Alert: one OK; an outside click is ignored (SPEC §2). */
function AlertDialog({ title, message, close, level }: HostDialogProps<'alert'>) {
  const t = useT()
  return (
    <MessageDialog level={level} testId="dialog-alert" title={title ?? ''} message={message}>
      <button type="button" css={dialogButton(true)} onClick={() => close(undefined)}>
        {t(dialogMessages.ok)}
      </button>
    </MessageDialog>
  )
}

/** Confirm: OK and Cancel; an outside click is Cancel (SPEC §2). */
function ConfirmDialog({ title, message, okLabel, cancelLabel, close, level }: HostDialogProps<'confirm'>) {
  const t = useT()
  return (
    <MessageDialog level={level} testId="dialog-confirm" title={title ?? ''} message={message} onOutside={() => close(false)}>
      <button type="button" css={dialogButton(false)} onClick={() => close(false)}>
        {cancelLabel ?? t(dialogMessages.cancel)}
      </button>
      <button type="button" css={dialogButton(true)} onClick={() => close(true)}>
        {okLabel ?? t(dialogMessages.ok)}
      </button>
    </MessageDialog>
  )
}

function ErrorDialog({ title, message, code, close, level }: HostDialogProps<'error'>) {
  const t = useT()
  return (
    <MessageDialog
      level={level}
      testId="dialog-error"
      title={title || t(dialogMessages.errorTitle)}
      message={message}
      note={code ? <p css={{ ...dialogText, fontSize: 12, marginTop: -12 }}>{t(dialogMessages.errorCode, { code })}</p> : null}
    >
      <button type="button" css={dialogButton(true)} onClick={() => close(undefined)}>
        {t(dialogMessages.ok)}
      </button>
    </MessageDialog>
  )
}

/** Reloads the page; a seam the tests replace (jsdom cannot reload). */
export const pageActions = { reload: (): void => window.location.reload() }

/**
 * SPEC §2/§8 error with callback: like the error dialog, and its OK acts on the status it
 * reports: 303 nothing, 404 home, 304 and the rest reload the page.
 */
function ErrorCallbackDialog({ title, message, status, close, level }: HostDialogProps<'errorCallback'>) {
  const t = useT()
  const navigate = useNavigate()
  const path = useLocalePath()
  const ok = () => {
    close(undefined)
    const outcome = errorCallbackOutcome(status)
    if (outcome === 'home') void navigate(path(routePath('catalog.home')))
    else if (outcome === 'reload') pageActions.reload()
  }
  return (
    <MessageDialog level={level} testId="dialog-error-callback" title={title || t(dialogMessages.errorTitle)} message={message}>
      <button type="button" data-testid="error-callback-ok" css={dialogButton(true)} onClick={ok}>
        {t(dialogMessages.ok)}
      </button>
    </MessageDialog>
  )
}

/** SPEC §2 gauge guide: what the free-read gauge is, that reading empties it and it refills over time. */
function GaugeGuideDialog({ hours, close, level }: HostDialogProps<'gaugeGuide'>) {
  const t = useT()
  const id = useId()
  const steps = [
    { mark: '100%', fill: 100, text: t(dialogMessages.gaugeGuideFull) },
    { mark: `${hours}h`, fill: 40, text: t(dialogMessages.gaugeGuideRefill, { hours }) },
  ]
  return (
    <DialogFrame level={level} labelledBy={id} testId="dialog-gauge-guide" onOutside={() => close(undefined)}>
      <h2 id={id} css={dialogTitle}>
        {t(dialogMessages.gaugeGuideTitle)}
      </h2>
      <ol css={{ listStyle: 'none', margin: '0 0 14px', padding: 0, display: 'grid', gap: 14 }}>
        {steps.map((step) => (
          <li key={step.mark} css={{ display: 'grid', gridTemplateColumns: '64px 1fr', gap: 12, alignItems: 'center' }}>
            <div aria-hidden css={{ display: 'grid', gap: 4, justifyItems: 'center' }}>
              <span css={{ fontSize: 12, fontWeight: 800, color: step.fill === 100 ? COLORS.free : COLORS.brand }}>{step.mark}</span>
              <span css={{ width: 56, height: 8, borderRadius: 4, background: COLORS.line, overflow: 'hidden' }}>
                <span css={{ display: 'block', width: `${step.fill}%`, height: '100%', background: step.fill === 100 ? COLORS.free : COLORS.brand }} />
              </span>
            </div>
            <p css={{ margin: 0, fontSize: 14, lineHeight: 1.55, color: COLORS.text }}>{step.text}</p>
          </li>
        ))}
      </ol>
      <p css={{ ...dialogText, fontSize: 12, textAlign: 'left', margin: '0 0 18px' }}>{t(dialogMessages.gaugeGuidePriority)}</p>
      <div css={dialogButtons}>
        <button type="button" data-testid="gauge-guide-ok" css={dialogButton(true)} onClick={() => close(undefined)}>
          {t(dialogMessages.gaugeGuideOk)}
        </button>
      </div>
    </DialogFrame>
  )
}

/**
 * SPEC §4: its sign-in goes to /login with the current path as redirect. Where a guest may go on
 * (`guestAllowed`), it also offers "Continue as a guest" (the reader's own action creates the
 * guest). A guest asked for a member-only action gets SPEC §6's refusal and a way to sign up.
 */
function LoginConfirmDialog({ redirect, guestAllowed, close, level }: HostDialogProps<'loginConfirm'>) {
  const t = useT()
  const navigate = useNavigate()
  const path = useLocalePath()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  if (auth.guest && !auth.signedIn) {
    return (
      <MessageDialog
        level={level}
        testId="dialog-guest-refused"
        title={t(dialogMessages.guestRefusedTitle)}
        message={t(dialogMessages.guestRefusedMessage)}
        onOutside={() => close(false)}
      >
        <button type="button" css={dialogButton(false)} onClick={() => close(false)}>
          {t(dialogMessages.cancel)}
        </button>
        <button
          type="button"
          data-testid="guest-refused-signup"
          css={dialogButton(true)}
          onClick={() => {
            close(true)
            void navigate(`${path(routePath('account.signup'))}?redirect=${encodeURIComponent(redirect)}`)
          }}
        >
          {t(dialogMessages.guestRefusedSignUp)}
        </button>
      </MessageDialog>
    )
  }
  const continueAsGuest = async () => {
    setBusy(true)
    setFailed(false)
    try {
      if (await auth.becomeGuest()) close('guest')
      else setFailed(true)
    } catch {
      // The API's refusal (e.g. too many new guests from this address) was shown by the global handler.
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <MessageDialog
      level={level}
      testId="dialog-login-confirm"
      title={t(dialogMessages.loginConfirmTitle)}
      message={t(dialogMessages.loginConfirmMessage)}
      onOutside={() => close(false)}
      footer={
        guestAllowed ? (
          <div css={{ marginTop: 16, paddingTop: 14, borderTop: '1px solid rgba(0,0,0,.08)', textAlign: 'center' }}>
            <button
              type="button"
              data-testid="login-confirm-guest"
              disabled={busy}
              onClick={() => void continueAsGuest()}
              css={{
                background: 'none',
                border: 0,
                padding: '6px 10px',
                fontSize: 14,
                fontWeight: 700,
                textDecoration: 'underline',
                cursor: busy ? 'progress' : 'pointer',
                color: 'inherit',
              }}
            >
              {t(dialogMessages.loginConfirmGuest)}
            </button>
            <p css={{ ...dialogText, fontSize: 12, margin: '6px 0 0' }}>{t(dialogMessages.loginConfirmGuestNote)}</p>
            {failed ? (
              <p role="alert" css={{ ...dialogText, fontSize: 12, margin: '6px 0 0' }}>
                {t(dialogMessages.guestFailed)}
              </p>
            ) : null}
          </div>
        ) : null
      }
    >
      <button type="button" css={dialogButton(false)} onClick={() => close(false)}>
        {t(dialogMessages.cancel)}
      </button>
      <button
        type="button"
        data-testid="login-confirm-sign-in"
        css={dialogButton(true)}
        onClick={() => {
          close(true)
          void navigate(loginPath(redirect, path))
        }}
      >
        {t(dialogMessages.loginConfirmSignIn)}
      </button>
    </MessageDialog>
  )
}

export const HOST_DIALOGS: { [K in DialogKind]?: ComponentType<HostDialogProps<K>> } = {
  alert: AlertDialog,
  confirm: ConfirmDialog,
  error: ErrorDialog,
  errorCallback: ErrorCallbackDialog,
  gaugeGuide: GaugeGuideDialog,
  loginConfirm: LoginConfirmDialog,
  adultCheck: AdultCheckDialog,
  acceptMature: AcceptMatureDialog,
  share: ShareDialog,
}
