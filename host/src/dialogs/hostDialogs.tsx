import { type DialogComponentProps, DialogFrame, type DialogKind, loginPath, useLocalePath, useT } from '@koma/contracts'
import { useId, type ComponentType } from 'react'
import { useNavigate } from 'react-router-dom'
import { dialogMessages } from '../i18n/messages'
import { dialogButton, dialogButtons, dialogText, dialogTitle } from './dialogStyles'
import { AcceptMatureDialog, AdultCheckDialog } from './matureDialogs'
import { ShareDialog } from './ShareDialog'

type HostDialogProps<K extends DialogKind> = DialogComponentProps<K> & { level: number }

/** Alert: one OK; an outside click is ignored (SPEC §2). */
function AlertDialog({ title, message, close, level }: HostDialogProps<'alert'>) {
  const t = useT()
  const id = useId()
  return (
    <DialogFrame level={level} labelledBy={id} testId="dialog-alert">
      <h2 id={id} css={dialogTitle}>{title ?? ''}</h2>
      <p css={dialogText}>{message}</p>
      <div css={dialogButtons}>
        <button type="button" css={dialogButton(true)} onClick={() => close(undefined)}>
          {t(dialogMessages.ok)}
        </button>
      </div>
    </DialogFrame>
  )
}

/** Confirm: OK and Cancel; an outside click is Cancel (SPEC §2). */
function ConfirmDialog({ title, message, okLabel, cancelLabel, close, level }: HostDialogProps<'confirm'>) {
  const t = useT()
  const id = useId()
  return (
    <DialogFrame level={level} labelledBy={id} testId="dialog-confirm" onOutside={() => close(false)}>
      <h2 id={id} css={dialogTitle}>{title ?? ''}</h2>
      <p css={dialogText}>{message}</p>
      <div css={dialogButtons}>
        <button type="button" css={dialogButton(false)} onClick={() => close(false)}>
          {cancelLabel ?? t(dialogMessages.cancel)}
        </button>
        <button type="button" css={dialogButton(true)} onClick={() => close(true)}>
          {okLabel ?? t(dialogMessages.ok)}
        </button>
      </div>
    </DialogFrame>
  )
}

function ErrorDialog({ title, message, code, close, level }: HostDialogProps<'error'>) {
  const t = useT()
  const id = useId()
  return (
    <DialogFrame level={level} labelledBy={id} testId="dialog-error">
      <h2 id={id} css={dialogTitle}>{title || t(dialogMessages.errorTitle)}</h2>
      <p css={dialogText}>{message}</p>
      {code ? <p css={{ ...dialogText, fontSize: 12, marginTop: -12 }}>{t(dialogMessages.errorCode, { code })}</p> : null}
      <div css={dialogButtons}>
        <button type="button" css={dialogButton(true)} onClick={() => close(undefined)}>
          {t(dialogMessages.ok)}
        </button>
      </div>
    </DialogFrame>
  )
}

/** SPEC §4: its sign-in goes to /login with the current path as redirect. */
function LoginConfirmDialog({ redirect, close, level }: HostDialogProps<'loginConfirm'>) {
  const t = useT()
  const id = useId()
  const navigate = useNavigate()
  const path = useLocalePath()
  return (
    <DialogFrame level={level} labelledBy={id} testId="dialog-login-confirm" onOutside={() => close(false)}>
      <h2 id={id} css={dialogTitle}>{t(dialogMessages.loginConfirmTitle)}</h2>
      <p css={dialogText}>{t(dialogMessages.loginConfirmMessage)}</p>
      <div css={dialogButtons}>
        <button type="button" css={dialogButton(false)} onClick={() => close(false)}>
          {t(dialogMessages.cancel)}
        </button>
        <button
          type="button"
          css={dialogButton(true)}
          onClick={() => {
            close(true)
            navigate(loginPath(redirect, path))
          }}
        >
          {t(dialogMessages.loginConfirmSignIn)}
        </button>
      </div>
    </DialogFrame>
  )
}

export const HOST_DIALOGS: { [K in DialogKind]?: ComponentType<HostDialogProps<K>> } = {
  alert: AlertDialog,
  confirm: ConfirmDialog,
  error: ErrorDialog,
  loginConfirm: LoginConfirmDialog,
  adultCheck: AdultCheckDialog,
  acceptMature: AcceptMatureDialog,
  share: ShareDialog,
}
