import { api, COLORS, useT } from '@koma/contracts'
import { formatDateTime, LEGAL_TYPES } from '@koma/contracts/domain'
import { opsEndpoints, type ServiceState, checkLegalForm, checkMaintenanceForm, checkUpdateForm, UPDATE_STATES, type UpdateState } from '@koma/contracts/ops'
import { SelectField, TextField } from '@koma/contracts/ui'
import { useState } from 'react'
import { invalidate, useResource } from '../cache'
import { SubmitRow, useOpsForm, type Fields } from '../console/form'
import { OpsConsole } from '../console/OpsConsole'
import { FlagField } from '../console/FlagField'
import { LocalizedFields, localizedValues } from '../console/LocalizedFields'
import { Panel, Problem } from '../console/parts'
import { fromLocalInput, toLocalInput } from '../console/problems'
import { consoleMessages, nameMessages, serviceMessages } from '../i18n/messages'

/** Each legal document's name in the operator's language (an unknown type shows as sent). */
function useLegalName(): (type: string) => string {
  const t = useT()
  return (type) => {
    const name = LEGAL_NAMES[type]
    return name ? t(name) : type
  }
}

const LEGAL_NAMES: Record<string, (typeof nameMessages)[keyof typeof nameMessages]> = {
  terms: nameMessages.terms,
  privacy: nameMessages.privacy,
  special_commercial_transaction: nameMessages.specialCommercialTransaction,
  abj: nameMessages.abj,
  payment_services: nameMessages.paymentServices,
  community: nameMessages.community,
}

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

function initialMaintenance(state: ServiceState): Fields {
  return {
    on: state.maintenance.on ? 'true' : 'false',
    startsAt: toLocalInput(state.maintenance.startsAt),
    endsAt: toLocalInput(state.maintenance.endsAt),
    ...localizedValues(state.maintenance.texts, ['title', 'description']),
  }
}

/** The form's date-time inputs (local time) as the API reads them (ISO with a zone). */
const withTimes = (fields: Fields, names: string[]): Fields => ({
  ...fields,
  ...Object.fromEntries(names.map((name) => [name, fromLocalInput(fields[name] ?? '')])),
})

/** Maintenance: the switch, an optional window, and the screen's texts in each language (checked by the API's own rules). */
function MaintenanceForm({ state }: { state: ServiceState }) {
  const t = useT()
  const body = (fields: Fields) => withTimes(fields, ['startsAt', 'endsAt'])
  const form = useOpsForm(
    () => initialMaintenance(state),
    (fields) => checkMaintenanceForm(body(fields)).errors,
    async (fields) => {
      await api.request(opsEndpoints.opsMaintenance, { body: body(fields) })
      invalidate('ops:')
    },
  )
  const status = state.maintenance.active ? serviceMessages.activeNow : state.maintenance.on ? serviceMessages.scheduled : serviceMessages.off
  return (
    <Panel title={t(serviceMessages.maintenance)} lead={t(serviceMessages.maintenanceLead)} testId="ops-maintenance">
      <p data-testid="ops-maintenance-status" css={{ margin: '0 0 14px', fontWeight: 700, color: state.maintenance.active ? COLORS.brandDark : COLORS.text }}>
        {t(status)}
      </p>
      <form onSubmit={form.submit.onSubmit} noValidate>
        <FlagField form={form} name="on" label={t(serviceMessages.on)} />
        <div css={{ display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
          <TextField type="datetime-local" label={t(serviceMessages.startsAt)} {...form.field('startsAt')} />
          <TextField type="datetime-local" label={t(serviceMessages.endsAt)} {...form.field('endsAt')} />
        </div>
        <LocalizedFields field={form.field} title={['title', serviceMessages.titleIn]} body={['description', serviceMessages.descriptionIn]} />
        <Problem text={form.submit.problem} />
        <SubmitRow pending={form.submit.pending} label={t(consoleMessages.save)} saved={form.saved} savedLabel={t(consoleMessages.saved)} />
      </form>
    </Panel>
  )
}

/** The update flag readers' apps and open tabs are told about (SPEC §4). */
function UpdateForm({ state }: { state: ServiceState }) {
  const t = useT()
  const form = useOpsForm(
    () => ({ state: state.update.state, version: state.update.version }),
    (fields) => checkUpdateForm(fields).errors,
    async (fields) => {
      await api.request(opsEndpoints.opsUpdate, { body: { state: fields.state as UpdateState, version: fields.version ?? '' } })
      invalidate('ops:')
    },
  )
  return (
    <Panel title={t(serviceMessages.update)} lead={t(serviceMessages.updateLead)} testId="ops-update">
      <form onSubmit={form.submit.onSubmit} noValidate css={{ maxWidth: 420 }}>
        <SelectField label={t(serviceMessages.updateState)} {...form.field('state')}>
          {UPDATE_STATES.map((value) => (
            <option key={value} value={value}>
              {t(STATE_LABELS[value])}
            </option>
          ))}
        </SelectField>
        <TextField label={t(serviceMessages.version)} {...form.field('version')} />
        <Problem text={form.submit.problem} />
        <SubmitRow pending={form.submit.pending} label={t(consoleMessages.save)} saved={form.saved} savedLabel={t(consoleMessages.saved)} />
      </form>
    </Panel>
  )
}

function LegalVersions({ state }: { state: ServiceState }) {
  const t = useT()
  const legalName = useLegalName()
  return (
    <Panel title={t(serviceMessages.legal)} testId="ops-legal">
      {state.legal.length === 0 ? (
        <p css={{ margin: 0, color: COLORS.textMuted }}>{t(serviceMessages.legalNone)}</p>
      ) : (
        <ul css={{ margin: 0, paddingLeft: 18, lineHeight: 1.8 }}>
          {state.legal.map((item) => (
            <li key={item.type}>
              {t(serviceMessages.legalVersion, {
                type: legalName(item.type),
                version: item.version,
                date: formatDateTime(item.effectiveAt),
              })}
            </li>
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
  const legalName = useLegalName()
  const [published, setPublished] = useState('')
  const body = (fields: Fields) => withTimes(fields, ['effectiveAt'])
  const form = useOpsForm(
    () => ({ type: 'terms', effectiveAt: '' }),
    (fields) => checkLegalForm(body(fields), new Date()).errors,
    async (fields) => {
      const version = await api.request(opsEndpoints.opsLegalPublish, { params: { type: fields.type ?? 'terms' }, body: body(fields) })
      setPublished(t(serviceMessages.legalPublished, { type: legalName(version.type), version: version.version }))
      invalidate('ops:')
    },
  )
  return (
    <Panel title={t(serviceMessages.legalPublish)} lead={t(serviceMessages.legalPublishLead)} testId="ops-legal-publish">
      <form onSubmit={form.submit.onSubmit} noValidate>
        <div css={{ display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
          <SelectField label={t(serviceMessages.legalType)} {...form.field('type')}>
            {LEGAL_TYPES.map((value) => (
              <option key={value} value={value}>
                {legalName(value)}
              </option>
            ))}
          </SelectField>
          <TextField type="datetime-local" label={t(serviceMessages.legalEffectiveAt)} {...form.field('effectiveAt')} />
        </div>
        <LocalizedFields field={form.field} title={['title', serviceMessages.legalTitleIn]} body={['body', serviceMessages.legalBodyIn]} />
        <Problem text={form.submit.problem} />
        <SubmitRow pending={form.submit.pending} label={t(serviceMessages.legalPublishButton)} saved={form.saved} savedLabel={published} />
      </form>
    </Panel>
  )
}
