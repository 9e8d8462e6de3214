import { COLORS, useLocale, useLocalePath, useT } from '@koma/contracts'
import { nicknameFromEmail } from '@koma/contracts/domain'
import { joinSchema, newPasswordSchema, socialJoinSchema, validate } from '@koma/contracts/validation'
import { useState, type ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { Link } from 'react-router-dom'
import { errorOf, TextField, useLiveValidation, useSubmit } from '@koma/contracts/ui'
import { Banner, Button, Check } from './ui'
import { signupMessages } from '../i18n/messages'
import { PasswordField } from './PasswordField'

export interface JoinValues {
  nickname: string
  birthday: string
  password: string
  termsAgree: 'true' | 'false'
  privacyAgree: 'true' | 'false'
  marketingAgree: 'true' | 'false'
}

const today = (): string => {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/**
 * The join form (SPEC §5): nickname (default from the e-mail), password, birthday (16+), agreements.
 * `onSubmit` creates the member; what it throws is shown under the agreements (the API's refusal).
 */
export function JoinForm({
  email,
  defaultNickname,
  withPassword,
  submitLabel,
  onSubmit,
}: {
  email: string | null
  defaultNickname?: string
  withPassword: boolean
  submitLabel: string
  onSubmit: (values: JoinValues) => Promise<void>
}) {
  const t = useT()
  const { locale } = useLocale()
  const path = useLocalePath()
  const intl = useIntl()
  const [nickname, setNickname] = useState(defaultNickname ?? (email ? nicknameFromEmail(email) : ''))
  const [password, setPassword] = useState('')
  const [passwordConfirm, setPasswordConfirm] = useState('')
  const [birthday, setBirthday] = useState('')
  const [terms, setTerms] = useState(false)
  const [privacy, setPrivacy] = useState(false)
  const [marketing, setMarketing] = useState(false)

  const values = (): JoinValues => ({
    nickname: nickname.trim(),
    birthday,
    password,
    termsAgree: terms ? 'true' : 'false',
    privacyAgree: privacy ? 'true' : 'false',
    marketingAgree: marketing ? 'true' : 'false',
  })
  const { errors, changed, input, checkAll } = useLiveValidation(() => {
    const form = values()
    const fields = {
      email: email ?? '',
      nickname: form.nickname,
      birthday,
      termsAgree: form.termsAgree,
      privacyAgree: form.privacyAgree,
      marketingAgree: form.marketingAgree,
    }
    return [
      ...validate(withPassword ? joinSchema : socialJoinSchema, fields, locale, { today: today() }).errors,
      ...(withPassword ? validate(newPasswordSchema, { password, passwordConfirm }, locale).errors : []),
    ]
  })

  const submit = useSubmit(() => onSubmit(values()), { check: () => !checkAll().length })

  const legal = (to: string) => (chunks: ReactNode) => (
    <Link to={path(to)} target="_blank" css={{ color: COLORS.brand, fontWeight: 700 }}>
      {chunks}
    </Link>
  )

  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <TextField
        label={t(signupMessages.nickname)}
        value={nickname}
        maxLength={40}
        autoComplete="nickname"
        onChange={input('nickname', setNickname)}
        error={errorOf(errors, 'nickname')}
        hint={t(signupMessages.nicknameHint)}
        data-testid="join-nickname"
      />
      {withPassword ? (
        <>
          <PasswordField
            label={t(signupMessages.password)}
            kind="new"
            value={password}
            onChange={input('password', setPassword)}
            error={errorOf(errors, 'password')}
            hint={t(signupMessages.passwordHint)}
            data-testid="join-password"
          />
          <PasswordField
            label={t(signupMessages.passwordConfirm)}
            kind="new"
            value={passwordConfirm}
            onChange={input('passwordConfirm', setPasswordConfirm)}
            error={errorOf(errors, 'passwordConfirm')}
            data-testid="join-password-confirm"
          />
        </>
      ) : null}
      <TextField
        label={t(signupMessages.birthday)}
        type="date"
        value={birthday}
        max={today()}
        onChange={input('birthday', setBirthday)}
        error={errorOf(errors, 'birthday')}
        hint={t(signupMessages.birthdayHint)}
        data-testid="join-birthday"
      />
      <div css={{ border: `1px solid ${COLORS.line}`, borderRadius: 12, padding: '14px 14px 6px', margin: '4px 0 20px' }}>
        <Check
          checked={terms && privacy && marketing}
          onChange={(next) => {
            setTerms(next)
            setPrivacy(next)
            setMarketing(next)
            changed('termsAgree')
            changed('privacyAgree')
          }}
          testId="join-agree-all"
        >
          <strong>{t(signupMessages.agreeAll)}</strong>
        </Check>
        <div css={{ height: 1, background: COLORS.line, margin: '10px 0 12px' }} />
        <Check
          checked={terms}
          onChange={(next) => {
            setTerms(next)
            changed('termsAgree')
          }}
          error={errorOf(errors, 'termsAgree')}
          testId="join-terms"
        >
          {intl.formatMessage(signupMessages.agreeTerms as Parameters<typeof intl.formatMessage>[0], { link: legal('/legal/terms') } as never)}
        </Check>
        <Check
          checked={privacy}
          onChange={(next) => {
            setPrivacy(next)
            changed('privacyAgree')
          }}
          error={errorOf(errors, 'privacyAgree')}
          testId="join-privacy"
        >
          {intl.formatMessage(signupMessages.agreePrivacy as Parameters<typeof intl.formatMessage>[0], { link: legal('/legal/privacy') } as never)}
        </Check>
        <Check checked={marketing} onChange={setMarketing} testId="join-marketing">
          {t(signupMessages.agreeMarketing)}
        </Check>
      </div>
      {submit.problem ? (
        <Banner tone="error" testId="join-error">
          {submit.problem}
        </Banner>
      ) : null}
      <Button type="submit" disabled={submit.pending} data-testid="join-submit">
        {submit.pending ? t(signupMessages.creating) : submitLabel}
      </Button>
    </form>
  )
}
