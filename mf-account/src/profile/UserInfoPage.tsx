import { api, auth, COLORS, endpoints, FONT_SIZES, openDialog, useLocale, useLocalePath, useT, type SocialProvider, routePath } from '@koma/contracts'
import { formatDateTime, SOCIAL_PROVIDERS } from '@koma/contracts/domain'
import { invalidate, useResource } from '../cache'
import { mobileFormSchema, validate } from '@koma/contracts/validation'
import { useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { errorOf, TextField, useSubmit } from '@koma/contracts/ui'
import { PROVIDER_LABELS, refusal } from '../components/lib'
import { AccountPage, Banner, Button, Card, Row } from '../components/ui'
import { commonMessages, profileMessages } from '../i18n/messages'
import { ProviderMark, startSocial } from '../components/SocialButtons'

function Avatar({ url, nickname, onChanged }: { url: string | null; nickname: string; onChanged: (problem: string | null) => void }) {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const upload = async (file: File) => {
    setBusy(true)
    try {
      // Sent raw; the API checks the bytes, not the name or type.
      await api.request(endpoints.avatarUpload, { raw: new Blob([file], { type: 'application/octet-stream' }), policy: { suppress: [400, 413, 429] } })
      invalidate('account:profile')
      void auth.loadProfile()
      onChanged(null)
    } catch (error) {
      onChanged(refusal(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: 16, padding: '18px 18px 16px' }}>
      <div
        css={{
          width: 72,
          height: 72,
          borderRadius: 36,
          overflow: 'hidden',
          background: COLORS.surfaceAlt,
          display: 'grid',
          placeItems: 'center',
          fontSize: 28,
          fontWeight: 700,
          color: COLORS.textMuted,
          flex: 'none',
        }}
      >
        {url ? (
          <img src={url} alt="" width={72} height={72} data-testid="avatar-image" css={{ objectFit: 'cover', width: '100%', height: '100%' }} />
        ) : (
          Array.from(nickname)[0]?.toUpperCase()
        )}
      </div>
      <div css={{ minWidth: 0 }}>
        <div data-testid="profile-nickname" css={{ fontSize: 19, fontWeight: 700, marginBottom: 8, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {nickname}
        </div>
        <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button variant="small" disabled={busy} onClick={() => input.current?.click()} data-testid="avatar-change">
            {t(profileMessages.avatarChange)}
          </Button>
          {url ? (
            <Button
              variant="small"
              disabled={busy}
              data-testid="avatar-remove"
              onClick={async () => {
                await api.request(endpoints.avatarDelete)
                invalidate('account:profile')
                void auth.loadProfile()
              }}
            >
              {t(profileMessages.avatarRemove)}
            </Button>
          ) : null}
        </div>
        <p css={{ margin: '6px 0 0', fontSize: FONT_SIZES.size30, color: COLORS.textMuted }}>{t(profileMessages.avatarHint)}</p>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          hidden
          data-testid="avatar-input"
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void upload(file)
          }}
        />
      </div>
    </div>
  )
}

function MobileRow({ mobile }: { mobile: string | null }) {
  const t = useT()
  const { locale } = useLocale()
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState(mobile ?? '')
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([])
  const { onSubmit, problem } = useSubmit(
    async () => {
      await api.request(endpoints.mobile, { body: { mobile: value.trim() }, policy: { suppress: [400] } })
      invalidate('account:profile')
      setEditing(false)
    },
    {
      check: () => {
        const checked = validate(mobileFormSchema, { mobile: value.trim() }, locale)
        setErrors(checked.errors)
        return !checked.errors.length
      },
    },
  )
  if (!editing) return <Row label={t(profileMessages.mobile)} value={mobile ?? t(commonMessages.notSet)} onClick={() => setEditing(true)} testId="mobile-row" />
  return (
    <form onSubmit={onSubmit} noValidate css={{ padding: '14px 18px', borderTop: `1px solid ${COLORS.line}` }}>
      <TextField
        label={t(profileMessages.mobile)}
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={errorOf(errors, 'mobile') ?? problem}
        hint={t(profileMessages.mobileHint)}
        data-testid="mobile-input"
      />
      <div css={{ display: 'flex', gap: 8 }}>
        <Button variant="small" type="submit" data-testid="mobile-save">
          {t(commonMessages.save)}
        </Button>
        <Button variant="small" onClick={() => setEditing(false)}>
          {t(commonMessages.cancel)}
        </Button>
      </div>
    </form>
  )
}

function LinkedAccounts({ onProblem }: { onProblem: (problem: string | null) => void }) {
  const t = useT()
  const path = useLocalePath()
  const { accounts, providers } = useResource('account:linked', () => api.request(endpoints.linkedAccounts))
  const linked = new Map(accounts.map((account) => [account.provider, account]))
  const act = async (provider: SocialProvider) => {
    onProblem(null)
    if (!linked.has(provider)) {
      await startSocial(provider, 'link', path(routePath('account.userinfo')))
      return
    }
    if (!(await openDialog('confirm', { message: t(profileMessages.unlinkConfirm, { provider: PROVIDER_LABELS[provider] }) }))) return
    try {
      await api.request(endpoints.idpUnlink, { params: { provider }, policy: { suppress: [400, 404] } })
      invalidate('account:linked')
      invalidate('account:profile')
    } catch (error) {
      onProblem(refusal(error))
    }
  }
  return (
    <Card title={t(profileMessages.linked)} testId="linked-accounts">
      {SOCIAL_PROVIDERS.filter((provider) => linked.has(provider) || providers.includes(provider)).map((provider) => (
        <Row
          key={provider}
          label={
            <span css={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
              <ProviderMark provider={provider} size={24} />
              {PROVIDER_LABELS[provider]}
            </span>
          }
          value={linked.get(provider)?.email ?? undefined}
          testId={`linked-${provider}`}
        >
          <Button variant="small" onClick={() => void act(provider)} data-testid={`${linked.has(provider) ? 'unlink' : 'link'}-${provider}`}>
            {t(linked.has(provider) ? profileMessages.unlink : profileMessages.link)}
          </Button>
        </Row>
      ))}
    </Card>
  )
}

function Devices({ onNotice }: { onNotice: (notice: string) => void }) {
  const t = useT()
  const navigate = useNavigate()
  const path = useLocalePath()
  const { devices } = useResource('account:devices', () => api.request(endpoints.devices))
  return (
    <Card title={t(profileMessages.devices)} testId="devices">
      {devices.map((item) => (
        <Row
          key={item.deviceId}
          testId="device-row"
          label={
            <span>
              <span css={{ display: 'block' }}>
                {item.browser} · {item.os}
                {item.current ? (
                  <span
                    css={{
                      marginLeft: 8,
                      fontSize: FONT_SIZES.size25,
                      fontWeight: 700,
                      color: COLORS.freeDark,
                      background: COLORS.freeTint,
                      padding: '2px 8px',
                      borderRadius: 10,
                    }}
                  >
                    {t(profileMessages.thisDevice)}
                  </span>
                ) : null}
              </span>
              <span css={{ display: 'block', fontSize: FONT_SIZES.size30, color: COLORS.textMuted, marginTop: 2 }}>
                {t(profileMessages.lastUsed, { date: formatDateTime(item.lastSeenAt) })}
              </span>
            </span>
          }
        >
          <Button
            variant="small"
            data-testid="device-remove"
            onClick={async () => {
              if (!(await openDialog('confirm', { message: t(profileMessages.removeDeviceConfirm) }))) return
              const result = await api.request(endpoints.deviceRemove, { params: { deviceId: item.deviceId } })
              if (result.signedOutHere) {
                auth.clearLocal()
                void navigate(path(routePath('account.login')))
                return
              }
              invalidate('account:devices')
              onNotice(t(profileMessages.deviceRemoved))
            }}
          >
            {t(commonMessages.remove)}
          </Button>
        </Row>
      ))}
    </Card>
  )
}

/** /account/userinfo: profile, sign-in methods, devices and the way to everything else of the account. */
export default function UserInfoPage() {
  const t = useT()
  const path = useLocalePath()
  const navigate = useNavigate()
  const location = useLocation()
  const profile = useResource('account:profile', () => api.request(endpoints.profile))
  const [notice, setNotice] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null)
  const [problem, setProblem] = useState<string | null>(null)
  const extra = profile.userExtraInfo
  return (
    <AccountPage testId="userinfo" title={t(profileMessages.title)}>
      {notice ? (
        <Banner tone="success" testId="userinfo-notice">
          {notice}
        </Banner>
      ) : null}
      {problem ? (
        <Banner tone="error" testId="userinfo-error">
          {problem}
        </Banner>
      ) : null}
      <Card>
        <Avatar url={profile.avatarImageUrl} nickname={profile.nickname} onChanged={setProblem} />
      </Card>
      <Card title={t(profileMessages.profile)}>
        <Row label={t(profileMessages.nickname)} value={profile.nickname} to={routePath('account.nickname')} testId="nickname-row" />
        {profile.email ? (
          <Row label={t(profileMessages.email)} value={profile.email} to={routePath('account.changeEmail')} testId="email-row" />
        ) : (
          <Row label={t(profileMessages.registerEmail)} to={routePath('account.registerEmail')} testId="register-email-row" />
        )}
        <MobileRow mobile={extra?.mobile ?? null} />
        {extra?.hasPassword !== false ? (
          <Row
            label={t(profileMessages.password)}
            value={
              extra?.passwordChangeAdvised ? <span css={{ color: COLORS.brandDark, fontWeight: 700 }}>{t(profileMessages.passwordAdvice)}</span> : '••••••••'
            }
            to={routePath('account.changePassword')}
            testId="password-row"
          />
        ) : null}
      </Card>
      <LinkedAccounts onProblem={setProblem} />
      <Devices onNotice={setNotice} />
      <Card title={t(profileMessages.activity)}>
        <Row label={t(profileMessages.inbox)} to={routePath('account.inboxGift')} testId="inbox-link" />
        <Row label={t(profileMessages.coupon)} to={routePath('account.coupon')} testId="coupon-link" />
        <Row label={t(profileMessages.coinHistory)} to={routePath('payments.coinHistory', { dep1Param: 'all' })} />
        <Row label={t(profileMessages.comments)} to={routePath('community.history')} testId="comment-history-link" />
        <Row label={t(profileMessages.settings)} to={routePath('account.setting')} testId="settings-link" />
        <Row label={t(profileMessages.support)} to={routePath('account.faq')} />
      </Card>
      <Card>
        <Row
          label={t(profileMessages.signOut)}
          testId="userinfo-sign-out"
          onClick={async () => {
            await auth.logout()
            void navigate(path(routePath('catalog.home')))
          }}
        />
        <Row label={t(profileMessages.deleteAccount)} to={routePath('account.delete')} danger testId="delete-link" />
      </Card>
    </AccountPage>
  )
}
