import { ACCOUNT_LIMITS, AUTO_SCROLL_SECONDS_PER_SCREEN, AUTO_SCROLL_SPEEDS, type AutoScrollSpeed } from '@koma/contracts/domain'
import {
  analytics,
  api,
  auth,
  COLORS,
  deviceTimeZone,
  FONT_SIZES,
  openDialog,
  safeRedirect,
  endpoints,
  isApiError,
  useLocalePath,
  useT,
  type AccountSettings,
  type SettingsUpdate,
  type TimeZoneSetting,
  routePath,
} from '@koma/contracts'
import { rememberViewerSettings } from '@koma/contracts/viewerSettings'
import { invalidate, useResource } from '../cache'
import { PhoneIcon } from '../components/icons'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { refusal, useSentenceDate } from '../components/lib'
import { AccountPage, Banner, Button, Card, Row, Segmented, Toggle } from '../components/ui'
import { commonMessages, settingsMessages } from '../i18n/messages'

function MatureCard({ onNotice, onProblem }: { onNotice: (text: string) => void; onProblem: (text: string | null) => void }) {
  const t = useT()
  const date = useSentenceDate()
  const path = useLocalePath()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const status = useResource('account:mature', () => api.request(endpoints.mature))
  const completing = useRef(false)

  // Where to go once verified: the page that asked for mature content (accept-mature dialog).
  const next = safeRedirect(search.get('next'), '') || null

  // Back from the verification service: ?certification=complete&code=… (or cancel).
  useEffect(() => {
    const outcome = search.get('certification')
    if (!outcome || completing.current) return
    completing.current = true
    const code = search.get('code')
    void navigate(path(routePath('account.setting')), { replace: true })
    if (outcome !== 'complete' || !code) {
      onNotice(t(settingsMessages.verifyCancelled))
      return
    }
    void api.request(endpoints.certificationComplete, { query: { code }, policy: { suppress: [400] } }).then(
      async () => {
        invalidate('account:mature')
        onNotice(t(settingsMessages.verifyDone))
        if (!next) return
        // The reader asked for mature content before verifying: turn it on and take them back.
        await api.request(endpoints.matureAccept, { params: { value: 'on' }, policy: { silent: true } })
        void auth.loadProfile()
        void navigate(next, { replace: true })
      },
      (error: unknown) => onProblem(refusal(error)),
    )
  }, [navigate, next, onNotice, onProblem, path, search, t])

  const verify = async () => {
    const back = next ? `${path(routePath('account.setting'))}?next=${encodeURIComponent(next)}` : path(routePath('account.setting'))
    const { iaSystemUrl } = await api.request(endpoints.certificationInit, { query: { redirect: back } })
    window.location.assign(iaSystemUrl)
  }

  return (
    <Card title={t(settingsMessages.mature)} testId="mature-card">
      <Toggle
        label={t(settingsMessages.matureShow)}
        description={
          status.adultVerification && status.adultVerificationExpiresAt
            ? t(settingsMessages.verified, { date: date(status.adultVerificationExpiresAt) })
            : t(settingsMessages.matureHint)
        }
        checked={status.acceptMature}
        testId="mature-toggle"
        onChange={async (next) => {
          onProblem(null)
          try {
            await api.request(endpoints.matureAccept, { params: { value: next ? 'on' : 'off' }, policy: { suppress: ['adultVerificationRequired'] } })
            invalidate('account:mature')
            void auth.loadProfile()
          } catch (error) {
            // SPEC §8 451: verification first.
            if (isApiError(error) && error.failure === 'adultVerificationRequired') onProblem(error.message)
          }
        }}
      />
      {!status.adultVerification ? (
        <div css={{ padding: '0 18px 16px' }}>
          <p css={{ fontSize: FONT_SIZES.size40, color: COLORS.textMuted, margin: '0 0 10px' }}>{t(settingsMessages.notVerified)}</p>
          <Button variant="small" onClick={() => void verify()} data-testid="verify-age">
            {t(settingsMessages.verify)}
          </Button>
        </div>
      ) : null}
    </Card>
  )
}

/** Every zone this browser knows, with the account's and the device's own in any case. */
function zoneChoices(...always: string[]): string[] {
  let known: string[] = []
  try {
    known = Intl.supportedValuesOf('timeZone')
  } catch {
    known = []
  }
  return [...new Set([...known, ...always])].sort()
}

/**
 * The account's time zone (issue 33): the day of the daily bonus and the quiet hours. Stored once
 * from this browser's zone; changed here only, once in ACCOUNT_LIMITS.timeZoneChangeDays, after
 * a confirmation that says so.
 */
function TimeZoneCard({
  setting,
  onSaved,
  onProblem,
}: {
  setting: TimeZoneSetting
  onSaved: (next: AccountSettings) => void
  onProblem: (text: string | null) => void
}) {
  const t = useT()
  const date = useSentenceDate()
  const id = useId()
  const device = deviceTimeZone()
  const zones = useMemo(() => zoneChoices(setting.zone, device), [setting.zone, device])
  const [choice, setChoice] = useState(setting.zone)
  const [busy, setBusy] = useState(false)
  const locked = setting.changeableFrom !== null
  const days = ACCOUNT_LIMITS.timeZoneChangeDays
  const save = async () => {
    onProblem(null)
    if (!(await openDialog('confirm', { message: t(settingsMessages.timeZoneConfirm, { zone: choice, days }) }))) return
    setBusy(true)
    try {
      onSaved(await api.request(endpoints.settingsUpdate, { body: { timeZone: choice }, policy: { suppress: [400, 429] } }))
    } catch (error) {
      onProblem(refusal(error))
    } finally {
      setBusy(false)
    }
  }
  const muted = { fontSize: FONT_SIZES.size40, color: COLORS.textMuted, margin: '8px 0 0' }
  return (
    <Card title={t(settingsMessages.timeZone)} testId="time-zone">
      <div css={{ padding: '8px 18px 16px' }}>
        <label htmlFor={id} css={{ display: 'block', fontWeight: 600, marginBottom: 6 }}>
          {t(settingsMessages.timeZoneLabel)}
        </label>
        <div css={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <select
            id={id}
            data-testid="time-zone-select"
            value={choice}
            disabled={locked || busy}
            onChange={(event) => setChoice(event.target.value)}
            css={{ padding: '6px 8px', borderRadius: 8, border: `1px solid ${COLORS.line}`, background: COLORS.surface, maxWidth: '100%' }}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          <Button variant="small" data-testid="time-zone-save" disabled={locked || busy || choice === setting.zone} onClick={() => void save()}>
            {t(settingsMessages.timeZoneSave)}
          </Button>
        </div>
        <p css={muted}>{t(settingsMessages.timeZoneHint, { days })}</p>
        {device !== setting.zone ? (
          <p css={muted} data-testid="time-zone-device">
            {t(settingsMessages.timeZoneDevice, { zone: device })}
          </p>
        ) : null}
        {setting.changeableFrom ? (
          <p css={muted} data-testid="time-zone-locked">
            {t(settingsMessages.timeZoneLocked, { date: date(setting.changeableFrom, true) })}
          </p>
        ) : null}
      </div>
    </Card>
  )
}

/** /account/setting: notifications, time zone, viewer, image quality, mature content; app-only features. */
export default function SettingsPage() {
  const t = useT()
  const loaded = useResource('account:settings', () => api.request(endpoints.settings))
  const [settings, setSettings] = useState<AccountSettings>(loaded)
  const [notice, setNotice] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => rememberViewerSettings(settings.viewer), [settings.viewer])
  // The account's choice applies to this browser too (SPEC §1).
  useEffect(() => {
    if (settings.privacy.doNotShare) analytics.setDoNotShare(true)
  }, [settings.privacy.doNotShare])

  const save = async (change: SettingsUpdate) => {
    setProblem(null)
    try {
      const next = await api.request(endpoints.settingsUpdate, { body: change, policy: { suppress: [400] } })
      setSettings(next)
      invalidate('account:settings')
      setNotice(t(commonMessages.saved))
    } catch (error) {
      setProblem(refusal(error))
    }
  }
  const flag = (value: boolean) => (value ? 'true' : 'false') as 'true' | 'false'
  const n = settings.notifications
  const quality = [
    { value: 'high' as const, label: t(settingsMessages.high) },
    { value: 'data_saving' as const, label: t(settingsMessages.dataSaving) },
  ]
  return (
    <AccountPage testId="settings" title={t(settingsMessages.title)} back={{ to: '/account/userinfo', label: t(commonMessages.account) }}>
      <div aria-live="polite">
        {notice ? (
          <Banner tone="success" testId="settings-notice">
            {notice}
          </Banner>
        ) : null}
        {problem ? (
          <Banner tone="error" testId="settings-error">
            {problem}
          </Banner>
        ) : null}
      </div>
      <Card title={t(settingsMessages.notifications)}>
        <Toggle
          label={t(settingsMessages.marketing)}
          description={t(settingsMessages.marketingHint)}
          checked={n.marketing}
          onChange={(v) => void save({ marketing: flag(v) })}
          testId="setting-marketing"
        />
        <Toggle
          label={t(settingsMessages.subscription)}
          checked={n.subscriptionUpdates}
          onChange={(v) => void save({ subscriptionUpdates: flag(v) })}
          testId="setting-subscription"
        />
        <Toggle
          label={t(settingsMessages.freeEpisodes)}
          checked={n.freeEpisodeUpdates}
          onChange={(v) => void save({ freeEpisodeUpdates: flag(v) })}
          testId="setting-free"
        />
        <Toggle label={t(settingsMessages.newsEmails)} checked={n.newsEmails} onChange={(v) => void save({ newsEmails: flag(v) })} testId="setting-news" />
        <Toggle
          label={t(settingsMessages.releaseNotifications)}
          description={t(settingsMessages.releaseNotificationsHint)}
          checked={n.releaseUpdates}
          onChange={(v) => void save({ releaseUpdates: flag(v) })}
          testId="setting-release"
        />
        <Toggle
          label={t(settingsMessages.night)}
          description={t(settingsMessages.nightHint)}
          checked={n.nightRestriction}
          onChange={(v) => void save({ nightRestriction: flag(v) })}
          testId="setting-night"
        />
      </Card>
      <TimeZoneCard
        key={`${settings.timeZone.zone}:${settings.timeZone.changeableFrom ?? ''}`}
        setting={settings.timeZone}
        onSaved={(next) => {
          setSettings(next)
          invalidate('account:settings')
          setNotice(t(commonMessages.saved))
        }}
        onProblem={setProblem}
      />
      <Card title={t(settingsMessages.viewer)}>
        <Segmented
          name="keyLayout"
          label={t(settingsMessages.keyLayout)}
          value={settings.viewer.keyLayout}
          options={[
            { value: 'auto', label: t(settingsMessages.keyAuto) },
            { value: 'fixed', label: t(settingsMessages.keyFixed) },
          ]}
          onChange={(value) => void save({ keyLayout: value })}
          testId="setting-key"
        />
        <p css={{ fontSize: FONT_SIZES.size30, color: COLORS.textMuted, margin: 0, padding: '0 18px 14px' }}>{t(settingsMessages.keyHint)}</p>
        <Segmented
          name="autoScrollSpeed"
          label={t(settingsMessages.autoScrollSpeed)}
          value={String(settings.viewer.autoScrollSpeed) as `${AutoScrollSpeed}`}
          options={AUTO_SCROLL_SPEEDS.map((step) => ({ value: `${step}` as const, label: t(settingsMessages.autoScrollStep, { step }) }))}
          onChange={(value) => void save({ autoScrollSpeed: value })}
          testId="setting-auto-scroll"
        />
        <p css={{ fontSize: FONT_SIZES.size30, color: COLORS.textMuted, margin: 0, padding: '0 18px 14px' }}>
          {t(settingsMessages.autoScrollHint, { seconds: AUTO_SCROLL_SECONDS_PER_SCREEN[settings.viewer.autoScrollSpeed] })}
        </p>
        <Toggle
          label={t(settingsMessages.paper)}
          description={t(settingsMessages.paperHint)}
          checked={settings.viewer.paper}
          onChange={(v) => void save({ paperMode: flag(v) })}
          testId="setting-paper"
        />
      </Card>
      <Card title={t(settingsMessages.quality)}>
        <Segmented
          name="qualityWifi"
          label={t(settingsMessages.wifi)}
          value={settings.viewer.imageQuality.wifi}
          options={quality}
          onChange={(value) => void save({ imageQualityWifi: value })}
          testId="setting-wifi"
        />
        <Segmented
          name="qualityMobile"
          label={t(settingsMessages.mobile)}
          value={settings.viewer.imageQuality.mobile}
          options={quality}
          onChange={(value) => void save({ imageQualityMobile: value })}
          testId="setting-mobile"
        />
      </Card>
      <Card title={t(settingsMessages.privacy)} testId="privacy">
        <Toggle
          label={t(settingsMessages.doNotShare)}
          description={t(settingsMessages.doNotShareHint)}
          checked={settings.privacy.doNotShare}
          onChange={(v) => {
            // This browser follows at once (its cookie); the account keeps it for the reader's other browsers.
            analytics.setDoNotShare(v)
            void save({ doNotShare: flag(v) })
          }}
          testId="setting-do-not-share"
        />
      </Card>
      <MatureCard onNotice={setNotice} onProblem={setProblem} />
      <Card title={t(settingsMessages.appOnly)} testId="app-only">
        {[settingsMessages.missions, settingsMessages.ads].map((label) => (
          <Row
            key={label.id}
            label={<span css={{ color: COLORS.textMuted }}>{t(label)}</span>}
            value={
              <span
                css={{
                  fontSize: FONT_SIZES.size25,
                  fontWeight: 700,
                  background: COLORS.surfaceAlt,
                  borderRadius: 10,
                  padding: '3px 9px',
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 4,
                }}
              >
                <PhoneIcon /> {t(settingsMessages.appBadge)}
              </span>
            }
          />
        ))}
        <p
          data-testid="web-limit"
          css={{ margin: 0, padding: '12px 18px 16px', fontSize: FONT_SIZES.size40, color: COLORS.textMuted, borderTop: `1px solid ${COLORS.line}` }}
        >
          {t(commonMessages.webOnlyLimit)}
        </p>
      </Card>
    </AccountPage>
  )
}
