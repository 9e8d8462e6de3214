import { api, COLORS, FONT_SIZES, formatDateTime, LEGAL_TYPES, LOCALES, useT, type Locale } from '@koma/contracts'
import {
  opsEndpoints,
  type ServiceState,
  checkLegalForm,
  checkMaintenanceForm,
  checkUpdateForm,
  localizedField,
  UPDATE_STATES,
  type FieldError,
  type UpdateState,
} from '@koma/contracts/ops'
import { SelectField, TextArea, TextField, useSubmit } from '@koma/contracts/ui'
import { useState } from 'react'
import { invalidate, useResource } from '../cache'
import { buttonStyle, OpsConsole, Panel } from '../console/OpsConsole'
import { fromLocalInput, problemText, toLocalInput } from '../console/problems'
import { consoleMessages, languageMessages, serviceMessages } from '../i18n/messages'

const STATE_LABELS = { none: serviceMessages.stateNone, available: serviceMessages.stateAvailable, required: serviceMessages.stateRequired } as const

export default function ServicePage() {
  const t = useT()
  return (
    <OpsConsole title={t(serviceMessages.title)} testId="ops-service">
      <ServiceStates />
    </OpsConsole>
  )
}

function ServiceStates() {
  const state = useResource('ops:service', () => api.request(opsEndpoints.opsService))
  return (
    <>
      <MaintenanceForm key={JSON.stringify(state.maintenance)} state={state} />
      <UpdateForm key={JSON.stringify(state.update)} state={state} />
      <LegalVersions state={state} />
      <LegalPublishForm />
    </>
  )
}

function Saved({ shown }: { shown: boolean }) {
  const t = useT()
  return (
    <span role="status" css={{ marginLeft: 12, color: COLORS.free, fontWeight: 700, fontSize: FONT_SIZES.size50 }}>
      {shown ? t(consoleMessages.saved) : ''}
    </span>
  )
}

type MaintenanceFields = Record<string, string>

function initialMaintenance(state: ServiceState): MaintenanceFields {
  const fields: MaintenanceFields = {
    on: state.maintenance.on ? 'true' : 'false',
    startsAt: toLocalInput(state.maintenance.startsAt),
    endsAt: toLocalInput(state.maintenance.endsAt),
  }
  for (const locale of LOCALES) {
    fields[localizedField('title', locale)] = state.maintenance.texts[locale]?.title ?? ''
    fields[localizedField('description', locale)] = state.maintenance.texts[locale]?.description ?? ''
  }
  return fields
}

/** Maintenance: the switch, an optional window, and the screen's texts in each language (checked by the API's own rules). */
function MaintenanceForm({ state }: { state: ServiceState }) {
  const t = useT()
  const [fields, setFields] = useState(() => initialMaintenance(state))
  const [errors, setErrors] = useState<FieldError[]>([])
  const [saved, setSaved] = useState(false)
  const body = () => ({ ...fields, startsAt: fromLocalInput(fields.startsAt ?? ''), endsAt: fromLocalInput(fields.endsAt ?? '') })
  const save = useSubmit(
    async () => {
      await api.request(opsEndpoints.opsMaintenance, { body: body() })
      setSaved(true)
      invalidate('ops:')
    },
    {
      check: () => {
        setSaved(false)
        const found = checkMaintenanceForm(body()).errors
        setErrors(found)
        return found.length === 0
      },
    },
  )
  const set = (name: string) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }))
  const language = (locale: Locale) => t(languageMessages[locale])
  const status = state.maintenance.active ? serviceMessages.activeNow : state.maintenance.on ? serviceMessages.scheduled : serviceMessages.off
  return (
    <Panel title={t(serviceMessages.maintenance)} lead={t(serviceMessages.maintenanceLead)} testId="ops-maintenance">
      <p data-testid="ops-maintenance-status" css={{ margin: '0 0 14px', fontWeight: 700, color: state.maintenance.active ? COLORS.brandDark : COLORS.text }}>
        {t(status)}
      </p>
      <form onSubmit={save.onSubmit} noValidate>
        <label css={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 16, fontWeight: 700 }}>
          <input
            type="checkbox"
            name="on"
            checked={fields.on === 'true'}
            onChange={(event) => setFields((current) => ({ ...current, on: event.target.checked ? 'true' : 'false' }))}
            css={{ width: 20, height: 20 }}
          />
          {t(serviceMessages.on)}
        </label>
        <div css={{ display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
          <TextField
            type="datetime-local"
            label={t(serviceMessages.startsAt)}
            name="startsAt"
            value={fields.startsAt}
            onChange={set('startsAt')}
            error={problemText(t, errors, 'startsAt')}
          />
          <TextField
            type="datetime-local"
            label={t(serviceMessages.endsAt)}
            name="endsAt"
            value={fields.endsAt}
            onChange={set('endsAt')}
            error={problemText(t, errors, 'endsAt')}
          />
        </div>
        <div css={{ display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))' }}>
          {LOCALES.map((locale) => (
            <div key={locale}>
              <TextField
                label={t(serviceMessages.titleIn, { language: language(locale) })}
                name={localizedField('title', locale)}
                value={fields[localizedField('title', locale)]}
                onChange={set(localizedField('title', locale))}
                error={problemText(t, errors, localizedField('title', locale))}
              />
              <TextArea
                label={t(serviceMessages.descriptionIn, { language: language(locale) })}
                name={localizedField('description', locale)}
                value={fields[localizedField('description', locale)]}
                onChange={set(localizedField('description', locale))}
                error={problemText(t, errors, localizedField('description', locale))}
              />
            </div>
          ))}
        </div>
        {save.problem ? (
          <p role="alert" css={{ color: COLORS.brandDark, margin: '0 0 12px' }}>
            {save.problem}
          </p>
        ) : null}
        <button type="submit" disabled={save.pending} css={buttonStyle()}>
          {t(save.pending ? consoleMessages.saving : consoleMessages.save)}
        </button>
        <Saved shown={saved} />
      </form>
    </Panel>
  )
}

/** The update flag readers' apps and open tabs are told about (SPEC §4). */
function UpdateForm({ state }: { state: ServiceState }) {
  const t = useT()
  const [updateState, setUpdateState] = useState<string>(state.update.state)
  const [version, setVersion] = useState(state.update.version)
  const [errors, setErrors] = useState<FieldError[]>([])
  const [saved, setSaved] = useState(false)
  const save = useSubmit(
    async () => {
      await api.request(opsEndpoints.opsUpdate, { body: { state: updateState as UpdateState, version } })
      setSaved(true)
      invalidate('ops:')
    },
    {
      check: () => {
        setSaved(false)
        const found = checkUpdateForm({ state: updateState, version }).errors
        setErrors(found)
        return found.length === 0
      },
    },
  )
  return (
    <Panel title={t(serviceMessages.update)} lead={t(serviceMessages.updateLead)} testId="ops-update">
      <form onSubmit={save.onSubmit} noValidate css={{ maxWidth: 420 }}>
        <SelectField
          label={t(serviceMessages.updateState)}
          name="state"
          value={updateState}
          onChange={(event) => setUpdateState(event.target.value)}
          error={problemText(t, errors, 'state')}
        >
          {UPDATE_STATES.map((value) => (
            <option key={value} value={value}>
              {t(STATE_LABELS[value])}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t(serviceMessages.version)}
          name="version"
          value={version}
          onChange={(event) => setVersion(event.target.value)}
          error={problemText(t, errors, 'version')}
        />
        {save.problem ? (
          <p role="alert" css={{ color: COLORS.brandDark, margin: '0 0 12px' }}>
            {save.problem}
          </p>
        ) : null}
        <button type="submit" disabled={save.pending} css={buttonStyle()}>
          {t(save.pending ? consoleMessages.saving : consoleMessages.save)}
        </button>
        <Saved shown={saved} />
      </form>
    </Panel>
  )
}

function LegalVersions({ state }: { state: ServiceState }) {
  const t = useT()
  return (
    <Panel title={t(serviceMessages.legal)} testId="ops-legal">
      {state.legal.length === 0 ? (
        <p css={{ margin: 0, color: COLORS.textMuted }}>{t(serviceMessages.legalNone)}</p>
      ) : (
        <ul css={{ margin: 0, paddingLeft: 18, lineHeight: 1.8 }}>
          {state.legal.map((item) => (
            <li key={item.type}>{t(serviceMessages.legalVersion, { type: item.type, version: item.version, date: formatDateTime(item.effectiveAt) })}</li>
          ))}
        </ul>
      )}
    </Panel>
  )
}

/**
 * A new version of a legal document (SPEC §4): a title and a body in every language, effective
 * now or later. When the terms change, signed-in readers must agree again or be signed out.
 */
function LegalPublishForm() {
  const t = useT()
  const [type, setType] = useState<string>('terms')
  const [fields, setFields] = useState<Record<string, string>>({ effectiveAt: '' })
  const [errors, setErrors] = useState<FieldError[]>([])
  const [published, setPublished] = useState<string | null>(null)
  const body = () => ({ ...fields, effectiveAt: fromLocalInput(fields.effectiveAt ?? '') })
  const save = useSubmit(
    async () => {
      const version = await api.request(opsEndpoints.opsLegalPublish, { params: { type }, body: body() })
      setPublished(t(serviceMessages.legalPublished, { type: version.type, version: version.version }))
      invalidate('ops:')
    },
    {
      check: () => {
        setPublished(null)
        const found = checkLegalForm(body(), new Date()).errors
        setErrors(found)
        return found.length === 0
      },
    },
  )
  const set = (name: string) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }))
  return (
    <Panel title={t(serviceMessages.legalPublish)} lead={t(serviceMessages.legalPublishLead)} testId="ops-legal-publish">
      <form onSubmit={save.onSubmit} noValidate>
        <div css={{ display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
          <SelectField label={t(serviceMessages.legalType)} name="type" value={type} onChange={(event) => setType(event.target.value)}>
            {LEGAL_TYPES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
          <TextField
            type="datetime-local"
            label={t(serviceMessages.legalEffectiveAt)}
            name="effectiveAt"
            value={fields.effectiveAt ?? ''}
            onChange={set('effectiveAt')}
            error={problemText(t, errors, 'effectiveAt')}
          />
        </div>
        <div css={{ display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))' }}>
          {LOCALES.map((locale) => (
            <div key={locale}>
              <TextField
                label={t(serviceMessages.legalTitleIn, { language: t(languageMessages[locale]) })}
                name={localizedField('title', locale)}
                value={fields[localizedField('title', locale)] ?? ''}
                onChange={set(localizedField('title', locale))}
                error={problemText(t, errors, localizedField('title', locale))}
              />
              <TextArea
                label={t(serviceMessages.legalBodyIn, { language: t(languageMessages[locale]) })}
                name={localizedField('body', locale)}
                value={fields[localizedField('body', locale)] ?? ''}
                onChange={set(localizedField('body', locale))}
                error={problemText(t, errors, localizedField('body', locale))}
              />
            </div>
          ))}
        </div>
        {save.problem ? (
          <p role="alert" css={{ color: COLORS.brandDark, margin: '0 0 12px' }}>
            {save.problem}
          </p>
        ) : null}
        <button type="submit" disabled={save.pending} css={buttonStyle()}>
          {t(serviceMessages.legalPublishButton)}
        </button>
        <span role="status" css={{ marginLeft: 12, color: COLORS.free, fontWeight: 700, fontSize: FONT_SIZES.size50 }}>
          {published ?? ''}
        </span>
      </form>
    </Panel>
  )
}
